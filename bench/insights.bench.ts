/**
 * `node bench/insights.bench.ts`: throughput of the insights pipeline as the
 * build runs it (src/site/site-data.ts): every review's aspects
 * (analyzeReviews, on worker threads at this size), the dataset
 * (buildDataset) and buildInsights, on 10k reviews. Then the same with the
 * aspects analyzed on this thread alone (analyzeReview through buildDataset),
 * for comparison. Uses the seeded synthetic generator when it exists,
 * otherwise (or with BENCH_SOURCE=content) cycles content/reviews with new
 * ids, whose texts are about four times longer. Prints the median of several
 * runs (BENCH_RUNS, default 5; BENCH_SIZE, default 10000) after one warm-up
 * run, whose time is printed too (it starts the workers; the model is
 * trained before anything is timed).
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { Content } from "../src/lib/content/validate-content.ts";
import { buildDataset } from "../src/lib/dataset/build-dataset.ts";
import { createSiteUrls } from "../src/lib/dataset/site-urls.ts";
import { loadDefaultAbsaModel } from "../src/lib/insights/absa/model/default-model.ts";
import { analyzeReview, buildInsights } from "../src/lib/insights/build-insights.ts";
import { InsightsSchema } from "../src/lib/schema/insights.ts";
import { analyzeReviews, closeReviewAnalysisPool } from "../src/platform/analyze-reviews.ts";
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

// The model is trained once per process, before anything is timed.
loadDefaultAbsaModel();

type Mode = "build" | "one thread";
async function measure(mode: Mode): Promise<number> {
  const runs: Array<{ analyze: number; insights: number }> = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const t0 = performance.now();
    let dataset;
    if (mode === "build") {
      const aspects = await analyzeReviews(content.reviews);
      dataset = buildDataset(content, urls, (_, index) => aspects[index]!);
    } else dataset = buildDataset(content, urls, analyzeReview);
    const t1 = performance.now();
    const insights = buildInsights(dataset, content);
    const t2 = performance.now();
    if (run === 0) {
      InsightsSchema.parse(insights);
      console.log(`first run (${mode === "build" ? "starts the workers, cold" : "cold"}): ${(t2 - t0).toFixed(0)} ms`);
      continue;
    }
    runs.push({ analyze: t1 - t0, insights: t2 - t1 });
    console.log(`run ${run}: aspects and dataset ${(t1 - t0).toFixed(0)} ms, buildInsights ${(t2 - t1).toFixed(0)} ms`);
  }
  const total = median(runs.map((r) => r.analyze + r.insights));
  console.log(
    `median: aspects and dataset ${median(runs.map((r) => r.analyze)).toFixed(0)} ms + buildInsights ${median(runs.map((r) => r.insights)).toFixed(0)} ms`,
  );
  return SIZE / (total / 1000);
}

console.log(`As the build runs it: analyzeReviews (${availableParallelism()} worker threads from 2,000 reviews) + buildDataset + buildInsights`);
const build = await measure("build");
await closeReviewAnalysisPool();
console.log(`\nOn this thread alone: buildDataset with analyzeReview + buildInsights`);
const single = await measure("one thread");
console.log(`\nmedian throughput: ${Math.round(build).toLocaleString("en-US")} reviews/s (target >= ${TARGET.toLocaleString("en-US")})`);
console.log(`on one thread: ${Math.round(single).toLocaleString("en-US")} reviews/s (${(build / single).toFixed(2)}x with ${availableParallelism()} threads)`);
