/**
 * A worker thread of analyze-reviews.ts: analyzes batches of reviews with
 * the model the main thread loaded and sent once (`workerData.model`), and
 * posts each batch's results back under the batch's id.
 */
import { parentPort, workerData } from "node:worker_threads";
import { analyzeReviewText, type ReviewInput } from "../lib/insights/absa/analyze-review.ts";
import type { AbsaModel } from "../lib/insights/absa/model/aspect-model.ts";

export interface AnalysisBatch {
  id: number;
  inputs: ReviewInput[];
}

const { model } = workerData as { model: AbsaModel };

parentPort!.on("message", ({ id, inputs }: AnalysisBatch) => {
  parentPort!.postMessage({ id, results: inputs.map((input) => analyzeReviewText(input, model)) });
});
