import { ASPECTS, type Aspect } from "../../../schema/review.ts";
import type { Sentence } from "../../nlp/read-text.ts";
import type { AbsaItem } from "../../score-absa.ts";
import { findReviewMentions } from "../find-review-mentions.ts";
import { ALL_RULES_ON, type RulesOff } from "../rule-families.ts";
import { isRead, normalizeLemma, visitSentenceFeatures } from "./text-features.ts";
import { scoreLogistic, sigmoid, trainLogistic, type LinearModel, type SparseRow } from "./train-logistic.ts";
import { trainReviewModel, type ReviewModel } from "./review-model.ts";

/**
 * Learned sentence models that back up the rules on unseen wording: per
 * aspect a detector (does this sentence judge the aspect?), and one pooled
 * polarity model with a copy of each feature per aspect (Daumé's feature
 * augmentation) plus the star rating. Sentence labels are weak
 * (multiple-instance learning); docs/insights.md explains how they are made.
 */
export interface AbsaModel {
  vocabulary: ReadonlyMap<string, number>;
  detectors: ReadonlyMap<Aspect, LinearModel>;
  polarity: LinearModel;
  /** The detector adds an aspect the rules missed when a sentence scores this or above (per aspect). */
  add: Readonly<Record<Aspect, number>>;
  /** Review-level detectors, trained on the gold labels directly (review-model.ts). */
  review: ReviewModel;
}

export interface SentenceProbabilities {
  /** Probability, per sentence, that it judges the aspect. */
  bySentence: Float64Array;
}

export interface ReviewScores {
  aspects: Map<Aspect, SentenceProbabilities>;
  /** The sentences' feature rows (the review models read them too). */
  rows: SparseRow[];
  /** Probability that sentence `index`'s judgement of `aspect` is negative. */
  negativeAt: (aspect: Aspect, index: number) => number;
  /** The same at the mean star weight (about three stars): the rating's own weight replaced by the mean of the five. */
  negativeAtMeanStarsAt: (aspect: Aspect, index: number) => number;
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
const RATING_FEATURES = 5;
/** Positive sentences weigh up to this many times a negative one (class balance). */
const BALANCE_CAP = 4;
/** L2 is chosen on whole batches held out of training, and weakens as the data grows (bench/RESULTS.md, "Aspect analysis, eleventh session"). */
const TRAINING = { epochs: 150, rate: 0.2, l2: 0.0003 };

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

/** The star rating's feature, 0 to 4 after the aspect blocks. */
function ratingFeature(rating: number): number {
  return Math.min(5, Math.max(1, Math.round(rating))) - 1;
}

/** Pooled polarity features: the shared weights, then one block per aspect, then the star rating. */
function polarityRow(row: SparseRow, aspect: Aspect, size: number, rating: number): SparseRow {
  const block = (ASPECTS.indexOf(aspect) + 1) * size;
  const { indices } = row;
  const out = new Int32Array(indices.length * 2 + 1);
  for (let k = 0; k < indices.length; k += 1) {
    out[k] = indices[k]!;
    out[indices.length + k] = block + indices[k]!;
  }
  out[indices.length * 2] = (ASPECTS.length + 1) * size + ratingFeature(rating);
  return { indices: out, values: null };
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
    TRAINING,
    labels.map((y) => (y === 1 ? ratio : 1)),
  );
}

/**
 * Trains the detectors and the polarity model on labelled reviews
 * (deterministic: same items, same weights). Two passes: the first learns
 * from the sentences where the rules found an aspect the gold labels confirm;
 * the second also labels, in each review whose gold aspect the rules missed,
 * the sentence the first-pass detector likes best. Those misses are exactly
 * the wordings the rules do not know.
 */
export function trainAbsaModel(items: readonly AbsaItem[], off: RulesOff = ALL_RULES_ON): AbsaModel {
  const found = items.map((item) => findReviewMentions({ text: item.text, rating: item.rating }, off));
  const vocabulary = buildVocabulary(found.map((f) => f.sentences));
  const size = vocabulary.size;
  const encoded = found.map((f) => f.sentences.map((sentence, index) => encodeSentence(sentence, vocabulary, positionOf(index, f.sentences.length))));
  const detectors = new Map<Aspect, LinearModel>();
  const polarityRows: SparseRow[] = [];
  const polarityLabels: number[] = [];
  const addPolarity = (row: SparseRow, aspect: Aspect, rating: number, negative: boolean) => {
    polarityRows.push(polarityRow(row, aspect, size, rating));
    polarityLabels.push(negative ? 1 : 0);
  };
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
        if (!positive) return;
        const polarities = new Set(here.map((m) => m.polarity));
        const agrees = gold === "mixed" || (gold === "negative") === polarities.has(-1);
        if (polarities.size === 1 && agrees) addPolarity(row, aspect, item.rating, polarities.has(-1));
      });
    });
    let detector = trainDetector(examples, size);
    if (missed.length > 0) {
      for (const i of missed) {
        const rows = encoded[i]!;
        let best = 0;
        for (let s = 1; s < rows.length; s += 1) if (scoreLogistic(detector, rows[s]!) > scoreLogistic(detector, rows[best]!)) best = s;
        examples.push({ row: rows[best]!, label: 1 });
        const gold = items[i]!.labels[aspect];
        if (gold !== "mixed") addPolarity(rows[best]!, aspect, items[i]!.rating, gold === "negative");
      }
      detector = trainDetector(examples, size);
    }
    detectors.set(aspect, detector);
  }
  const polarity = trainLogistic(polarityRows, polarityLabels, (ASPECTS.length + 1) * size + RATING_FEATURES, TRAINING);
  const review = trainReviewModel(
    items.map((item, i) => ({ labels: item.labels, rows: encoded[i]!, findings: found[i]! })),
    size,
  );
  return { vocabulary, detectors, polarity, add: DEFAULT_ADD, review };
}

/** Scores every aspect for one review: per sentence, how likely it judges the aspect, and how likely negatively. */
export function scoreAspects(model: AbsaModel, sentences: readonly Sentence[], rating: number): ReviewScores {
  const rows = sentences.map((sentence, index) => encodeSentence(sentence, model.vocabulary, positionOf(index, sentences.length)));
  const size = model.vocabulary.size;
  const logit = (aspect: Aspect, index: number) => scoreLogistic(model.polarity, polarityRow(rows[index]!, aspect, size, rating));
  const negativeAt = (aspect: Aspect, index: number) => sigmoid(logit(aspect, index));
  const negativeAtMeanStarsAt = (aspect: Aspect, index: number) => {
    const stars = model.polarity.weights.subarray((ASPECTS.length + 1) * size, (ASPECTS.length + 1) * size + RATING_FEATURES);
    return sigmoid(logit(aspect, index) + stars.reduce((sum, w) => sum + w, 0) / RATING_FEATURES - stars[ratingFeature(rating)]!);
  };
  const aspects = new Map<Aspect, SentenceProbabilities>();
  for (const aspect of ASPECTS) {
    const detector = model.detectors.get(aspect)!;
    aspects.set(aspect, { bySentence: Float64Array.from(rows, (row) => sigmoid(scoreLogistic(detector, row))) });
  }
  return { aspects, rows, negativeAt, negativeAtMeanStarsAt };
}
