/**
 * Scores the aspect pipeline on the labelled dev set:
 *   node scripts/eval-absa.ts [--errors] [--devset path/to/devset.json]
 * Prints the full dev set, then the tuning part and the held-out part (every
 * third item, never used for error analysis) separately, and checks the
 * targets (micro F1 >= 0.80, detection F1 >= 0.90) on the full set.
 * --errors lists the disagreements of the tuning part (never the held-out part).
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { analyzeReviewText } from "../src/lib/insights/absa/analyze-review.ts";
import { formatAbsaTable, isHeldOut, listAbsaErrors, scoreAbsa, type AbsaItem } from "../src/lib/insights/score-absa.ts";

const argv = process.argv.slice(2);
const custom = argv.indexOf("--devset");
const DEVSET = custom >= 0 && argv[custom + 1] ? argv[custom + 1]! : fileURLToPath(new URL("../test/fixtures/absa/devset.json", import.meta.url));

if (!existsSync(DEVSET)) {
  console.error(`eval-absa: the labelled dev set is missing: ${DEVSET}\nAdd test/fixtures/absa/devset.json (items {id, rating, text, labels}) and run again.`);
  process.exit(2);
}

let items: AbsaItem[];
try {
  items = JSON.parse(readFileSync(DEVSET, "utf8")) as AbsaItem[];
  if (!Array.isArray(items) || items.length === 0) throw new Error("expected a non-empty array of items");
} catch (error) {
  console.error(`eval-absa: cannot read ${DEVSET}: ${(error as Error).message}`);
  process.exit(2);
}

const predict = (item: AbsaItem) => analyzeReviewText({ text: item.text, rating: item.rating });
const args = new Set(argv);

const full = scoreAbsa(items, predict);
console.log(formatAbsaTable(full, "Full dev set"));
console.log();
console.log(formatAbsaTable(scoreAbsa(items.filter((i) => !isHeldOut(i)), predict), "Tuning part (ids not divisible by 3)"));
console.log();
console.log(formatAbsaTable(scoreAbsa(items.filter(isHeldOut), predict), "Held-out part (ids divisible by 3, not used for error analysis)"));
const check = (name: string, value: number, target: number) => `${name} ${value.toFixed(3)} ${value >= target ? ">=" : "<"} ${target.toFixed(2)} ${value >= target ? "(met)" : "(MISSED)"}`;
console.log(`\nTargets on the full set: ${check("micro F1", full.pairs.f1, 0.8)}; ${check("detection F1", full.detection.f1, 0.9)}`);
if (args.has("--errors")) {
  const tuning = items.filter((i) => !isHeldOut(i));
  console.log("\nDisagreements on the tuning part:");
  for (const error of listAbsaErrors(tuning, predict)) console.log(`  ${error.id} ${error.aspect}: gold=${error.gold ?? "-"} predicted=${error.predicted ?? "-"}`);
}
