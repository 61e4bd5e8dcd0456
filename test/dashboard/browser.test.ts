/// <reference lib="dom" />
/**
 * The dashboard in real headless Chromium (Debian's `chromium`, driven by playwright-core): the list, a
 * session with a contradicted claim highlighted beside its correction, the injected scripts and handlers of
 * a hostile session never running, the flagged-only filter, paging. Screenshots go to artifacts/browser/.
 *
 * Without Chromium (`HFW_CHROMIUM`, default /usr/bin/chromium) these tests skip with a notice; `.ci/run`
 * installs it so that CI always runs them.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/index.js";
import { startDashboard, type RunningDashboard } from "../../src/dashboard/index.js";
import { HOSTILE_ID, SCRIPT_PAYLOAD, seed, tempDb } from "./helpers.js";

const executablePath = process.env.HFW_CHROMIUM ?? "/usr/bin/chromium";
const hasChromium = existsSync(executablePath);
const artifacts = join(new URL("../../", import.meta.url).pathname, "artifacts/browser");

if (!hasChromium) {
  console.warn(
    `\n⚠️  Browser tests SKIPPED: no Chromium at ${executablePath}. Install Debian's package (apt-get install chromium), ` +
      "point HFW_CHROMIUM at a Chromium binary, or run .ci/run, which installs it.\n",
  );
}

describe.skipIf(!hasChromium)("the dashboard in headless Chromium", () => {
  let store: SqliteStore;
  let dashboard: RunningDashboard;
  let context: BrowserContext;
  let profile: string;
  const problems: string[] = [];

  async function open(path: string): Promise<Page> {
    const page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`${path}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`${path}: ${e.message}`));
    await page.goto(new URL(path, dashboard.url).href);
    return page;
  }

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    store = new SqliteStore(tempDb());
    const { npm } = await seed(store);
    for (let i = 0; i < 60; i++) store.putReport({ ...npm, sessionId: `bulk-${String(i).padStart(2, "0")}`, createdAt: npm.createdAt - (i + 1) * 60_000 });
    dashboard = await startDashboard({ store, port: 0 });
    profile = mkdtempSync(join(tmpdir(), "hfw-chromium-"));
    // playwright adds --headless itself; a fresh profile folder is the user data dir.
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
      viewport: { width: 1280, height: 900 },
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await dashboard?.close();
    store?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("should open the list, open a session, and show a contradicted claim highlighted with its correction", async () => {
    const page = await open("/");
    expect(await page.locator("table.sessions tbody tr").count()).toBe(50);
    await expect.poll(() => page.locator("p.count").innerText()).toContain("62 sessions");
    await page.screenshot({ path: join(artifacts, "sessions.png") });

    await page.getByRole("link", { name: "npm-audit", exact: true }).click();
    await page.waitForURL(/\/sessions\/npm-audit$/);
    expect(await page.locator("p.ledger.ok").innerText()).toMatch(/ledger verified: 4 links, head [0-9a-f]{12}$/);
    const highlight = page.locator('a.claim.v-contradicted[href="#claim-r1.c4"]');
    await expect.poll(() => highlight.innerText()).toBe("The registry lists 40 → 35 published versions of cors");
    expect(await highlight.locator("del").innerText()).toBe("40");
    expect(await highlight.locator("ins").innerText()).toBe("35");
    // The stylesheet loaded under the CSP: the highlight has the contradicted background.
    expect(await highlight.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(253, 226, 225)");
    await page.screenshot({ path: join(artifacts, "session.png"), fullPage: true });

    // Following the highlight targets the claim's row, and the script opens its trace.
    await highlight.click();
    await page.waitForURL(/#claim-r1\.c4$/);
    const row = page.locator('tr[id="claim-r1.c4"]');
    expect(await row.locator("td.claim-text").innerText()).toContain("correction: 40 → 35");
    await expect.poll(() => row.locator("details.trace").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await row.locator(".trace-table").innerText()).toMatch(/tier 0 · exact\s+contradicted\s+0\.\d\d\s+[\d.]+ ms/);
  });

  it("should show every injected script and handler as text and never run them", async () => {
    const id = encodeURIComponent(HOSTILE_ID);
    for (const path of ["/", `/sessions/${id}`, `/sessions/${id}/evidence`, `/sessions/${id}/evidence/e1`, `/sessions/${id}/evidence/e2`]) {
      const page = await open(path);
      await page.mouse.move(10, 10);
      for (const el of await page.locator("q, td.claim-text, pre.content, .draft a.claim, code").all())
        await el.hover({ force: true, timeout: 2_000 }).catch(() => {});
      await page.keyboard.press("Tab");
      const dom = await page.evaluate(() => ({
        pwned: (window as unknown as { __hfwPwned?: string }).__hfwPwned ?? null,
        scripts: document.querySelectorAll("script").length,
        handlers: document.querySelectorAll("[onmouseover], [onerror], [onfocus], [autofocus]").length,
        images: document.querySelectorAll("img").length,
        text: document.body.innerText,
      }));
      expect(dom, path).toMatchObject({ pwned: null, scripts: 1, handlers: 0, images: 0 });
      if (path.endsWith("/evidence")) {
        expect(dom.text).toContain(SCRIPT_PAYLOAD);
        await page.screenshot({ path: join(artifacts, "hostile-evidence.png"), fullPage: true });
      }
      if (path === `/sessions/${id}`) expect(dom.text).toContain("<img src=x onerror=\"window.__hfwPwned='img'\">");
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  it("should hide the claims that are not flagged when asked, and page through the list", async () => {
    const page = await open("/sessions/npm-audit");
    const supported = page.locator('tr[id="claim-r1.c2"]');
    const contradicted = page.locator('tr[id="claim-r1.c4"]');
    expect(await supported.isVisible()).toBe(true);
    await page.locator("#flagged-only").check();
    await expect.poll(() => supported.isVisible()).toBe(false);
    expect(await contradicted.isVisible()).toBe(true);
    await page.locator("#flagged-only").uncheck();

    const list = await open("/?sort=score");
    await list.locator('select[name="status"]').selectOption("flagged");
    await list.locator('button[type="submit"]').click();
    await list.waitForURL(/status=flagged/);
    await list.getByRole("link", { name: "Next ›" }).click();
    await list.waitForURL(/page=2/);
    expect(await list.locator("p.count").innerText()).toContain("62 sessions with flagged claims · page 2 of 2");
    expect(await list.locator("table.sessions tbody tr").count()).toBe(12);
    expect(problems).toEqual([]);
  });
});
