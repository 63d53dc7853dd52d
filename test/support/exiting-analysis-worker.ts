/**
 * The real analysis worker (src/platform/review-analysis-worker.ts), made to
 * exit 50 ms after each batch it answers: a thread that dies while its pool
 * waits for the next job (test/platform/analyze-reviews.test.ts).
 */
import { parentPort } from "node:worker_threads";
import "../../src/platform/review-analysis-worker.ts";

parentPort!.on("message", () => setTimeout(() => process.exit(0), 50));
