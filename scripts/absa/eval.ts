/**
 * `npm run eval:absa`: how well the aspect analysis does on the labelled
 * reviews in data/absa/ (docs/insights.md explains each figure).
 *
 *   npm run eval:absa                          cross-validation, targets, first-sight scores, ablation
 *   npm run eval:absa -- --no-ablation         the same without the ablation (a few minutes less)
 *   npm run eval:absa -- --errors              also every disagreement (with any of the forms here)
 *   npm run eval:absa -- --devset path.json    a new batch scored by the shipped model: its first-sight figure
 *   npm run eval:absa -- --hold-out batch-64,batch-65
 *                                              a model trained on every other set scores the named sets
 *   npm run eval:absa -- --agreement data/absa/second-labels/batch-110.json,...
 *                                              second, blind labellings scored against the committed labels
 *   npm run eval:absa -- --content             the shipped model on the business's own reviews (content/), labelled blind
 *   --typos 0.03,0.08                          with --devset or --hold-out: the sets scored again with typing slips in
 *                                              that share of their longer words (typos.ts), once per rate
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { analyzeReviewText } from "../../src/lib/insights/absa/analyze-review.ts";
import { loadDefaultAbsaModel } from "../../src/lib/insights/absa/model/default-model.ts";
import type { AbsaModel } from "../../src/lib/insights/absa/model/aspect-model.ts";
import { RULE_FAMILIES, type RuleFamily } from "../../src/lib/insights/absa/rule-families.ts";
import { formatAbsaTable, listAbsaErrors, scoreAbsa, type AbsaItem, type AbsaScores, type Counts } from "../../src/lib/insights/score-absa.ts";
import type { ReviewAspect } from "../../src/lib/schema/review.ts";
import { listFoldedEntries, predictCrossValidated, trainAsShipped } from "./folds.ts";
import { DATA_DIR, loadContentLabels, loadLabelledSets, type ContentLabels } from "./labelled-data.ts";
import { addTypos } from "./typos.ts";

const argv = process.argv.slice(2);

/** The targets of docs/insights.md. */
const TARGETS = { micro: 0.8, detection: 0.9, perAspect: 0.8 };
/** A family that adds less than this to cross-validated micro F1 does not earn its place. */
const EARNS_PLACE = 0.005;

/** An F1 against its target, compared unrounded: the scores are rounded to three places, and 0.8995 is no 0.90. */
function mark({ tp, fp, fn, f1 }: Counts, target: number): string {
  const exact = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  const shown = f1.toFixed(3) === exact.toFixed(3) && exact >= target ? f1.toFixed(3) : `${f1.toFixed(3)} (${exact.toFixed(4)} unrounded)`;
  return `${shown} ${exact >= target ? "(met)" : `(MISSED, target ${target.toFixed(2)})`}`;
}

function printTargets(scores: AbsaScores): void {
  console.log(`Targets: micro F1 ${mark(scores.pairs, TARGETS.micro)}; detection F1 ${mark(scores.detection, TARGETS.detection)}`);
  const below = scores.aspects.flatMap((a) => [
    ...(a.precision < TARGETS.perAspect ? [`${a.aspect} precision ${a.precision.toFixed(3)}`] : []),
    ...(a.recall < TARGETS.perAspect ? [`${a.aspect} recall ${a.recall.toFixed(3)}`] : []),
  ]);
  console.log(`Per aspect, precision and recall >= ${TARGETS.perAspect.toFixed(2)}: ${below.length === 0 ? "met" : `MISSED: ${below.join(", ")}`}`);
}

function readItems(path: string): AbsaItem[] {
  try {
    const items = JSON.parse(readFileSync(path, "utf8")) as AbsaItem[];
    if (!Array.isArray(items) || items.length === 0) throw new Error("expected a non-empty array of labelled reviews");
    return items;
  } catch (error) {
    console.error(`eval:absa: cannot read ${path}: ${(error as Error).message}`);
    process.exit(2);
  }
}

/** The rates of --typos, each a share of words between 0 and 1; none without the option. */
function readTypoRates(): number[] {
  const at = argv.indexOf("--typos");
  if (at < 0) return [];
  const rates = (argv[at + 1] ?? "").split(",").map(Number);
  if (rates.length === 0 || rates.some((rate) => !(rate > 0 && rate <= 1))) {
    console.error("eval:absa: --typos needs rates between 0 and 1, separated by commas (--typos 0.03,0.08)");
    process.exit(2);
  }
  return rates;
}
const typoRates = readTypoRates();

/**
 * Scores `items` with `predict`: the table, the targets, and with --errors every disagreement; then, for each rate
 * of --typos, the same items with typing slips in their texts (the labels stay: a slip changes no opinion).
 */
function report(items: readonly AbsaItem[], predict: (item: AbsaItem) => ReviewAspect[], title: string): void {
  const scores = scoreAbsa(items, predict);
  console.log(formatAbsaTable(scores, title));
  printTargets(scores);
  if (argv.includes("--errors")) printErrors(items, predict);
  for (const rate of typoRates) {
    const slipped = items.map((item) => ({ ...item, text: addTypos(item.text, item.id, rate) }));
    console.log(`\n${formatAbsaTable(scoreAbsa(slipped, predict), `${title}, with typing slips in ${rate} of the words of four letters or more`)}`);
  }
}

function printErrors(items: readonly AbsaItem[], predict: (item: AbsaItem) => ReviewAspect[]): void {
  for (const e of listAbsaErrors(items, predict)) console.log(`  ${e.id} ${e.aspect}: gold=${e.gold ?? "-"} predicted=${e.predicted ?? "-"}`);
}

/** The labels of content/ (data/absa/content-labels.json), read before any training so a bad file stops the run at once. */
function readContentLabels(): ContentLabels {
  try {
    return loadContentLabels();
  } catch (error) {
    console.error(`eval:absa: ${(error as Error).message}`);
    process.exit(2);
  }
}

/**
 * The business's own reviews in content/, labelled blind and never trained on, read by `model` as the build reads
 * them (with the review's technicians): how the product's pages read.
 */
function reportContent({ items, gone, edited, unlabelled }: ContentLabels, model: AbsaModel, whose: string): void {
  const left = [
    ...(edited.length > 0 ? [`left out, edited since labelled: ${edited.join(", ")}`] : []),
    ...(gone.length > 0 ? [`labelled but no longer in content/: ${gone.join(", ")}`] : []),
    ...(unlabelled > 0 ? [`${unlabelled} not labelled yet`] : []),
  ];
  const technicians = new Map(items.map((item) => [item as AbsaItem, item.technicians]));
  const predict = (item: AbsaItem) => analyzeReviewText({ text: item.text, rating: item.rating, technicians: technicians.get(item) }, model);
  const title = `content/, labelled and never trained on, scored by ${whose}${left.length > 0 ? ` (${left.join("; ")})` : ""}`;
  console.log(`\n${formatAbsaTable(scoreAbsa(items, predict), title)}`);
  if (argv.includes("--errors")) printErrors(items, predict);
}

const shippedModel = (item: AbsaItem) => analyzeReviewText({ text: item.text, rating: item.rating });

const devset = argv.indexOf("--devset");
const holdOut = argv.indexOf("--hold-out");
const agreement = argv.indexOf("--agreement");
if (typoRates.length > 0 && devset < 0 && holdOut < 0) {
  console.error("eval:absa: --typos goes with --devset or --hold-out");
  process.exit(2);
}
if ([devset, holdOut, agreement, argv.indexOf("--content")].filter((at) => at >= 0).length > 1) {
  console.error("eval:absa: give one of --devset, --hold-out, --agreement and --content");
  process.exit(2);
}
if (devset >= 0) {
  const path = argv[devset + 1];
  if (path === undefined) {
    console.error("eval:absa: --devset needs the path of a labelled batch");
    process.exit(2);
  }
  report(readItems(path), shippedModel, `${path}, scored by the shipped model`);
  process.exit(0);
}
if (argv.includes("--content")) {
  reportContent(readContentLabels(), loadDefaultAbsaModel(), "the shipped model");
  process.exit(0);
}

const sets = loadLabelledSets();

if (agreement >= 0) {
  // Two labellers, one definition: how often the second labelling matches the committed one, scored as if it were a prediction.
  const paths = (argv[agreement + 1] ?? "").split(",").filter(Boolean);
  if (paths.length === 0) {
    console.error("eval:absa: --agreement needs the paths of second labellings, separated by commas");
    process.exit(2);
  }
  const committed = new Map(sets.flatMap((set) => set.items).map((item) => [item.id, item]));
  const second = paths.flatMap(readItems);
  const stray = second.filter((item) => committed.get(item.id)?.text !== item.text).map((item) => item.id);
  if (stray.length > 0) {
    console.error(`eval:absa: no labelled review with the same id and text for ${stray.slice(0, 5).join(", ")}`);
    process.exit(2);
  }
  const labels = new Map(second.map((item) => [item.id, item.labels]));
  report(
    second.map((item) => committed.get(item.id)!),
    (item) => Object.entries(labels.get(item.id)!).map(([aspect, sentiment]) => ({ aspect, sentiment, evidence: "" }) as ReviewAspect),
    `${paths.join(", ")}: a second labelling scored against the committed labels`,
  );
  process.exit(0);
}

const contentLabels = readContentLabels();

if (holdOut >= 0) {
  const names = new Set((argv[holdOut + 1] ?? "").split(",").filter(Boolean));
  const unknown = [...names].filter((name) => !sets.some((set) => set.name === name));
  const train = sets.filter((set) => !names.has(set.name)).flatMap((set) => set.items);
  if (names.size === 0 || unknown.length > 0 || train.length === 0) {
    const why = unknown.length > 0 ? `; unknown: ${unknown.join(", ")}` : train.length === 0 ? "; that leaves nothing to train on" : "";
    console.error(`eval:absa: --hold-out needs some of the labelled sets' names (devset, batch-1, ...)${why}`);
    process.exit(2);
  }
  const model = trainAsShipped(train);
  const held = sets.filter((set) => names.has(set.name)).flatMap((set) => set.items);
  report(
    held,
    (item) => analyzeReviewText({ text: item.text, rating: item.rating }, model),
    `${[...names].join(", ")}, scored by a model trained on the other ${train.length} reviews`,
  );
  reportContent(contentLabels, model, "the same model");
  process.exit(0);
}

const entries = listFoldedEntries(sets);
const all = entries.map((entry) => entry.item);
const ablate = !argv.includes("--no-ablation");
const configs: RuleFamily[][] = [[], ...(ablate ? RULE_FAMILIES.map((family) => [family]) : [])];
const started = performance.now();
const [shipped, ...without] = await predictCrossValidated(entries, configs);
const crossValidated = (item: AbsaItem) => shipped!.get(item)!;

const cv = scoreAbsa(all, crossValidated);
console.log(formatAbsaTable(cv, "5-fold cross-validation by review, all labelled data"));
printTargets(cv);

console.log("\nCross-validated, per labelled set: detection F1 / micro F1");
const perSet = sets.map((set) => {
  const scores = scoreAbsa(set.items, crossValidated);
  return `${set.name} ${scores.detection.f1.toFixed(3)} / ${scores.pairs.f1.toFixed(3)}`;
});
for (let i = 0; i < perSet.length; i += 4) console.log(`  ${perSet.slice(i, i + 4).join("    ")}`);

interface FirstSight {
  batch: string;
  measured: string;
  commit: string;
  reviews: number;
  labels?: string;
  detection_f1?: number;
  micro_f1?: number;
  table: string;
}
const firstSightPath = join(DATA_DIR, "first-sight.json");
const firstSight = existsSync(firstSightPath) ? (JSON.parse(readFileSync(firstSightPath, "utf8")) as FirstSight[]) : [];
console.log(`\nFirst-sight scores: each batch scored by the shipped model before any change looked at it (${firstSightPath.slice(DATA_DIR.length - 9)})`);
for (const record of firstSight.filter((r) => r.micro_f1 !== undefined)) {
  const today = sets.find((set) => set.name === record.batch);
  const cvToday = today ? scoreAbsa(today.items, crossValidated) : null;
  console.log(
    `  ${record.batch.padEnd(10)} first sight ${record.detection_f1!.toFixed(3)} / ${record.micro_f1!.toFixed(3)} at ${record.commit.slice(0, 7)}` +
      (cvToday ? `; cross-validated today ${cvToday.detection.f1.toFixed(3)} / ${cvToday.pairs.f1.toFixed(3)}` : ""),
  );
}
const older = firstSight.filter((r) => r.micro_f1 === undefined).length;
if (older > 0) console.log(`  (${older} older records were scored against labels since revised to docs/aspects.md; their tables stay in the file)`);

reportContent(contentLabels, loadDefaultAbsaModel(), "the shipped model");

if (ablate) {
  console.log(`\nAblation: cross-validated micro F1 with each rule family switched off (all on: ${cv.pairs.f1.toFixed(3)})`);
  RULE_FAMILIES.forEach((family, i) => {
    const off = scoreAbsa(all, (item) => without[i]!.get(item)!);
    const gain = cv.pairs.f1 - off.pairs.f1;
    const verdict = gain >= EARNS_PLACE ? "" : `  < ${EARNS_PLACE}: does not earn its place`;
    console.log(
      `  ${family.padEnd(18)} ${off.pairs.f1.toFixed(3)}  (family adds ${gain >= 0 ? "+" : ""}${gain.toFixed(3)}; detection ${off.detection.f1.toFixed(3)})${verdict}`,
    );
  });
}

if (argv.includes("--errors")) {
  console.log("\nCross-validated disagreements:");
  printErrors(all, crossValidated);
}
console.log(`\n(${configs.length} cross-validations in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
