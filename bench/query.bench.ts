/**
 * `npm run bench:query`: in-process handler cost of search and since at 1k,
 * 10k and 100k synthetic reviews (p50/p99 per query), plus cold init in a
 * fresh process. Handler costs include validation, filtering, JSON
 * serialization, the ETag hash and reading the response body; no HTTP.
 *
 * Cold init is measured on the search function as a deploy ships it: a copy
 * of the project whose dist/reviews.json is the synthetic dataset, bundled
 * by Netlify's own bundler with netlify.toml's settings
 * (scripts/netlify-bundle.ts); each sample is a new process that imports
 * the bundle and answers a first request.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { bundleFunction } from "../scripts/netlify-bundle.ts";
import { handleSearchRequest } from "../src/lib/api/search-endpoint.ts";
import { handleSinceRequest } from "../src/lib/api/since-endpoint.ts";
import { indexDataset } from "../src/lib/search/dataset-index.ts";
import { getBenchTempDir } from "./support/bench-temp-dir.ts";
import { buildSyntheticDataset } from "./support/synthetic-dataset.ts";
import { describeMachine, drainBody, fmt, median, percentile, sampleTimesAsync } from "./support/stats.ts";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const QUERIES: ReadonlyArray<[string, string, "typical" | "worst"]> = [
  ["rating=5", "?rating=5", "typical"],
  ["technician + service", "?mentions_technician=Dana&mentions_service=chimney-sweep", "typical"],
  ["date range", "?since=2024-01-01&until=2024-12-31", "typical"],
  ["text query", "?query=creosote&limit=10", "typical"],
  ["aspect + sentiment", "?aspect=price_value&sentiment=negative", "typical"],
  ["no match, full text scan", "?query=zzzz%20not%20in%20any%20review", "worst"],
  ["one-letter text in every review, limit 100", "?query=e&limit=100", "worst"],
  ["everything matches, limit 100", "?min_rating=1&limit=100", "worst"],
  [
    "all filters",
    "?min_rating=2&since=2017-01-01&until=2026-12-31&query=the&mentions_technician=marcus-bell&mentions_service=chimney-sweep&aspect=cleanliness&limit=100",
    "worst",
  ],
];

const ROOT = join(import.meta.dirname, "..");

/** The search function bundled by Netlify's bundler from a copy of the project that ships `datasetPath` as dist/reviews.json. */
async function bundleSearchFunction(datasetPath: string, size: number): Promise<string> {
  const project = join(getBenchTempDir(), `project-${size}`);
  rmSync(project, { recursive: true, force: true });
  for (const entry of ["src", "netlify"]) cpSync(join(ROOT, entry), join(project, entry), { recursive: true });
  for (const file of ["package.json", "netlify.toml", "tsconfig.json"]) copyFileSync(join(ROOT, file), join(project, file));
  symlinkSync(join(ROOT, "node_modules"), join(project, "node_modules"));
  mkdirSync(join(project, "dist"));
  copyFileSync(datasetPath, join(project, "dist/reviews.json"));
  return (await bundleFunction(project, "search", join(project, ".bundles"))).module;
}

/** Medians of 7 cold instances answering `url` first. */
function coldStarts(module: string, url: string) {
  const colds: { total: number; import: number; firstRequest: number; status: number }[] = [];
  for (let i = 0; i < 7; i += 1) {
    const out = execFileSync(process.execPath, [join(import.meta.dirname, "query-cold-start.ts"), module, url], { encoding: "utf8" });
    colds.push(JSON.parse(out));
  }
  if (colds.some((c) => c.status !== 200)) throw new Error(`a cold start answered ${colds.map((c) => c.status).join(", ")}`);
  const part = (key: "total" | "import" | "firstRequest") => median(colds.map((c) => c[key]));
  return { total: part("total"), import: part("import"), firstRequest: part("firstRequest") };
}

const rows: string[] = [];
const summary: Record<number, { typicalP99: number; worstP99: number; cold: number }> = {};
console.log(`Machine: ${await describeMachine()}\n`);
for (const size of SIZES) {
  const { dataset, path, bytes } = buildSyntheticDataset(size);
  const index = indexDataset(dataset);
  const iterations = size >= 100_000 ? 300 : size >= 10_000 ? 1000 : 2000;
  let typicalP99 = 0;
  let worstP99 = 0;
  for (const [name, query, kind] of QUERIES) {
    // The body is read chunk by chunk, as the platform streams it out: an unread Response body stays in
    // memory, and arrayBuffer() would add a copy the platform never makes; both bill GC pauses to the handler.
    const request = async () => {
      const response = handleSearchRequest(new Request(`https://reviews.example/api/reviews/search${query}`), index);
      await drainBody(response);
      return response.status;
    };
    if ((await request()) !== 200) throw new Error(`query ${query} failed`);
    // Start every case from a collected heap, so one case's garbage is not billed to the next.
    globalThis.gc?.();
    const times = await sampleTimesAsync(request, iterations);
    const p99 = percentile(times, 99);
    if (kind === "typical") typicalP99 = Math.max(typicalP99, p99);
    else worstP99 = Math.max(worstP99, p99);
    rows.push(`| ${size.toLocaleString("en-US")} | search: ${name} (${kind}) | ${fmt(median(times))} | ${fmt(p99)} |`);
  }
  const since = await sampleTimesAsync(
    () => drainBody(handleSinceRequest(new Request("https://reviews.example/api/reviews/since/2026-10-01"), "2026-10-01", index)),
    iterations,
  );
  rows.push(`| ${size.toLocaleString("en-US")} | since: last ~6 weeks | ${fmt(median(since))} | ${fmt(percentile(since, 99))} |`);
  const module = await bundleSearchFunction(path, size);
  const mib = `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  const cold = coldStarts(module, "https://reviews.example/api/reviews/search?rating=5&limit=20");
  rows.push(
    `| ${size.toLocaleString("en-US")} | cold init (Netlify's bundle), median of 7: import ${fmt(cold.import)} + first request rating=5 (read and parse ${mib}, index, answer) ${fmt(cold.firstRequest)} | ${fmt(cold.total)} | |`,
  );
  const coldText = coldStarts(module, "https://reviews.example/api/reviews/search?query=creosote&limit=10");
  rows.push(
    `| ${size.toLocaleString("en-US")} | cold init, first request a text query (also folds the corpus): import ${fmt(coldText.import)} + first request ${fmt(coldText.firstRequest)} | ${fmt(coldText.total)} | |`,
  );
  summary[size] = { typicalP99, worstP99, cold: cold.total };
}

console.log("| reviews | case | p50 ms | p99 ms |\n|---:|---|---:|---:|");
console.log(rows.join("\n"));
const target = (label: string, value: number | undefined, limit: number) =>
  value === undefined ? "" : `${label}: ${fmt(value)} ms (target < ${limit} ms) ${value < limit ? "met" : "MISSED"}`;
console.log(
  `\n${[
    target("p99 at 10k (worst case)", summary[10_000]?.worstP99, 2),
    target("p99 at 100k (worst case)", summary[100_000]?.worstP99, 25),
    target("cold init at 10k", summary[10_000]?.cold, 150),
  ]
    .filter(Boolean)
    .join("\n")}`,
);
