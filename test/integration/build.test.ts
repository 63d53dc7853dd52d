import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleReview, writeContentDir } from "../support/fixtures.ts";
import { runScript } from "../support/run-node.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

const scratch = () => makeTestTempDir("build-");
/** A full Astro build takes about a minute, and longer on a busy machine. */
const FULL_BUILD_MS = 300_000;

describe("npm run build", () => {
  it(
    "produces byte-identical output on two builds of the same content",
    () => {
      const [first, second] = [scratch(), scratch()];
      const env = { SITE_URL: "https://reviews.example" };
      const built = runScript("scripts/build.ts", { ...env, BUILD_OUT_DIR: first });
      expect(built.status).toBe(0);
      // What `npm start` shows during the build: each step, and that the long one is still running.
      expect(built.stdout).toMatch(
        /^Content checked: \d+ reviews in \S+\nBuilding with Astro: .*…\n(?: {2}still building \(\d+\.\d s\)\n)*Built \S+ for https:\/\/reviews\.example in \d+\.\d s\n$/,
      );
      expect(runScript("scripts/build.ts", { ...env, BUILD_OUT_DIR: second }).status).toBe(0);
      const hashes = hashTree(first);
      expect(Object.keys(hashes)).toEqual(expect.arrayContaining(["reviews.json", "insights.json", "api/feed.json", "feed.xml", "_headers"]));
      expect(hashTree(second)).toEqual(hashes);
    },
    2 * FULL_BUILD_MS,
  );

  it(
    "builds from CONTENT_DIR and derives every absolute URL from SITE_URL",
    () => {
      const out = scratch();
      const contentDir = writeContentDir([sampleReview(), sampleReview({ id: "2024-06-01-other-b", date: "2024-06-01", rating: 2 })]);
      const result = runScript("scripts/build.ts", { SITE_URL: "https://elsewhere.example/", CONTENT_DIR: contentDir, BUILD_OUT_DIR: out });
      expect(result.status, result.stderr).toBe(0);
      const dataset = JSON.parse(readFileSync(join(out, "reviews.json"), "utf8"));
      expect(dataset.reviews.map((r: { id: string }) => r.id)).toEqual(["2024-06-01-other-b", "2024-05-01-test-a"]);
      expect(dataset.reviews[0].url).toBe("https://elsewhere.example/reviews/2024-06-01-other-b/");
      expect(dataset.aggregate_rating).toMatchObject({ rating_value: 3.5, review_count: 2, distribution: { "2": 1, "5": 1 } });
      expect(readFileSync(join(out, "feed.xml"), "utf8")).toContain('<link rel="hub" href="https://elsewhere.example/api/websub/hub"/>');
    },
    FULL_BUILD_MS,
  );

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
