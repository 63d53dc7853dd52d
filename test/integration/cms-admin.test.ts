/**
 * The CMS at /admin/ in headless Chromium (test/e2e/browser.ts), served by
 * the integration server, with decap-server (the local backend `npm run
 * edit` starts) on another loopback port over a temporary copy of content/.
 * Nothing here touches the real content/ or the dist/ the server serves.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished, vi } from "vitest";
import { loadContentDir } from "../../src/platform/content-dir.ts";
import { runAxe, type AxeViolation } from "../e2e/axe.ts";
import { launchSiteBrowser, type SiteBrowser } from "../e2e/browser.ts";
import { PROJECT_ROOT } from "../support/fixtures.ts";
import { findFreePort } from "../support/free-port.ts";

const base = inject("baseUrl");
const TODAY = new Date().toISOString().slice(0, 10);

let repo: string;
let reviewsDir: string;
let backend: ChildProcess;
let backendPort: number;
let browser: SiteBrowser;
/** Content-Security-Policy violations the admin pages reported. */
const cspViolations: string[] = [];

async function startDecapServer(root: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "node_modules/decap-server/dist/index.js")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: root, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (let tries = 0; tries < 100; tries++) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "info" }),
    }).catch(() => null);
    if (answer?.ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("decap-server did not start");
}

/**
 * The file decap-server saved, or null while it is absent or half-written:
 * decap-server writes in place (no rename), so a read can land mid-write.
 */
function savedJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Per admin page, whether its reads of the review ids and the roster through decap-server are over. */
const contentReads = new WeakMap<Page, () => boolean>();

type ContentRead = "reviews" | "roster";

/** Which read a request to decap-server is: a listing of content/reviews, or of the business file (the roster). */
function readOf(request: Request): ContentRead | null {
  if (request.method() !== "POST" || !request.url().endsWith(`:${backendPort}/api/v1`)) return null;
  let body: { action?: unknown; params?: { folder?: unknown; files?: unknown } } | null;
  try {
    body = JSON.parse(request.postData() ?? "null") as typeof body;
  } catch {
    return null;
  }
  if (body?.action === "entriesByFolder" && body.params?.folder === "content/reviews") return "reviews";
  if (body?.action === "entriesByFiles" && JSON.stringify(body.params?.files ?? []).includes("content/business.json")) return "roster";
  return null;
}

/**
 * Counts a page's reads of the review ids and of the roster (Decap's own and
 * those content-context.ts makes): over once each has ended at least once
 * and none is under way.
 */
function trackContentReads(page: Page): void {
  const underWay = { reviews: 0, roster: 0 };
  const ended = { reviews: 0, roster: 0 };
  const end = (request: Request) => {
    const read = readOf(request);
    if (read === null) return;
    underWay[read]--;
    ended[read]++;
  };
  page.on("request", (request) => {
    const read = readOf(request);
    if (read !== null) underWay[read]++;
  });
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  contentReads.set(page, () => underWay.reviews === 0 && underWay.roster === 0 && ended.reviews > 0 && ended.roster > 0);
}

/**
 * Waits, once the form is on screen, until the page has read the review ids
 * and the roster it checks against. Before that the form cannot name an
 * unknown technician beside its field (the save check still refuses the
 * file), so a test that publishes at machine speed waits, as no editor needs to.
 */
const contentRead = (page: Page): Promise<void> =>
  vi.waitFor(() => expect(contentReads.get(page)!(), "the admin page read the review ids and the roster").toBe(true), { timeout: 30_000, interval: 20 });

/** Opens an admin route, signs in to the local backend, and waits for the form or list. */
async function openAdmin(route: string): Promise<Page> {
  const page = await browser.context.newPage();
  trackContentReads(page);
  // A failed test's page is closed too, and what the Content-Security-Policy refused there is still counted.
  onTestFinished(() => closeAdmin(page));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { cspViolations?: string[] }).cspViolations ??= [];
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(`${base}/admin/?backend_port=${backendPort}#${route}`);
  const login = page.getByRole("button", { name: "Login" });
  await login
    .or(page.getByRole("button", { name: "Publish" }))
    .or(page.getByRole("link", { name: /New Review/ }))
    .first()
    .waitFor();
  if (await login.isVisible()) await login.click();
  return page;
}

async function closeAdmin(page: Page): Promise<void> {
  if (page.isClosed()) return;
  cspViolations.push(...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])));
  await page.close();
}

/** Picks an option of a react-select (Decap's select and relation widgets) by typing part of its label. */
async function choose(page: Page, label: string, typed: string, option: RegExp): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(typed);
  await page.getByRole("option", { name: option }).first().click();
}

async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

/**
 * What axe finds in Decap's own interface, whatever the configuration: the
 * contrast of its Publish button and content outside landmarks in its
 * layout (docs/editing.md). Anything else is this site's to fix.
 */
const DECAP_OWN: Array<[string, RegExp]> = [
  ["color-contrast", /PublishButton/],
  ["region", /^a$|ToolbarSectionBackLink|AppHeader|Editor|Pane1|^canvas$/],
];
const isDecapOwn = (violation: AxeViolation) =>
  DECAP_OWN.some(([id, target]) => violation.id === id && violation.targets.every((selector) => target.test(selector)));

/** The error list next to a field's label (Decap's ControlTopbar). */
const errorsBeside = (page: Page, label: string) =>
  page
    .locator("label", { hasText: new RegExp(`^${label}`) })
    .locator("xpath=..")
    .locator("li");

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), "cms-repo-"));
  cpSync(join(PROJECT_ROOT, "content"), join(repo, "content"), { recursive: true });
  reviewsDir = join(repo, "content/reviews");
  backendPort = await findFreePort();
  backend = await startDecapServer(repo, backendPort);
  browser = await launchSiteBrowser([base, `http://127.0.0.1:${backendPort}`]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (backend?.exitCode === null) {
    backend.kill("SIGTERM");
    await new Promise((resolve) => backend.once("exit", resolve));
  }
  if (repo) rmSync(repo, { recursive: true, force: true });
});

describe("/admin/ as served", () => {
  it("is noindex and has its own Content-Security-Policy", async () => {
    for (const path of ["/admin/", "/admin/decap-cms.js", "/admin/cms-setup.js"]) {
      const response = await fetch(base + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/^default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      await response.arrayBuffer();
    }
    expect(await (await fetch(`${base}/admin/`)).text()).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it("is named by no public document: pages, feeds, datasets (there is no sitemap)", async () => {
    for (const path of ["/", "/reviews/", "/docs/", "/reviews.json", "/insights.json", "/api/feed.json", "/feed.xml", "/openapi.json"]) {
      const body = await (await fetch(base + path)).text();
      expect(body, path).not.toMatch(/\/admin\b/);
    }
    expect((await fetch(`${base}/sitemap.xml`)).status).toBe(404);
  });

  it("adds no byte to the home page: it loads nothing from /admin/", async () => {
    const page = await browser.context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${base}/`, { waitUntil: "networkidle" });
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => url.includes("/admin"))).toEqual([]);
    await page.close();
  });
});

describe("the CMS at /admin/", () => {
  it("creates a review through the form, saved as a valid file named after its id", async () => {
    const page = await openAdmin("/collections/reviews/new");
    await page.getByLabel("Rating (1 to 5 stars)", { exact: true }).fill("5");
    await page.getByLabel("Review date", { exact: true }).fill("2026-11-20");
    await page.getByLabel("Title (optional)", { exact: true }).fill("Careful and quick");
    await page.getByLabel("Review text", { exact: true }).fill("Dana swept the chimney and explained every step.");
    await page.getByLabel("Name as shown, e.g. Jane D.", { exact: true }).fill("Tess Q.");
    await choose(page, "Where the review was posted", "goo", /^google$/);
    await choose(page, "How it was matched to a job", "completed", /^completed_job$/);
    await page.getByLabel("Job date", { exact: true }).fill("2026-11-18");
    await choose(page, "Technicians (optional)", "Dana", /Dana Okafor/);
    await choose(page, "Services (optional)", "Chimney sweep", /Chimney sweep/i);
    await publish(page);
    const file = join(reviewsDir, "2026-11-20-tess-q.json");
    await expect
      .poll(() => savedJson(file), { timeout: 15_000 })
      .toEqual({
        id: "2026-11-20-tess-q",
        rating: 5,
        date: "2026-11-20",
        title: "Careful and quick",
        text: "Dana swept the chimney and explained every step.",
        author: { name: "Tess Q.", location: null },
        verified: { source: "google", method: "completed_job", job_date: "2026-11-18" },
        technicians: ["dana-okafor"],
        services: ["chimney-sweep"],
        service_area: null,
        response: null,
      });
    // The whole folder still passes the build's validation, with the new file in it.
    expect(loadContentDir(join(repo, "content"), TODAY).reviews.map((review) => review.id)).toContain("2026-11-20-tess-q");
    await closeAdmin(page);
  }, 90_000);

  it("shows the build's errors next to their fields and writes nothing for an invalid review", async () => {
    const before = readdirSync(reviewsDir).sort();
    const page = await openAdmin("/collections/reviews/new");
    await page.getByLabel("Rating (1 to 5 stars)", { exact: true }).fill("5");
    await page.getByLabel("Review date", { exact: true }).fill("2099-01-05");
    await page.getByLabel("Name as shown, e.g. Jane D.", { exact: true }).fill("Future F.");
    await choose(page, "Where the review was posted", "direct", /^direct$/);
    await choose(page, "How it was matched to a job", "invoice", /^invoice_match$/);
    await page.getByLabel("Job date", { exact: true }).fill("2099-01-04");
    await publish(page);
    await expect
      .poll(() => errorsBeside(page, "Review date").allTextContents(), { timeout: 15_000 })
      .toEqual([`date: 2099-01-05 is after today, ${TODAY} (UTC); a review cannot be dated in the future`]);
    await expect.poll(() => errorsBeside(page, "Review text").allTextContents(), { timeout: 15_000 }).toEqual(["text: is required but missing"]);
    // Give a save the time it would take, then check that none happened.
    await page.waitForTimeout(1_000);
    expect(readdirSync(reviewsDir).sort()).toEqual(before);
    await closeAdmin(page);
  }, 90_000);

  it("shows an unknown technician next to the field, in the build's words, and leaves the file as it was", async () => {
    // A file edited by hand names a technician who is not on the roster.
    const id = "2026-10-28-jamal-c";
    const file = join(reviewsDir, `${id}.json`);
    const raw = readFileSync(file, "utf8");
    const original = JSON.parse(raw) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ ...original, technicians: ["nobody"] }, null, 2)}\n`);
    const before = readFileSync(file, "utf8");
    // Put the file back as it was, whatever happens, so a failure here does not fail the next test too.
    onTestFinished(() => writeFileSync(file, raw));
    const page = await openAdmin(`/collections/reviews/entries/${id}`);
    await page.getByLabel("Review text", { exact: true }).fill("Edited in the CMS.");
    await contentRead(page);
    await publish(page);
    await expect
      .poll(() => errorsBeside(page, "Technicians").allTextContents(), { timeout: 15_000 })
      .toEqual(['technicians[0]: unknown technician id "nobody"; use one of the ids in the business file\'s technicians']);
    await page.waitForTimeout(1_000);
    expect(readFileSync(file, "utf8")).toBe(before);
    await closeAdmin(page);
  }, 90_000);

  it("adds an owner's response to an existing review", async () => {
    const id = "2026-11-09-sharon-e";
    const page = await openAdmin(`/collections/reviews/entries/${id}`);
    await page.locator('[id^="response-field-"]').getByRole("button", { name: "Expand" }).click();
    await page.getByLabel("Response date (optional)", { exact: true }).fill("2026-11-12");
    await page.getByLabel("Response text (optional)", { exact: true }).fill("Thank you, Sharon! Say hi to the cat.");
    await publish(page);
    const file = join(reviewsDir, `${id}.json`);
    await expect
      .poll(() => (savedJson(file) as { response: unknown } | null)?.response, { timeout: 15_000 })
      .toEqual({
        date: "2026-11-12",
        text: "Thank you, Sharon! Say hi to the cat.",
      });
    expect(savedJson(file)).toMatchObject({ id, rating: 5, date: "2026-11-09", technicians: ["dana-okafor"] });
    expect(loadContentDir(join(repo, "content"), TODAY).reviews.find((review) => review.id === id)?.response).toEqual({
      date: "2026-11-12",
      text: "Thank you, Sharon! Say hi to the cat.",
    });
    await closeAdmin(page);
  }, 90_000);

  it("has no axe violations that come from this site's configuration (docs/editing.md lists Decap's own)", async () => {
    const page = await openAdmin("/collections/reviews/new");
    await page.getByLabel("Review text", { exact: true }).waitFor();
    const violations: AxeViolation[] = await runAxe(page);
    const ours = violations.filter((violation) => !isDecapOwn(violation));
    expect(ours, JSON.stringify(violations, null, 2)).toEqual([]);
    await closeAdmin(page);
  }, 60_000);

  it("sent nothing the Content-Security-Policy refused", () => {
    expect(cspViolations).toEqual([]);
    expect(browser.blockedRequests).toEqual([]);
  });
});
