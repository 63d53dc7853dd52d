/** Worker thread of folds.ts: trains one fold's model, sends it through its file format, predicts the held-out fold. */
import { parentPort } from "node:worker_threads";
import { analyzeReviewText } from "../../src/lib/insights/absa/analyze-review.ts";
import { trainAsShipped, type FoldJob } from "./folds.ts";

parentPort!.on("message", ({ off, train, test }: FoldJob) => {
  const switched = new Set(off);
  const model = trainAsShipped(train, switched);
  parentPort!.postMessage(test.map((item) => analyzeReviewText({ text: item.text, rating: item.rating }, model, switched)));
});
