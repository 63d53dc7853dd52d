import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { analyzeReview } from "../../src/lib/insights/build-insights.ts";
import { analyzeReviews, closeReviewAnalysisPool } from "../../src/platform/analyze-reviews.ts";
import { loadContentDir } from "../../src/platform/content-dir.ts";
import { PROJECT_ROOT } from "../support/fixtures.ts";

const reviews = loadContentDir(join(PROJECT_ROOT, "content")).reviews;
const expected = new Map(reviews.map((review) => [review, analyzeReview(review)]));

afterAll(() => closeReviewAnalysisPool());

/** Runs `work` and checks that it did not fall back to this thread (analyzeReviews logs when its workers fail). */
async function withoutFallback<T>(work: () => Promise<T>): Promise<T> {
  const logged = vi.spyOn(console, "error");
  try {
    const result = await work();
    expect(logged).not.toHaveBeenCalled();
    return result;
  } finally {
    logged.mockRestore();
  }
}

describe("analyzeReviews", () => {
  it("gives on worker threads exactly what analyzeReview gives on this one, in the reviews' order", async () => {
    const aspects = await withoutFallback(() => analyzeReviews(reviews, { threads: 2, minParallel: 0 }));
    expect(aspects).toHaveLength(reviews.length);
    expect(JSON.stringify(aspects)).toBe(JSON.stringify(reviews.map((review) => expected.get(review))));
  });

  it("gives each review its own result whatever batch and worker it lands in (reviews repeated and reordered, a reused pool)", async () => {
    // 2.5 copies, reversed: the same texts arrive in other batches, after other reviews, on workers that have read them before.
    const mixed = [...reviews, ...reviews, ...reviews.slice(0, Math.ceil(reviews.length / 2))].reverse();
    const aspects = await withoutFallback(() => analyzeReviews(mixed, { threads: 2, minParallel: 0 }));
    expect(aspects.map((a) => JSON.stringify(a))).toEqual(mixed.map((review) => JSON.stringify(expected.get(review))));
  });

  it("runs two calls at once one after the other, each with its own results", async () => {
    const first = reviews.slice(0, 40);
    const second = reviews.slice(40, 90);
    const [a, b] = await withoutFallback(() =>
      Promise.all([analyzeReviews(first, { threads: 2, minParallel: 0 }), analyzeReviews(second, { threads: 2, minParallel: 0 })]),
    );
    expect(a).toEqual(first.map((review) => expected.get(review)));
    expect(b).toEqual(second.map((review) => expected.get(review)));
  });

  it("replaces a pool whose worker died while it waited, instead of sending it work", async () => {
    const exiting = pathToFileURL(join(PROJECT_ROOT, "test/support/exiting-analysis-worker.ts"));
    const options = { threads: 2, minParallel: 0, workerScript: exiting };
    // One batch: one worker answers it, then exits while the pool waits.
    const first = reviews.slice(0, 10);
    expect(await withoutFallback(() => analyzeReviews(first, options))).toEqual(first.map((review) => expected.get(review)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Sent to the dead worker, this batch would never be answered (the test would time out).
    const second = reviews.slice(10, 20);
    expect(await withoutFallback(() => analyzeReviews(second, options))).toEqual(second.map((review) => expected.get(review)));
  });

  it("analyzes on this thread below the threshold or with one thread, with the same results", async () => {
    const few = reviews.slice(0, 5);
    expect(await analyzeReviews(few)).toEqual(few.map((review) => expected.get(review)));
    expect(await analyzeReviews(few, { threads: 1, minParallel: 0 })).toEqual(few.map((review) => expected.get(review)));
  });

  it("falls back to this thread, with the same results, when the workers fail to start", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const missing = pathToFileURL(join(PROJECT_ROOT, "src/platform/no-such-worker.ts"));
      const few = reviews.slice(0, 7);
      const aspects = await analyzeReviews(few, { threads: 2, minParallel: 0, workerScript: missing });
      expect(aspects).toEqual(few.map((review) => expected.get(review)));
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("analyzing on one thread instead"));
    } finally {
      logged.mockRestore();
    }
  });
});
