/**
 * Polarity error analysis of the cross-validated aspect pipeline:
 *   node scripts/analyze-polarity.ts [--list]
 *
 * Same folds as scripts/eval-absa.ts. Over the aspects that are both gold and
 * predicted it prints a gold-by-predicted polarity confusion matrix per
 * aspect, where each wrong polarity came from (the rules' verdict, the rules
 * made mixed by the sentence model, or an aspect the models added), and
 * rough categories (mixed missed or over-called, sign flip; negation,
 * contrast, lukewarm words, excuses, comparisons, sarcasm cues in the
 * sentences that carry the aspect). --list prints every wrong polarity with
 * the rules' mentions, sentence by sentence.
 */
import { listFoldedEntries, predictCrossValidated } from "./absa-folds.ts";
import { ASPECTS, type Aspect, type Sentiment } from "../src/lib/schema/review.ts";
import { decideSentiment } from "../src/lib/insights/absa/decide-sentiment.ts";
import { findReviewMentions } from "../src/lib/insights/absa/find-review-mentions.ts";

const list = process.argv.includes("--list");

const entries = listFoldedEntries();
const { predicted } = predictCrossValidated(entries);

const POLARITIES: Sentiment[] = ["positive", "negative", "mixed"];
const confusion = new Map<Aspect, number[][]>(ASPECTS.map((a) => [a, POLARITIES.map(() => POLARITIES.map(() => 0))]));
const counts = new Map<string, number>();
const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const perSet = new Map<string, { right: number; wrong: number }>();
const sources = new Map<string, { right: number; wrong: number }>();

const CUES: Array<[string, RegExp]> = [
  ["negation", /\b(not|no|never|nobody|nothing|without|n't|none|zero)\b/i],
  ["contrast", /\b(but|though|although|however|except|yet|while|whereas)\b/i],
  ["lukewarm", /\b(fine|ok|okay|decent|acceptable|alright|all right|adequate|not bad)\b/i],
  ["excuse", /\b(blame|understand|understandable|get it|worked out|no big deal|fair enough|to be fair|happens|forgive|minor)\b/i],
  ["comparison", /\b(than|compared|unlike|other compan|previous)\b/i],
  ["sarcasm", /["“”]|\b(oh sure|love paying|thanks so much|thanks for nothing|great job guys|wow)\b/i],
];

for (const { set, item } of entries) {
  const found = findReviewMentions({ text: item.text, rating: item.rating });
  const stats = perSet.get(set) ?? { right: 0, wrong: 0 };
  perSet.set(set, stats);
  for (const result of predicted.get(item)!) {
    const gold = item.labels[result.aspect];
    if (!gold) continue;
    const row = confusion.get(result.aspect)!;
    row[POLARITIES.indexOf(gold)]![POLARITIES.indexOf(result.sentiment)]! += 1;
    const own = found.mentions.filter((m) => m.aspect === result.aspect);
    const rules = decideSentiment(own, item.rating);
    const source = rules === null ? "model-added" : rules === result.sentiment ? "rules" : "rules, made mixed by the models";
    const bySource = sources.get(source) ?? { right: 0, wrong: 0 };
    sources.set(source, bySource);
    if (gold === result.sentiment) {
      stats.right += 1;
      bySource.right += 1;
      continue;
    }
    stats.wrong += 1;
    bySource.wrong += 1;
    const kind = gold === "mixed" ? "mixed missed" : result.sentiment === "mixed" ? "mixed over-called" : "sign flip";
    bump(`kind ${kind}`);
    bump(`source ${source}`);
    bump(`kind×source ${kind} / ${source}`);
    bump(`gold→pred ${gold}→${result.sentiment}`);
    const sentences = new Set(own.map((m) => m.sentence));
    const text = [...sentences].map((s) => found.sentences[s]!.text).join(" ") || result.evidence;
    const multi = sentences.size > 1 ? "several sentences" : "one sentence";
    if (source !== "model-added") bump(`rules' sentences: ${multi}`);
    if (kind === "mixed missed" && source === "rules") {
      // Did the rules see only one side, or both sides weakly?
      const sides = new Set(own.map((m) => m.polarity));
      bump(`mixed missed, rules saw ${sides.size === 2 ? "both sides (weak one dropped)" : "one side"}`);
    }
    for (const [name, pattern] of CUES) if (pattern.test(text)) bump(`cue ${name}`);
    if (list) {
      console.log(`\n${set}/${item.id} [${item.rating}★] ${result.aspect}: gold=${gold} predicted=${result.sentiment} (${kind}; ${source})`);
      found.sentences.forEach((sentence, index) => {
        const here = own.filter((m) => m.sentence === index);
        const marks = here.map((m) => `${m.polarity > 0 ? "+" : "-"}${m.weight.toFixed(2)}${m.framed ? "f" : ""}`).join(" ");
        const isEvidence = sentence.text === result.evidence ? "*" : " ";
        console.log(`  ${isEvidence}${marks.padEnd(12)} ${sentence.text}`);
      });
    }
  }
}

console.log("\nGold (rows) by predicted (columns) polarity, aspects both gold and predicted:");
console.log(`${"aspect".padEnd(16)} ${POLARITIES.map((g) => POLARITIES.map((p) => `${g[0]}→${p[0]}`).join(" ")).join(" | ")}   acc`);
const total = POLARITIES.map(() => POLARITIES.map(() => 0));
for (const aspect of ASPECTS) {
  const m = confusion.get(aspect)!;
  const all = m.flat().reduce((a, b) => a + b, 0);
  const right = POLARITIES.reduce((sum, _, i) => sum + m[i]![i]!, 0);
  m.forEach((r, i) => r.forEach((v, j) => (total[i]![j]! += v)));
  console.log(`${aspect.padEnd(16)} ${m.map((r) => r.map((v) => String(v).padStart(3)).join(" ")).join(" | ")}   ${(right / all).toFixed(3)}`);
}
const all = total.flat().reduce((a, b) => a + b, 0);
console.log(
  `${"all".padEnd(16)} ${total.map((r) => r.map((v) => String(v).padStart(3)).join(" ")).join(" | ")}   ${(POLARITIES.reduce((s, _, i) => s + total[i]![i]!, 0) / all).toFixed(3)}`,
);
console.log("\nCategories of the wrong polarities (a cue counts when it occurs in the sentences carrying the aspect):");
for (const [key, value] of [...counts.entries()].sort()) console.log(`  ${key.padEnd(60)} ${value}`);
console.log("\nPolarity accuracy by where the verdict came from:");
for (const [source, { right, wrong }] of sources)
  console.log(`  ${source.padEnd(24)} ${(right / (right + wrong)).toFixed(3)} (${wrong} wrong of ${right + wrong})`);
console.log("\nPolarity accuracy per set:");
for (const [set, { right, wrong }] of perSet) console.log(`  ${set.padEnd(10)} ${(right / (right + wrong)).toFixed(3)} (${wrong} wrong of ${right + wrong})`);
