/**
 * Sessions for the dashboard tests: the npm example, and a hostile session whose tool output, arguments,
 * source name, draft and even session id carry script and attribute injections.
 */
import { Firewall, type Report, type Store } from "../../src/index.js";
import { runNpmExample } from "../store/helpers.js";

export { tempDb, runNpmExample } from "../store/helpers.js";

/** Each payload sets `window.__hfwPwned` if it ever runs. */
export const SCRIPT_PAYLOAD = `<script>window.__hfwPwned = "script"</script>`;
export const ATTR_PAYLOAD = `" onmouseover="window.__hfwPwned='attr'" autofocus onfocus="window.__hfwPwned='focus'" data-x="`;
export const IMG_PAYLOAD = `<img src=x onerror="window.__hfwPwned='img'">`;
export const HOSTILE_ID = `hostile"><script>window.__hfwPwned='id'</script>`;

/** Records the hostile session: one tool output about `evil-pkg` and a draft with a wrong figure. */
export async function runHostile(store: Store): Promise<Report> {
  const fw = new Firewall({ store, sessionId: HOSTILE_ID });
  fw.record({
    source: `web_fetch${IMG_PAYLOAD}`,
    content: { name: "evil-pkg", versionCount: 12, description: SCRIPT_PAYLOAD, homepage: ATTR_PAYLOAD },
    args: { url: ATTR_PAYLOAD },
  });
  fw.record({ source: "notes", content: `Plain text with ${SCRIPT_PAYLOAD} and ${IMG_PAYLOAD} and ${ATTR_PAYLOAD}` });
  return fw.verify(`evil-pkg has 14 published versions. Its description reads ${SCRIPT_PAYLOAD}. ${IMG_PAYLOAD} The homepage is ${ATTR_PAYLOAD}.`);
}

/** The npm example and the hostile session in one store. */
export async function seed(store: Store): Promise<{ npm: Report; hostile: Report }> {
  const { report: npm } = await runNpmExample(store);
  const hostile = await runHostile(store);
  return { npm, hostile };
}
