/**
 * A worker thread of analyze-reviews.ts: analyzes batches of reviews with
 * the shipped model, read once on the first batch, and posts each batch's
 * results back under the batch's id.
 */
import { parentPort } from "node:worker_threads";
import { analyzeReviewText, type ReviewInput } from "../lib/insights/absa/analyze-review.ts";

export interface AnalysisBatch {
  id: number;
  inputs: ReviewInput[];
}

parentPort!.on("message", ({ id, inputs }: AnalysisBatch) => {
  parentPort!.postMessage({ id, results: inputs.map((input) => analyzeReviewText(input)) });
});
