/**
 * Scores the aspect pipeline on the labelled reviews:
 *   node scripts/eval-absa.ts [--errors] [--devset path/to/set.json]
 *
 * Without --devset it prints, for all labelled data in the repo (the dev set
 * plus every batch under test/fixtures/absa/batches):
 *   1. 5-fold cross-validation by review: the learned models are trained on
 *      four folds and score the fifth (fold = FNV-1a hash of the id, mod 5).
 *      The rules are shared by all folds (they were written on the dev set).
 *   2. The same, per labelled set.
 *   3. The first-sight score of each batch, as recorded in
 *      test/fixtures/absa/first-sight.json (measured by the lead with the
 *      analyzer as it was before the batch was seen), beside its CV score.
 *   4. The tuned tables (model trained on everything, scored on its own data)
 *      and the rules alone, for reference only.
 * With --devset it scores that file with the shipped analyzer (trained on all
 * labelled data in the repo): the first-sight measurement of a new batch.
 * --errors lists the cross-validated disagreements.
 */
import { listFoldedEntries, predictCrossValidated } from "./absa-folds.ts";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { analyzeReviewText } from "../src/lib/insights/absa/analyze-review.ts";
import { LABELLED_SETS } from "../src/lib/insights/absa/model/labelled-data.ts";
import { formatAbsaTable, listAbsaErrors, scoreAbsa, type AbsaItem, type AbsaScores } from "../src/lib/insights/score-absa.ts";

const argv = process.argv.slice(2);
const args = new Set(argv);
const custom = argv.indexOf("--devset");

function readItems(path: string): AbsaItem[] {
  if (!existsSync(path)) {
    console.error(`eval-absa: the labelled set is missing: ${path}`);
    process.exit(2);
  }
  try {
    const items = JSON.parse(readFileSync(path, "utf8")) as AbsaItem[];
    if (!Array.isArray(items) || items.length === 0) throw new Error("expected a non-empty array of items");
    return items;
  } catch (error) {
    console.error(`eval-absa: cannot read ${path}: ${(error as Error).message}`);
    process.exit(2);
  }
}

const check = (name: string, value: number, target: number) =>
  `${name} ${value.toFixed(3)} ${value >= target ? ">=" : "<"} ${target.toFixed(2)} ${value >= target ? "(met)" : "(MISSED)"}`;

function printTargets(scores: AbsaScores, label: string): void {
  const communication = scores.aspects.find((a) => a.aspect === "communication")!;
  const weakest = [...scores.aspects].sort((a, b) => a.recall - b.recall)[0]!;
  console.log(
    `Targets (${label}): ${check("micro F1", scores.pairs.f1, 0.8)}; ${check("detection F1", scores.detection.f1, 0.9)}; ` +
      `${check("communication precision", communication.precision, 0.85)}; ${check(`lowest recall (${weakest.aspect})`, weakest.recall, 0.75)}`,
  );
}

if (custom >= 0) {
  const path = argv[custom + 1];
  if (!path) {
    console.error("eval-absa: --devset needs a path");
    process.exit(2);
  }
  const items = readItems(path);
  const scores = scoreAbsa(items, (item) => analyzeReviewText({ text: item.text, rating: item.rating }));
  console.log(formatAbsaTable(scores, `${path}, shipped analyzer (trained on all labelled data in the repo)`));
  printTargets(scores, path);
  if (args.has("--errors"))
    for (const error of listAbsaErrors(items, (item) => analyzeReviewText({ text: item.text, rating: item.rating })))
      console.log(`  ${error.id} ${error.aspect}: gold=${error.gold ?? "-"} predicted=${error.predicted ?? "-"}`);
  process.exit(0);
}

const entries = listFoldedEntries();
const { predicted } = predictCrossValidated(entries);
const crossValidated = (item: AbsaItem) => predicted.get(item)!;
const all = entries.map((e) => e.item);
const cv = scoreAbsa(all, crossValidated);
console.log(
  formatAbsaTable(
    cv,
    `5-fold cross-validation by review, all labelled data (folds: ${[0, 1, 2, 3, 4].map((f) => entries.filter((e) => e.fold === f).length).join("/")})`,
  ),
);
printTargets(cv, "cross-validation");

for (const set of LABELLED_SETS) {
  console.log();
  console.log(formatAbsaTable(scoreAbsa(set.items, crossValidated), `Cross-validated, ${set.name}`));
}

interface FirstSight {
  batch: string;
  file: string;
  commit: string;
  reviews: number;
  table: string;
}
const firstSightPath = fileURLToPath(new URL("../test/fixtures/absa/first-sight.json", import.meta.url));
const firstSight = existsSync(firstSightPath) ? (JSON.parse(readFileSync(firstSightPath, "utf8")) as FirstSight[]) : [];
console.log(`\nFirst-sight scores (recorded in test/fixtures/absa/first-sight.json; ${firstSight.length} batches)`);
for (const record of firstSight) {
  console.log(`\n${record.batch} (${record.reviews} reviews), first sight, scored by the analyzer at commit ${record.commit}:`);
  console.log(record.table.trimEnd());
  const set = LABELLED_SETS.find((s) => s.name === record.batch);
  if (set) console.log(`\n${formatAbsaTable(scoreAbsa(set.items, crossValidated), `${record.batch} today, cross-validated`)}`);
}

console.log();
const tuned = scoreAbsa(all, (item) => analyzeReviewText({ text: item.text, rating: item.rating }));
console.log(formatAbsaTable(tuned, "Tuned, for reference only: shipped model scored on its own training data"));
console.log();
console.log(
  formatAbsaTable(
    scoreAbsa(all, (item) => analyzeReviewText({ text: item.text, rating: item.rating }, null)),
    "Rules alone (written on the dev set), all labelled data",
  ),
);

if (args.has("--errors")) {
  console.log("\nCross-validated disagreements:");
  for (const error of listAbsaErrors(all, crossValidated))
    console.log(`  ${error.id} ${error.aspect}: gold=${error.gold ?? "-"} predicted=${error.predicted ?? "-"}`);
}
