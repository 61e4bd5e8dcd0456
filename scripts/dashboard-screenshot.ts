/**
 * `npm run screenshot:dashboard`: records the examples into a temporary database, serves the dashboard on
 * 127.0.0.1 and saves a screenshot of the npm example's session page (docs/dashboard.png) with headless
 * Chromium (`HFW_CHROMIUM`, default /usr/bin/chromium).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startDashboard } from "../src/dashboard/index.js";
import { recordExamples } from "../examples/record-sessions.js";

const docs = new URL("../../docs/", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "hfw-shot-"));
// Run where the database is, so that the page shows it as the CLI's default, .hfw/hfw.db.
process.chdir(dir);
const db = ".hfw/hfw.db";
await recordExamples(db);
const dashboard = await startDashboard({ db, port: 0 });
const context = await chromium.launchPersistentContext(join(dir, "profile"), {
  executablePath: process.env.HFW_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  viewport: { width: 1280, height: 900 },
  deviceScaleFactor: 1,
  colorScheme: "light",
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(dashboard.url);
  await page.click("text=example-npm-audit");
  await page.waitForSelector("a.claim.v-contradicted");
  await page.screenshot({ path: join(docs, "dashboard.png"), fullPage: true });
  console.log(`saved ${join(docs, "dashboard.png")}`);
} finally {
  await context.close();
  await dashboard.close();
  rmSync(dir, { recursive: true, force: true });
}
