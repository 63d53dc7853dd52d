/**
 * `npm run train:absa`: trains the aspect models on every labelled review in
 * data/absa/ and writes src/lib/insights/absa/model/trained-model.json, the
 * file that builds, tests and servers load. Deterministic: the same data and
 * code give the same bytes.
 *   --check   only compares the hashes the file records with today's data and code (fast)
 *   --verify  trains, and fails unless the result is the committed file byte for byte
 */
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { trainAbsaModel } from "../../src/lib/insights/absa/model/aspect-model.ts";
import { freezeAbsaModel, type AbsaModelFile } from "../../src/lib/insights/absa/model/model-file.ts";
import { describeTrainingInputs, listLabelledItems, loadLabelledSets, MODEL_PATH, ROOT } from "./labelled-data.ts";

const sets = loadLabelledSets();
const inputs = describeTrainingInputs(sets);
const where = relative(ROOT, MODEL_PATH);

if (process.argv.includes("--check")) {
  const current = (JSON.parse(readFileSync(MODEL_PATH, "utf8")) as AbsaModelFile).trained_on;
  const stale = current.data_sha256 !== inputs.data_sha256 || current.code_sha256 !== inputs.code_sha256;
  console.log(stale ? `${where} is stale: run npm run train:absa` : `${where} is current (${current.reviews} reviews)`);
  process.exit(stale ? 1 : 0);
}

const started = performance.now();
const model = trainAbsaModel(listLabelledItems(sets));
const bytes = `${JSON.stringify(freezeAbsaModel(model, inputs))}\n`;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (process.argv.includes("--verify")) {
  const same = readFileSync(MODEL_PATH, "utf8") === bytes;
  console.log(same ? `${where} is exactly what training gives (${seconds} s)` : `${where} differs from what training gives: run npm run train:absa`);
  process.exit(same ? 0 : 1);
}
writeFileSync(MODEL_PATH, bytes);
console.log(`Trained on ${inputs.reviews} labelled reviews in ${seconds} s; wrote ${where} (vocabulary ${model.vocabulary.size})`);
