/**
 * express and helmet are optional dependencies: loaded on first use, so the core never needs them, with a
 * ConfigError that names the install command when they are missing.
 */
import { createRequire } from "node:module";
import type Express from "express";
import type Helmet from "helmet";
import { ConfigError } from "../index.js";

const load = createRequire(import.meta.url);

function required<T>(name: string): T {
  try {
    return load(name) as T;
  } catch (cause) {
    throw new ConfigError(
      `The dashboard needs the optional dependencies express 5 and helmet 8, and '${name}' is not installed: run 'npm install express@5 helmet@8'.`,
      { cause },
    );
  }
}

export function loadExpress(): typeof Express {
  return required<typeof Express>("express");
}

export function loadHelmet(): typeof Helmet {
  return required<typeof Helmet>("helmet");
}
