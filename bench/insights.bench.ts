/**
 * `node bench/insights.bench.ts`: throughput of the insights pipeline,
 * analyzeReview on every review (through buildDataset) plus buildInsights,
 * on 10k reviews. Uses the seeded synthetic generator when it exists,
 * otherwise (or with BENCH_SOURCE=content) cycles content/reviews with new
 * ids, whose texts are about four times longer. Prints the median of several
 * runs (BENCH_RUNS, default 5; BENCH_SIZE, default 10000).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Content } from "../src/lib/content/validate-content.ts";
import { buildDataset } from "../src/lib/dataset/build-dataset.ts";
import { createSiteUrls } from "../src/lib/dataset/site-urls.ts";
import { analyzeReview, buildInsights } from "../src/lib/insights/build-insights.ts";
import { InsightsSchema } from "../src/lib/schema/insights.ts";
import { loadContentDir } from "../src/platform/content-dir.ts";

const ROOT = join(import.meta.dirname, "..");
const SIZE = Number(process.env.BENCH_SIZE ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET = 2_000;

/** content/reviews repeated with fresh ids until there are `size` of them. */
function cycleContent(size: number): Content {
  const content = loadContentDir(join(ROOT, "content"));
  const reviews = Array.from({ length: size }, (_, i) => {
    const source = content.reviews[i % content.reviews.length]!;
    return { ...source, id: `${source.id}-${Math.floor(i / content.reviews.length)}` };
  });
  return { ...content, faq: [], reviews };
}

async function loadContent(size: number): Promise<{ content: Content; source: string }> {
  const generator = join(ROOT, "bench/synthetic/generate.ts");
  if (existsSync(generator) && process.env.BENCH_SOURCE !== "content") {
    const { generateContent } = (await import(generator)) as { generateContent: (count: number, seed?: number) => Content };
    return { content: generateContent(size), source: "bench/synthetic/generate.ts (seed 42)" };
  }
  return { content: cycleContent(size), source: "content/reviews, cycled with new ids" };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const { content, source } = await loadContent(SIZE);
const urls = createSiteUrls("https://bench.example");
const words = content.reviews.reduce((sum, r) => sum + r.text.split(/\s+/).length, 0);
console.log(`Insights pipeline: ${SIZE.toLocaleString("en-US")} reviews from ${source}, ${Math.round(words / SIZE)} words per review on average`);
console.log(`Node ${process.version}, ${RUNS} runs after one warm-up run\n`);

const runs: Array<{ analyze: number; insights: number }> = [];
for (let run = 0; run <= RUNS; run += 1) {
  const t0 = performance.now();
  const dataset = buildDataset(content, urls, analyzeReview);
  const t1 = performance.now();
  const insights = buildInsights(dataset, content);
  const t2 = performance.now();
  if (run === 0) {
    InsightsSchema.parse(insights);
    continue;
  }
  runs.push({ analyze: t1 - t0, insights: t2 - t1 });
  console.log(`run ${run}: analyzeReview (via buildDataset) ${(t1 - t0).toFixed(0)} ms, buildInsights ${(t2 - t1).toFixed(0)} ms`);
}

const total = median(runs.map((r) => r.analyze + r.insights));
const rate = SIZE / (total / 1000);
console.log(`\nmedian: analyzeReview ${median(runs.map((r) => r.analyze)).toFixed(0)} ms + buildInsights ${median(runs.map((r) => r.insights)).toFixed(0)} ms`);
console.log(`median throughput: ${Math.round(rate).toLocaleString("en-US")} reviews/s (target >= ${TARGET.toLocaleString("en-US")})`);
