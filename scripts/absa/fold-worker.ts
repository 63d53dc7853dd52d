/** Worker thread of folds.ts: trains one fold's model, sends it through its file format, predicts the held-out fold. */
import { parentPort } from "node:worker_threads";
import { analyzeReviewText } from "../../src/lib/insights/absa/analyze-review.ts";
import { trainAbsaModel } from "../../src/lib/insights/absa/model/aspect-model.ts";
import { freezeAbsaModel, thawAbsaModel } from "../../src/lib/insights/absa/model/model-file.ts";
import type { FoldJob } from "./folds.ts";

const unused = { reviews: 0, data_sha256: "", code_sha256: "" };

parentPort!.on("message", ({ off, train, test }: FoldJob) => {
  const switched = new Set(off);
  const model = thawAbsaModel(freezeAbsaModel(trainAbsaModel(train, switched), unused));
  parentPort!.postMessage(test.map((item) => analyzeReviewText({ text: item.text, rating: item.rating }, model, switched)));
});
