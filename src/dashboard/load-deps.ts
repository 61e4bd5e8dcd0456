/**
 * express, helmet and express-rate-limit are optional dependencies: loaded on first use, so the core never
 * needs them, with a ConfigError that names the install command when one is missing.
 */
import { createRequire } from "node:module";
import type Express from "express";
import type * as RateLimit from "express-rate-limit";
import type Helmet from "helmet";
import { ConfigError } from "../errors.js";

const load = createRequire(import.meta.url);

function required<T>(name: string, install: string, users: string): T {
  try {
    return load(name) as T;
  } catch (cause) {
    throw new ConfigError(`${users} the optional dependency '${name}', which is not installed: run 'npm install ${install}'.`, { cause });
  }
}

export function loadExpress(): typeof Express {
  return required<typeof Express>("express", "express@5", "The dashboard, 'hfw serve' and 'hfw mcp --http' need");
}

export function loadHelmet(): typeof Helmet {
  return required<typeof Helmet>("helmet", "helmet@8", "The dashboard needs");
}

export function loadRateLimit(): typeof RateLimit {
  return required<typeof RateLimit>("express-rate-limit", "express-rate-limit@8", "Rate limits of 'hfw serve' need");
}
