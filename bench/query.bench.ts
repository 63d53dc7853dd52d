/**
 * `npm run bench:query`: in-process handler cost of search and since at 1k,
 * 10k and 100k synthetic reviews (p50/p99 per query), plus cold init in a
 * fresh process. Handler costs include validation, filtering, JSON
 * serialization and the ETag hash; no HTTP.
 */
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { build } from "esbuild";
import { join } from "node:path";
import { handleSearchRequest } from "../src/lib/api/search-endpoint.ts";
import { handleSinceRequest } from "../src/lib/api/since-endpoint.ts";
import { indexDataset } from "../src/lib/search/dataset-index.ts";
import { buildSyntheticDataset } from "./support/synthetic-dataset.ts";
import { describeMachine, fmt, median, percentile, sampleTimes } from "./support/stats.ts";

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
  ["all filters", "?min_rating=2&since=2017-01-01&until=2026-12-31&query=the&mentions_technician=marcus-bell&mentions_service=chimney-sweep&aspect=cleanliness&limit=100", "worst"],
];

const bundle = join(tmpdir(), "keystone-bench", "search-function.mjs");
await build({ entryPoints: [join(import.meta.dirname, "query-cold-entry.ts")], bundle: true, platform: "node", format: "esm", target: "node22", outfile: bundle, logLevel: "error" });

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
    const request = () => handleSearchRequest(new Request(`https://reviews.example/api/reviews/search${query}`), index);
    if (request().status !== 200) throw new Error(`query ${query} failed`);
    // Start every case from a collected heap, so one case's garbage is not billed to the next.
    globalThis.gc?.();
    const times = sampleTimes(request, iterations);
    const p99 = percentile(times, 99);
    if (kind === "typical") typicalP99 = Math.max(typicalP99, p99);
    else worstP99 = Math.max(worstP99, p99);
    rows.push(`| ${size.toLocaleString("en-US")} | search: ${name} (${kind}) | ${fmt(median(times))} | ${fmt(p99)} |`);
  }
  const since = sampleTimes(() => handleSinceRequest(new Request("https://reviews.example/api/reviews/since/2026-10-01"), "2026-10-01", index), iterations);
  rows.push(`| ${size.toLocaleString("en-US")} | since: last ~6 weeks | ${fmt(median(since))} | ${fmt(percentile(since, 99))} |`);
  const colds: { total: number; import: number; parseAndIndex: number; firstRequest: number }[] = [];
  for (let i = 0; i < 7; i += 1) {
    const out = execFileSync(process.execPath, [join(import.meta.dirname, "query-cold-start.ts"), bundle, path], { encoding: "utf8" });
    colds.push(JSON.parse(out));
  }
  const part = (key: keyof (typeof colds)[number]) => fmt(median(colds.map((c) => c[key])));
  rows.push(
    `| ${size.toLocaleString("en-US")} | cold init, median of 7: import ${part("import")} + parse ${(bytes / 2 ** 20).toFixed(1)} MiB and index ${part("parseAndIndex")} + first request ${part("firstRequest")} | ${part("total")} | |`,
  );
  summary[size] = { typicalP99, worstP99, cold: median(colds.map((c) => c.total)) };
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
