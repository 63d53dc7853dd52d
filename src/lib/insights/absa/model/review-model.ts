import { ASPECTS, type Aspect } from "../../../schema/review.ts";
import type { Mention } from "../analyze-sentence.ts";
import { WEAK } from "../decide-sentiment.ts";
import { scoreLogistic, sigmoid, trainLogistic, type LinearModel, type SparseRow } from "./train-logistic.ts";

/**
 * Review-level detectors, trained on the reviews' gold labels directly: per
 * aspect, a logistic regression over the union of the review's sentence
 * features and what the rules found. It reads the text and the rules only,
 * never the sentence models' scores, so it cannot learn to trust them too
 * much; the star rating is left out, since labels follow the text.
 */
export interface ReviewModel {
  /** Width of the word features (the sentence models' feature space); the rules' signals come after it. */
  width: number;
  detectors: ReadonlyMap<Aspect, LinearModel>;
}

/** What the rules found in a review: the part of ReviewMentions the review detectors read. */
export interface RuleFindings {
  mentions: readonly Mention[];
  blocked: ReadonlyMap<number, ReadonlySet<Aspect>>;
}

/**
 * As many epochs as the sentence models: on whole groups of batches held out
 * of training, 150 found more than 50 and as much as 300 (bench/RESULTS.md,
 * "Aspect analysis, fifteenth session"). L2 stays 0.001, chosen on held-out
 * groups in the eleventh session (the sentence models' is 0.0001,
 * MODEL_TRAINING in train-logistic.ts) and not chosen again since the words
 * are scaled by their naive Bayes ratios (seventeenth session).
 */
const TRAINING = { epochs: 150, rate: 0.2, l2: 0.001 };

/** What the rules found, as features after the words (ruleSignals names them). */
export const SIGNALS = [
  "none",
  "positive",
  "negative",
  "strong",
  "weak",
  "very-strong",
  "several",
  "blocked",
  ...ASPECTS.map((aspect) => `other:${aspect}`),
] as const;
const SIGNAL_INDEX = new Map<string, number>(SIGNALS.map((name, i) => [name, i]));

/** The union of the sentences' rows (a feature's largest value wins), in first-seen order. */
export function unionRows(rows: readonly SparseRow[]): Map<number, number> {
  const union = new Map<number, number>();
  for (const { indices, values } of rows)
    for (let k = 0; k < indices.length; k += 1) {
      const value = values ? values[k]! : 1;
      const index = indices[k]!;
      if ((union.get(index) ?? 0) < value) union.set(index, value);
    }
  return union;
}

/** What the rules found for the aspect, and which other aspects they found. */
export function ruleSignals(findings: RuleFindings, aspect: Aspect): string[] {
  const own = findings.mentions.filter((m) => m.aspect === aspect);
  const signals: string[] = [];
  if (own.length === 0) signals.push("none");
  else {
    const strongest = Math.max(...own.map((m) => m.weight));
    signals.push(strongest >= WEAK ? "strong" : "weak");
    if (strongest >= 0.9) signals.push("very-strong");
    if (own.some((m) => m.polarity > 0)) signals.push("positive");
    if (own.some((m) => m.polarity < 0)) signals.push("negative");
    if (own.length >= 2) signals.push("several");
  }
  for (const other of ASPECTS) if (other !== aspect && findings.mentions.some((m) => m.aspect === other)) signals.push(`other:${other}`);
  if ([...findings.blocked.values()].some((aspects) => aspects.has(aspect))) signals.push("blocked");
  return signals;
}

/** The review's words and the rules' signals for one aspect, as one row. */
function detectorRow(words: ReadonlyMap<number, number>, width: number, findings: RuleFindings, aspect: Aspect): SparseRow {
  const signals = ruleSignals(findings, aspect);
  const indices = new Int32Array(words.size + signals.length);
  const values = new Float64Array(words.size + signals.length);
  let k = 0;
  for (const [index, value] of words) {
    indices[k] = index;
    values[k] = value;
    k += 1;
  }
  for (const signal of signals) {
    indices[k] = width + SIGNAL_INDEX.get(signal)!;
    values[k] = 1;
    k += 1;
  }
  return { indices, values };
}

export interface ReviewTrainingItem {
  labels: Partial<Record<Aspect, unknown>>;
  /** The sentence models' rows of the review's sentences. */
  rows: readonly SparseRow[];
  findings: RuleFindings;
}

/** Trains one review detector per aspect (deterministic: same items, same weights). */
export function trainReviewModel(items: readonly ReviewTrainingItem[], width: number): ReviewModel {
  const words = items.map((item) => unionRows(item.rows));
  const detectors = new Map<Aspect, LinearModel>();
  for (const aspect of ASPECTS) {
    const rows = items.map((item, i) => detectorRow(words[i]!, width, item.findings, aspect));
    const labels = items.map((item) => (item.labels[aspect] ? 1 : 0));
    detectors.set(aspect, trainLogistic(rows, labels, width + SIGNALS.length, { ...TRAINING, nbScaled: width }));
  }
  return { width, detectors };
}

/** Probability, per aspect, that the review judges it; `rows` are the sentence models' rows of its sentences. */
export function scoreReview(model: ReviewModel, rows: readonly SparseRow[], findings: RuleFindings): (aspect: Aspect) => number {
  const union = unionRows(rows);
  const words: SparseRow = { indices: Int32Array.from(union.keys()), values: Float64Array.from(union.values()) };
  // scoreLogistic over detectorRow, summed in the same order, without copying the words into a row for each aspect.
  return (aspect) => {
    const detector = model.detectors.get(aspect)!;
    let z = scoreLogistic(detector, words);
    for (const signal of ruleSignals(findings, aspect)) z += detector.weights[model.width + SIGNAL_INDEX.get(signal)!]!;
    return sigmoid(z);
  };
}
