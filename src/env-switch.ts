/**
 * On/off environment variables (`HFW_OFFLINE`, `HFW_REDACT`, `HFW_OTEL`) read one way everywhere, so that a
 * value one variable takes never silently means nothing in another.
 */

/** Values read as "on", compared trimmed and case-insensitively. */
export const SWITCH_ON = ["1", "true", "yes", "on"] as const;
/** Values read as "off", compared trimmed and case-insensitively. */
export const SWITCH_OFF = ["0", "false", "no", "off"] as const;

/** `true` for an "on" value, `false` for an "off" value, `undefined` when unset, blank or anything else. */
export function envSwitch(value: string | undefined): boolean | undefined {
  const v = value?.trim().toLowerCase() ?? "";
  if ((SWITCH_ON as readonly string[]).includes(v)) return true;
  if ((SWITCH_OFF as readonly string[]).includes(v)) return false;
  return undefined;
}
