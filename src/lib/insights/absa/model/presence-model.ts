import { ASPECTS, type Aspect } from "../../../schema/review.ts";
import { scoreLogistic, sigmoid, trainLogistic, type LinearModel, type SparseRow } from "./train-logistic.ts";

/**
 * Whether a review judges an aspect, decided once from four signals: the
 * sentence detector's probability for the review's best sentence, the review
 * detector's, whether the rules found the aspect, and whether that best
 * sentence is one where the rules found only other aspects (there the
 * detectors over-read). Per aspect, a logistic regression over the four,
 * trained on predictions for reviews the detectors did not train on
 * (aspect-model.ts), so it learns how far to trust each on unseen text. It may
 * add an aspect the rules missed, and it may drop one they found.
 */
export interface PresenceModel {
  detectors: ReadonlyMap<Aspect, LinearModel>;
  /** An aspect is judged at this probability or above (one for all aspects, chosen in training). */
  threshold: number;
}

/** The signals about one aspect of one review. A detector switched off (the ablation) says 0.5: nothing. */
export interface PresenceSignals {
  /** The sentence detector's probability for the review's best sentence (0 when no sentence may carry the aspect). */
  sentence: number;
  /** The review detector's probability. */
  review: number;
  rules: boolean;
  /** The best sentence is one where the rules found other aspects and not this one. */
  others: boolean;
}

export const PRESENCE_WIDTH = 4;

/** Probabilities enter as log-odds, capped where float32 weights and 1e-4 probabilities stay well apart. */
function logOdds(p: number): number {
  const q = Math.min(Math.max(p, 1e-4), 1 - 1e-4);
  return Math.log(q / (1 - q));
}

export function presenceRow(signals: PresenceSignals): SparseRow {
  const { sentence, review, rules, others } = signals;
  return { indices: Int32Array.of(0, 1, 2, 3), values: Float64Array.of(logOdds(sentence), logOdds(review), rules ? 1 : 0, others ? 1 : 0) };
}

/** Four dense features and thousands of rows: enough epochs for AdaGrad to settle, no L2 needed. */
const TRAINING = { epochs: 600, rate: 0.2, l2: 0 };

/** The thresholds tried; the one that scores the best pooled F1 on the training predictions is kept. */
const THRESHOLDS = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6];

export interface PresenceExample {
  aspect: Aspect;
  signals: PresenceSignals;
  present: boolean;
}

export function trainPresenceModel(examples: readonly PresenceExample[]): PresenceModel {
  const detectors = new Map<Aspect, LinearModel>();
  const probabilities = new Float64Array(examples.length);
  for (const aspect of ASPECTS) {
    const indices = examples.flatMap((e, i) => (e.aspect === aspect ? [i] : []));
    const rows = indices.map((i) => presenceRow(examples[i]!.signals));
    const detector = trainLogistic(
      rows,
      indices.map((i) => (examples[i]!.present ? 1 : 0)),
      PRESENCE_WIDTH,
      TRAINING,
    );
    detectors.set(aspect, detector);
    indices.forEach((i, k) => (probabilities[i] = sigmoid(scoreLogistic(detector, rows[k]!))));
  }
  let threshold = THRESHOLDS[0]!;
  let bestF1 = -1;
  for (const candidate of THRESHOLDS) {
    let tp = 0;
    let wrong = 0;
    examples.forEach((e, i) => {
      const said = probabilities[i]! >= candidate;
      if (said && e.present) tp += 1;
      else if (said !== e.present) wrong += 1;
    });
    const f1 = (2 * tp) / (2 * tp + wrong);
    if (f1 > bestF1) {
      bestF1 = f1;
      threshold = candidate;
    }
  }
  return { detectors, threshold };
}

export function isPresent(model: PresenceModel, aspect: Aspect, signals: PresenceSignals): boolean {
  return sigmoid(scoreLogistic(model.detectors.get(aspect)!, presenceRow(signals))) >= model.threshold;
}
