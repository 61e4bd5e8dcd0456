/**
 * Which session (conversation) a model call belongs to, and removing the session header before the
 * provider sees it.
 */
import type { ResolvedOptions } from "./options.js";
import type { CallParamsLike } from "./types.js";

/** Namespace of the adapter in `providerOptions` (input) and `providerMetadata` (output). */
export const NAMESPACE = "hallucinationFirewall";

/**
 * The session id of a call: the `session` option, then `providerOptions.hallucinationFirewall.sessionId`,
 * then the session header; `undefined` means the firewall's default session.
 */
export function sessionIdOf(params: CallParamsLike, options: ResolvedOptions): string | undefined {
  const fromOption = typeof options.session === "function" ? options.session(params) : options.session;
  if (typeof fromOption === "string" && fromOption !== "") return fromOption;
  const fromProviderOptions = params.providerOptions?.[NAMESPACE]?.sessionId;
  if (typeof fromProviderOptions === "string" && fromProviderOptions !== "") return fromProviderOptions;
  return headerOf(params, options.sessionHeader);
}

function headerOf(params: CallParamsLike, name: string): string | undefined {
  if (!params.headers) return undefined;
  for (const [key, value] of Object.entries(params.headers)) {
    if (key.toLowerCase() === name && typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** The params without the session header (the same object when it has none). */
export function withoutSessionHeader<P extends CallParamsLike>(params: P, name: string): P {
  if (!params.headers || !Object.keys(params.headers).some((k) => k.toLowerCase() === name)) return params;
  const headers = Object.fromEntries(Object.entries(params.headers).filter(([k]) => k.toLowerCase() !== name));
  return { ...params, headers };
}
