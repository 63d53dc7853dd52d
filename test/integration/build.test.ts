import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { sampleReview, writeContentDir } from "../support/fixtures.ts";
import { runScript as runInProject, type RunResult } from "../support/run-node.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

/**
 * `npm run build`, in the run's copy of the project. The full builds happen once per run: the shared
 * one in global-setup.ts (its output is checked here) and the rebuild in publish.test.ts, which
 * must give the same bytes. The content checks stop the build before Astro starts.
 */
const siteRoot = inject("siteRoot");
const runScript = (script: string, env: Record<string, string>): RunResult => runInProject(script, env, siteRoot);
const scratch = () => makeTestTempDir("build-");
const contentDir = inject("serverEnv").CONTENT_DIR!;

describe("npm run build", () => {
  it("says each step, and that the long one is still running, then where it built for which origin", () => {
    // What `npm start` shows during the build.
    const { stdout, hashes } = inject("siteBuild");
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const built = `Built ${escape(join(siteRoot, "dist"))} for ${escape(inject("serverEnv").SITE_URL!)} in \\d+\\.\\d s`;
    expect(stdout).toMatch(
      new RegExp(
        `^Content checked: \\d+ reviews in ${escape(relative(siteRoot, contentDir))}\nBuilding with Astro: .*…\n(?: {2}still building \\(\\d+\\.\\d s\\)\n)*${built}\n$`,
      ),
    );
    expect(Object.keys(hashes)).toEqual(expect.arrayContaining(["reviews.json", "insights.json", "api/feed.json", "feed.xml", "_headers"]));
  });

  it("built from CONTENT_DIR, which the copy of the project does not hold, for the origin SITE_URL names", async () => {
    expect(existsSync(join(siteRoot, "content"))).toBe(false);
    const base = inject("baseUrl");
    const dataset = (await (await fetch(`${base}/reviews.json`)).json()) as { reviews: { id: string; url: string }[] };
    const files = readdirSync(join(contentDir, "reviews")).filter((name) => name.endsWith(".json"));
    expect(dataset.reviews).toHaveLength(files.length);
    for (const review of dataset.reviews) expect(review.url).toBe(`${base}/reviews/${review.id}/`);
    expect(await (await fetch(`${base}/feed.xml`)).text()).toContain(`<link rel="hub" href="${base}/api/websub/hub"/>`);
  });

  it.each([
    ["rating 6", { rating: 6 }, "rating"],
    ["date 2024-02-30", { date: "2024-02-30" }, "date: is not a real calendar date"],
    ["an unknown technician id", { technicians: ["nobody"] }, 'technicians[0]: unknown technician id "nobody"'],
    ["an unknown service id", { services: ["gutters"] }, 'services[0]: unknown service id "gutters"'],
    ["missing text", { text: undefined }, "text: is required but missing"],
  ])("fails on %s and names the file, field and reason", (_name, overrides, expected) => {
    const contentDir = writeContentDir([sampleReview(overrides)]);
    const result = runScript("scripts/build.ts", { CONTENT_DIR: contentDir, BUILD_OUT_DIR: scratch() });
    expect(result.status).not.toBe(0);
    const output = result.stdout + result.stderr;
    expect(output).toContain("reviews/2024-05-01-test-a.json");
    expect(output).toContain(expected);
  });

  it("refuses a review dated after the build's date, which SOURCE_DATE_EPOCH fixes", () => {
    const contentDir = writeContentDir([sampleReview({ date: "2024-05-02" })]);
    // 2024-05-01T23:00:00Z: the build's date is 2024-05-01 whatever the clock says.
    const result = runScript("scripts/build.ts", { CONTENT_DIR: contentDir, BUILD_OUT_DIR: scratch(), SOURCE_DATE_EPOCH: "1714604400" });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toContain(
      "reviews/2024-05-01-test-a.json: date: 2024-05-02 is after today, 2024-05-01 (UTC); a review cannot be dated in the future",
    );
  });

  it("lists every problem of several bad files in one pass, then exits 1 with no stack trace and no build", () => {
    const contentDir = writeContentDir([
      sampleReview({ rating: 6, technicians: ["nobody"] }),
      sampleReview({ id: "2024-06-01-other-b", date: "2024-06-31", services: ["gutters"] }),
    ]);
    writeFileSync(join(contentDir, "reviews", "misnamed.json"), JSON.stringify(sampleReview({ id: "2024-07-01-third-c", text: "" })));
    writeFileSync(join(contentDir, "reviews", "2024-08-01-broken-d.json"), "{ not json");
    const out = scratch();
    const result = runScript("scripts/build.ts", { CONTENT_DIR: contentDir, BUILD_OUT_DIR: out });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines[0]).toBe("Invalid content (7 problems); fix these files and build again:");
    expect(lines.slice(1).map((line) => line.replace(/^ {2}\S*reviews\/([^:]+): ([^:]+): .*$/, "$1 $2"))).toEqual([
      "2024-05-01-test-a.json rating",
      "2024-05-01-test-a.json technicians[0]",
      "2024-06-01-other-b.json date",
      "2024-06-01-other-b.json services[0]",
      "2024-08-01-broken-d.json (file)",
      "misnamed.json text",
      "misnamed.json id",
    ]);
    expect(result.stdout).toBe("");
    expect(readdirSync(out)).toEqual([]);
  });

  it("fails on a duplicate review id", () => {
    const contentDir = writeContentDir([sampleReview()]);
    writeFileSync(join(contentDir, "reviews", "copy.json"), JSON.stringify(sampleReview({ rating: 1 })));
    const result = runScript("scripts/build.ts", { CONTENT_DIR: contentDir, BUILD_OUT_DIR: scratch() });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/reviews\/copy\.json: id: duplicate review id "2024-05-01-test-a"/);
  });
});
