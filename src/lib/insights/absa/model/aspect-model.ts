import { ASPECTS, type Aspect } from "../../../schema/review.ts";
import type { Sentence } from "../../nlp/read-text.ts";
import type { AbsaItem } from "../../score-absa.ts";
import { findReviewMentions } from "../find-review-mentions.ts";
import { ALL_RULES_ON, type RulesOff } from "../rule-families.ts";
import { isRead, normalizeLemma, visitSentenceFeatures } from "./text-features.ts";
import { MODEL_TRAINING, scoreLogistic, sigmoid, trainLogistic, type LinearModel, type SparseRow } from "./train-logistic.ts";
import { trainReviewModel, type ReviewModel } from "./review-model.ts";
import { trainSidesModel, type SidesModel } from "./sides-model.ts";

/**
 * Learned models that back up the rules on unseen wording: per aspect a
 * sentence detector (does this sentence judge the aspect?) and a review
 * detector, and the sides model that gives each judged aspect its verdict.
 * Sentence labels are weak (multiple-instance learning); docs/insights.md
 * explains how they are made.
 */
export interface AbsaModel {
  vocabulary: ReadonlyMap<string, number>;
  detectors: ReadonlyMap<Aspect, LinearModel>;
  /** The detector adds an aspect the rules missed when a sentence scores this or above (per aspect). */
  add: Readonly<Record<Aspect, number>>;
  /** Review-level detectors, trained on the gold labels directly (review-model.ts). */
  review: ReviewModel;
  /** The verdict on each aspect the review judges (sides-model.ts). */
  sides: SidesModel;
}

export interface SentenceProbabilities {
  /** Probability, per sentence, that it judges the aspect. */
  bySentence: Float64Array;
}

export interface ReviewScores {
  aspects: Map<Aspect, SentenceProbabilities>;
  /** The sentences' feature rows (the review models read them too). */
  rows: SparseRow[];
}

/** Decision thresholds per aspect, chosen by cross-validation where they balance the aspect's precision and recall. */
export const DEFAULT_ADD: Readonly<Record<Aspect, number>> = {
  punctuality: 0.5,
  professionalism: 0.7,
  cleanliness: 0.4,
  work_quality: 0.5,
  price_value: 0.65,
  communication: 0.5,
  scheduling: 0.5,
};

/** A feature occurs in at least this many training reviews to enter the vocabulary. */
const MIN_REVIEWS = 2;
/** Positive sentences weigh up to this many times a negative one (class balance). */
const BALANCE_CAP = 4;

/**
 * The sentence's place in its review, as one feature: the opening sentence
 * (also a one-sentence review's only one), the closing one, or one between.
 * Openings tell the occasion and closings sum up ("Would use again").
 */
const POSITIONS = ["<first>", "<last>", "<middle>"] as const;

function positionOf(index: number, count: number): number {
  return index === 0 ? 0 : index === count - 1 ? 1 : 2;
}

/** The sentence's features that the vocabulary knows, as vocabulary indices (each once, in first-seen order). */
function encodeSentence(sentence: Sentence, vocabulary: ReadonlyMap<string, number>, position: number): SparseRow {
  const found = new Set<number>();
  const add = (feature: string) => {
    const index = vocabulary.get(feature);
    if (index !== undefined) found.add(index);
  };
  let previous = "<s>";
  for (const token of sentence.tokens) {
    if (!isRead(token)) continue;
    const word = normalizeLemma(token);
    add(word);
    if (token.negated) add(`!${word}`);
    add(`${previous} ${word}`);
    previous = word;
  }
  add(POSITIONS[position]!);
  return { indices: Int32Array.from(found), values: null };
}

function buildVocabulary(documents: readonly Sentence[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentences of documents) {
    const seen = new Set<string>();
    for (const sentence of sentences) visitSentenceFeatures(sentence, (feature) => seen.add(feature));
    sentences.forEach((_, index) => seen.add(POSITIONS[positionOf(index, sentences.length)]!));
    for (const feature of seen) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  }
  const kept = [...counts.entries()]
    .filter(([, count]) => count >= MIN_REVIEWS)
    .map(([feature]) => feature)
    .sort();
  return new Map(kept.map((feature, index) => [feature, index]));
}

interface Example {
  row: SparseRow;
  label: number;
}

/** Balances the classes (an aspect is judged in a small share of sentences) and trains one detector. */
function trainDetector(examples: readonly Example[], size: number): LinearModel {
  const labels = examples.map((e) => e.label);
  const positives = labels.reduce((sum, y) => sum + y, 0);
  const ratio = positives > 0 ? Math.min(BALANCE_CAP, (labels.length - positives) / positives) : 1;
  return trainLogistic(
    examples.map((e) => e.row),
    labels,
    size,
    MODEL_TRAINING,
    labels.map((y) => (y === 1 ? ratio : 1)),
  );
}

/**
 * Trains the detectors, the review detectors and the sides model on labelled
 * reviews (deterministic: same items, same weights). The sentence detectors
 * learn in two passes: the first from the sentences where the rules found an
 * aspect the gold labels confirm; the second also labels, in each review whose
 * gold aspect the rules missed, the sentence the first-pass detector likes
 * best. Those misses are exactly the wordings the rules do not know, and the
 * sides model learns their verdicts from that sentence (at analysis time it
 * reads the sentence the detectors quote, which may differ).
 */
export function trainAbsaModel(items: readonly AbsaItem[], off: RulesOff = ALL_RULES_ON): AbsaModel {
  const found = items.map((item) => findReviewMentions({ text: item.text, rating: item.rating }, off));
  const vocabulary = buildVocabulary(found.map((f) => f.sentences));
  const size = vocabulary.size;
  const encoded = found.map((f) => f.sentences.map((sentence, index) => encodeSentence(sentence, vocabulary, positionOf(index, f.sentences.length))));
  const detectors = new Map<Aspect, LinearModel>();
  const detected = items.map(() => new Map<Aspect, number>());
  for (const aspect of ASPECTS) {
    const examples: Example[] = [];
    const missed: number[] = [];
    items.forEach((item, i) => {
      const gold = item.labels[aspect];
      const own = found[i]!.mentions.filter((m) => m.aspect === aspect);
      if (gold && own.length === 0) {
        missed.push(i);
        return;
      }
      encoded[i]!.forEach((row, s) => {
        const here = own.filter((m) => m.sentence === s);
        const positive = gold !== undefined && here.length > 0;
        // A review that judges the aspect says only that some sentence does: the rules' other sentences are unknown, not
        // negatives, unless the lexicon read the aspect's words there in another sense ("paid the deposit on time") or
        // said them of another business.
        if (gold !== undefined && !positive && !found[i]!.blocked.get(s)?.has(aspect)) return;
        examples.push({ row, label: positive ? 1 : 0 });
      });
    });
    let detector = trainDetector(examples, size);
    if (missed.length > 0) {
      for (const i of missed) {
        const rows = encoded[i]!;
        let best = 0;
        for (let s = 1; s < rows.length; s += 1) if (scoreLogistic(detector, rows[s]!) > scoreLogistic(detector, rows[best]!)) best = s;
        examples.push({ row: rows[best]!, label: 1 });
        detected[i]!.set(aspect, best);
      }
      detector = trainDetector(examples, size);
    }
    detectors.set(aspect, detector);
  }
  const review = trainReviewModel(
    items.map((item, i) => ({ labels: item.labels, rows: encoded[i]!, findings: found[i]! })),
    size,
  );
  const sides = trainSidesModel(
    items.map((item, i) => ({ labels: item.labels, rating: item.rating, rows: encoded[i]!, mentions: found[i]!.mentions, detected: detected[i]! })),
    size,
  );
  return { vocabulary, detectors, add: DEFAULT_ADD, review, sides };
}

/** Scores every aspect for one review: per sentence, how likely it judges the aspect. */
export function scoreAspects(model: AbsaModel, sentences: readonly Sentence[]): ReviewScores {
  const rows = sentences.map((sentence, index) => encodeSentence(sentence, model.vocabulary, positionOf(index, sentences.length)));
  const aspects = new Map<Aspect, SentenceProbabilities>();
  for (const aspect of ASPECTS) {
    const detector = model.detectors.get(aspect)!;
    aspects.set(aspect, { bySentence: Float64Array.from(rows, (row) => sigmoid(scoreLogistic(detector, row))) });
  }
  return { aspects, rows };
}
