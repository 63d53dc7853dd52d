/**
 * Detection error analysis of the cross-validated aspect pipeline:
 *   node scripts/analyze-detection.ts [--list] [--dump path.json]
 *
 * Same folds as scripts/eval-absa.ts. Every false positive (an aspect
 * predicted that the gold labels lack) and false negative (a gold aspect not
 * predicted) is counted by aspect and by where the decision came from: the
 * rules (with their strongest cue's weight), the sentence detector, or the
 * review detector. A false positive whose review carries a related gold
 * aspect is a confusion ("scheduling for punctuality"); a false negative is
 * described by what the models saw (the best sentence probability against
 * the aspect's threshold, the review probability) and whether the rules found
 * a related aspect instead. --list prints each error with its sentences;
 * --dump writes the models' scores per review and aspect, for trying decision
 * rules offline.
 */
import { listFoldedEntries, predictCrossValidated } from "./absa-folds.ts";
import { writeFileSync } from "node:fs";
import { ASPECTS, type Aspect } from "../src/lib/schema/review.ts";
import { RULED_MARGIN } from "../src/lib/insights/absa/analyze-review.ts";
import { decideSentiment } from "../src/lib/insights/absa/decide-sentiment.ts";
import { findReviewMentions } from "../src/lib/insights/absa/find-review-mentions.ts";
import { scoreAspects } from "../src/lib/insights/absa/model/aspect-model.ts";
import { scoreReview } from "../src/lib/insights/absa/model/review-model.ts";

const argv = process.argv.slice(2);
const list = argv.includes("--list");
const dumpAt = argv.indexOf("--dump");
const dumpPath = dumpAt >= 0 ? argv[dumpAt + 1] : undefined;

/** Aspects whose statements are easily taken for one another. */
const RELATED: Partial<Record<Aspect, Aspect[]>> = {
  punctuality: ["scheduling", "communication"],
  scheduling: ["punctuality", "communication"],
  communication: ["scheduling", "punctuality", "professionalism"],
  professionalism: ["communication", "work_quality", "cleanliness"],
  work_quality: ["professionalism", "cleanliness"],
  cleanliness: ["work_quality", "professionalism"],
  price_value: ["professionalism", "work_quality"],
};

interface Dumped {
  set: string;
  id: string;
  fold: number;
  rating: number;
  sentences: number;
  aspect: Aspect;
  gold: string | null;
  predicted: string | null;
  rules: string | null;
  strongest: number;
  bySentence: number[];
  negative: number[];
  ruled: boolean[];
  excluded: boolean[];
  review: number;
}

const entries = listFoldedEntries();
const { predicted, models } = predictCrossValidated(entries);

const counts = new Map<string, number>();
const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const dumped: Dumped[] = [];
const band = (p: number) => (p >= 0.8 ? ">=0.8" : p >= 0.6 ? "0.6-0.8" : p >= 0.4 ? "0.4-0.6" : p >= 0.2 ? "0.2-0.4" : "<0.2");

for (const { set, item, fold } of entries) {
  const model = models[fold]!;
  const findings = findReviewMentions({ text: item.text, rating: item.rating });
  const { sentences, mentions, setAside, blocked } = findings;
  const scores = sentences.length > 0 ? scoreAspects(model, sentences, item.rating) : null;
  const reviewAt = scores ? scoreReview(model.review, scores.rows, findings) : null;
  const result = predicted.get(item)!;
  const ruledSet = new Set(mentions.map((m) => m.sentence));
  for (const aspect of ASPECTS) {
    const own = mentions.filter((m) => m.aspect === aspect);
    const rules = decideSentiment(own, item.rating);
    const gold = item.labels[aspect] ?? null;
    const got = result.find((r) => r.aspect === aspect)?.sentiment ?? null;
    const learned = scores?.aspects.get(aspect);
    const excluded = sentences.map((_, i) => setAside.has(i) || blocked.get(i)?.has(aspect) === true);
    const bySentence = learned ? [...learned.bySentence] : [];
    const review = reviewAt ? reviewAt(aspect) : 0;
    const strongest = Math.max(0, ...own.map((m) => m.weight));
    dumped.push({
      set,
      id: item.id,
      fold,
      rating: item.rating,
      sentences: sentences.length,
      aspect,
      gold,
      predicted: got,
      rules,
      strongest,
      bySentence,
      negative: sentences.map((_, i) => (scores ? scores.negativeAt(aspect, i) : 0.5)),
      ruled: sentences.map((_, i) => ruledSet.has(i)),
      excluded,
      review,
    });
    if ((gold === null) === (got === null)) continue;
    const threshold = model.add[aspect];
    const best = bySentence.reduce((b, p, i) => (excluded[i] ? b : Math.max(b, p - (ruledSet.has(i) ? RULED_MARGIN : 0))), 0);
    const goldRelated = (RELATED[aspect] ?? []).filter((a) => item.labels[a] !== undefined);
    const predRelated = (RELATED[aspect] ?? []).filter((a) => result.some((r) => r.aspect === a) && item.labels[a] === undefined);
    let line: string;
    if (got !== null) {
      const source =
        rules !== null
          ? `rules (cue ${strongest >= 0.9 ? ">=0.9" : strongest >= 0.65 ? "0.65-0.9" : "<0.65"})`
          : best >= threshold
            ? "sentence model"
            : "review model";
      bump(`FP ${aspect}`);
      bump(`FP source ${source}`);
      bump(`FP ${aspect} / ${source}`);
      const kind =
        goldRelated.length > 0
          ? `confusion (gold has ${goldRelated.join("+")})`
          : Object.keys(item.labels).length === 0
            ? "review with no gold aspect"
            : "no related gold aspect";
      bump(`FP kind ${kind.startsWith("confusion") ? "confusion with a related gold aspect" : kind}`);
      bump(`FP ${aspect} / ${kind}`);
      line = `FP ${aspect} (${source}; ${kind}; gold ${JSON.stringify(item.labels)})`;
    } else {
      const seen = rules !== null ? "rules found it (dropped?)" : `model best ${band(best + threshold - threshold)} (thr ${threshold}), review ${band(review)}`;
      bump(`FN ${aspect}`);
      const why = best >= threshold - 0.15 ? "sentence model just under" : review >= 0.4 ? "review model 0.4-0.6" : "models far off";
      bump(`FN reason ${why}`);
      bump(`FN ${aspect} / ${why}`);
      if (predRelated.length > 0) {
        bump(`FN kind predicted related instead`);
        bump(`FN ${aspect} / predicted ${predRelated.join("+")} instead`);
      }
      line = `FN ${aspect} gold=${gold} (${seen}; sent ${best.toFixed(2)}, review ${review.toFixed(2)}${predRelated.length ? `; predicted ${predRelated.join("+")} instead` : ""})`;
    }
    if (list) {
      console.log(`\n${set}/${item.id} [${item.rating}★] ${line}`);
      sentences.forEach((sentence, index) => {
        const here = own.filter((m) => m.sentence === index);
        const marks = here.map((m) => `${m.polarity > 0 ? "+" : "-"}${m.weight.toFixed(2)}`).join(" ");
        const p = bySentence[index] ?? 0;
        const flags = `${excluded[index] ? "x" : " "}${ruledSet.has(index) ? "r" : " "}`;
        console.log(`  ${p.toFixed(2)} ${flags} ${marks.padEnd(10)} ${sentence.text}`);
      });
    }
  }
}

console.log("\nDetection errors (cross-validated):");
for (const [key, value] of [...counts.entries()].sort()) console.log(`  ${key.padEnd(90)} ${value}`);
if (dumpPath) writeFileSync(dumpPath, JSON.stringify(dumped));
