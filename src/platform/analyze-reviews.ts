/**
 * Aspect analysis of a whole review set, on worker threads when the set is large. A review's
 * analysis depends only on its own fields and the trained model (read-text.ts keeps the tokenizer
 * history-free for this), so batches may run in any order and give the same bytes as one thread
 * (test/platform/analyze-reviews.test.ts). Each worker reads the shipped model itself, as this
 * thread does (a model's vocabulary is a class, which a message would deliver without its
 * methods). Workers stay up between calls but are referenced only while busy, so they never keep
 * the process alive; closeReviewAnalysisPool ends them. Figures: bench/RESULTS.md, insights.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ReviewInput } from "../lib/insights/absa/analyze-review.ts";
import { analyzeReview } from "../lib/insights/build-insights.ts";
import type { ReviewAspect, ReviewContent } from "../lib/schema/review.ts";
import type { AnalysisBatch } from "./review-analysis-worker.ts";

/** Below this many reviews one thread finishes first: each worker must load wink-nlp and warm up. */
export const PARALLEL_MIN_REVIEWS = 2_000;
/** At most this many workers: each holds its own wink-nlp and model, and a build machine may have dozens of cores. */
export const MAX_THREADS = 8;
/** Reviews per message: small enough to keep every worker busy to the end, large enough that messages cost nothing. */
const BATCH_SIZE = 200;
const WORKER_FILE = "review-analysis-worker.ts";

export interface AnalyzeReviewsOptions {
  /** Worker threads to use (default: the cores this process may use, at most MAX_THREADS); below 2, one thread. */
  threads?: number;
  /** Use workers only from this many reviews on (default PARALLEL_MIN_REVIEWS). */
  minParallel?: number;
  /** The workers' script (default: review-analysis-worker.ts; tests pass one that fails). */
  workerScript?: URL;
}

/** The running job: what to do with a worker's answer, and with a failure of any of its workers. */
interface Job {
  answer: (worker: Worker, message: { id: number; results: ReviewAspect[][] }) => void;
  fail: (error: Error) => void;
}

interface Pool {
  script: URL;
  workers: Worker[];
  /** Jobs run one at a time (analyzeReviews queues them); null while the pool waits. */
  job: Job | null;
}

let pool: Pool | null = null;
/** The last job on the pool, settled or not. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The worker's script: beside this module when it runs from src/, or under
 * the working directory's src/platform/ when a bundler moved this module
 * (Astro's build runs from the project root). The path is not a literal
 * argument of `new URL`, so no bundler rewrites it.
 */
function findWorkerScript(): URL | null {
  const beside = new URL("./" + WORKER_FILE, import.meta.url);
  if (beside.protocol === "file:" && existsSync(fileURLToPath(beside))) return beside;
  const fromRoot = join(process.cwd(), "src", "platform", WORKER_FILE);
  return existsSync(fromRoot) ? pathToFileURL(fromRoot) : null;
}

function startPool(size: number, script: URL): Pool {
  const started: Pool = { script, workers: [], job: null };
  // A failure during a job fails the job; one while the pool waits retires the pool, so no job is sent to a dead worker.
  const fail = (error: Error) => {
    if (started.job !== null) started.job.fail(error);
    else if (pool === started) void closeReviewAnalysisPool();
  };
  for (let i = 0; i < size; i += 1) {
    const worker = new Worker(script);
    worker.unref();
    worker.on("message", (message: { id: number; results: ReviewAspect[][] }) => started.job?.answer(worker, message));
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`analysis worker exited with code ${code}`)));
    started.workers.push(worker);
  }
  return started;
}

/** Ends the worker threads, if any are up. */
export async function closeReviewAnalysisPool(): Promise<void> {
  const closing = pool;
  pool = null;
  if (closing) await Promise.all(closing.workers.map((worker) => worker.terminate()));
}

/** Sends the batches to the pool's workers, the next one to whichever worker answers first. */
function runOnPool(running: Pool, inputs: readonly ReviewInput[]): Promise<ReviewAspect[][]> {
  const results: ReviewAspect[][] = new Array<ReviewAspect[]>(inputs.length);
  return new Promise((resolve, reject) => {
    let next = 0;
    let busy = 0;
    const settle = (done: () => void) => {
      running.job = null;
      for (const worker of running.workers) worker.unref();
      done();
    };
    const send = (worker: Worker) => {
      if (next >= inputs.length) return;
      const batch: AnalysisBatch = { id: next, inputs: inputs.slice(next, next + BATCH_SIZE) };
      next += batch.inputs.length;
      busy += 1;
      worker.postMessage(batch);
    };
    running.job = {
      answer: (worker, { id, results: batch }) => {
        busy -= 1;
        for (let k = 0; k < batch.length; k += 1) results[id + k] = batch[k]!;
        send(worker);
        if (busy === 0) settle(() => resolve(results));
      },
      fail: (error) => settle(() => reject(error)),
    };
    for (const worker of running.workers) {
      worker.ref();
      send(worker);
    }
    if (busy === 0) settle(() => resolve(results));
  });
}

/**
 * The aspects of every review, in order: analyzeReview's result for each,
 * computed on worker threads when there are at least `minParallel` reviews
 * and more than one thread to use. Should the workers fail (a worker script
 * that cannot load, a thread that dies), the pool is ended and the reviews
 * are analyzed on this thread, which gives the same results, or the same error.
 */
export async function analyzeReviews(reviews: readonly ReviewContent[], options: AnalyzeReviewsOptions = {}): Promise<ReviewAspect[][]> {
  const threads = options.threads ?? Math.min(availableParallelism(), MAX_THREADS);
  if (threads < 2 || reviews.length < (options.minParallel ?? PARALLEL_MIN_REVIEWS)) return reviews.map((review) => analyzeReview(review));
  const script = options.workerScript ?? findWorkerScript();
  if (script === null) {
    console.error(`analyze-reviews: ${WORKER_FILE} not found beside this module or under src/platform/; analyzing on one thread instead`);
    return reviews.map((review) => analyzeReview(review));
  }
  // One job at a time on the pool: a second call waits for the first.
  const turn = queue.then(async () => {
    if (pool !== null && (pool.workers.length !== threads || pool.script.href !== script.href)) await closeReviewAnalysisPool();
    pool ??= startPool(threads, script);
    const inputs = reviews.map(({ text, rating, technicians }) => ({ text, rating, technicians }));
    try {
      return await runOnPool(pool, inputs);
    } catch (error) {
      await closeReviewAnalysisPool();
      console.error(`analyze-reviews: the worker threads failed (${(error as Error).message}); analyzing on one thread instead`);
      return reviews.map((review) => analyzeReview(review));
    }
  });
  queue = turn.catch(() => undefined);
  return turn;
}
