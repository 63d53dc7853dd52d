import { ASPECTS, type Aspect, type Sentiment } from "../../../schema/review.ts";
import type { Mention } from "../analyze-sentence.ts";
import { WEAK, decideSentiment } from "../decide-sentiment.ts";
import { unionRows } from "./review-model.ts";
import { MODEL_TRAINING, scoreLogistic, sigmoid, trainLogistic, type LinearModel, type SparseRow } from "./train-logistic.ts";

/**
 * The verdict on an aspect the review judges, learned from the gold labels:
 * two logistic regressions, "praises it somewhere" and "criticises it
 * somewhere"; both is mixed. They read the review as a whole, where the rules
 * read the words around each cue: the sentences that carry the aspect (their
 * words shared across aspects, plus one copy per aspect, as in Daumé's feature
 * augmentation), what the rules found there (with an extra weight at each
 * middle rating), and the star rating. The carrying sentences are the rules' (or,
 * where the rules found none, the one the detector quotes) and every other
 * sentence the sentence detector reads as judging the aspect: a mixed verdict
 * is often praise in one sentence the rules know and criticism in another
 * they do not ("The woman who answers their phone ... answered every
 * question I had. But the report they promised by email never came.").
 */
export interface SidesModel {
  /** Width of the word features (the sentence models' feature space). */
  width: number;
  positive: LinearModel;
  negative: LinearModel;
}

/** What the rules found for the aspect: each side, how strongly and how often, their own verdict; and how many sentences the model reads. */
const SIGNALS = [
  "praise",
  "criticism",
  "strong praise",
  "strong criticism",
  "repeated praise",
  "repeated criticism",
  "rules: positive",
  "rules: negative",
  "rules: mixed",
  "one sentence",
  "two sentences",
  "more sentences",
] as const;
type Signal = (typeof SIGNALS)[number];
const SIGNAL_INDEX = new Map<string, number>(SIGNALS.map((name, i) => [name, i]));
const STARS = 5;

/**
 * Signals that get an extra weight at each middle rating, two to four stars,
 * since what they mean there depends on it: criticism the rules find in a
 * four-star review is often the one complaint of a mixed verdict ("Little
 * pricier than I figured but he earned it.", labelled mixed), in a two-star
 * review the verdict itself. "no rules" (the rules found nothing) has only
 * these weights. One- and five-star reviews have none: the reading at the
 * mean star weight (SURE) keeps them, so there they would let the rating
 * outweigh a plain complaint ("The price was far too high." in a five-star
 * review).
 */
const RATED = ["praise", "criticism", "rules: positive", "rules: negative", "rules: mixed", "no rules", "one sentence"] as const;
type Rated = (typeof RATED)[number];
const MIDDLE_STARS = [2, 3, 4];

/** The first of the five star features, after the word blocks (shared, then one per aspect) and the rules' signals. */
function firstStar(width: number): number {
  return (ASPECTS.length + 1) * width + SIGNALS.length;
}

function starsOf(rating: number): number {
  return Math.min(STARS, Math.max(1, Math.round(rating)));
}

function starFeature(width: number, rating: number): number {
  return firstStar(width) + starsOf(rating) - 1;
}

/** How many weights each side has, for words of width `width` (the model file checks it). */
export function sidesDimensions(width: number): number {
  return firstStar(width) + STARS + RATED.length * MIDDLE_STARS.length;
}

/** The feature of a rated signal at a middle `rating`, after the star features. */
function ratedFeature(width: number, signal: Rated, rating: number): number {
  return firstStar(width) + STARS + RATED.indexOf(signal) * MIDDLE_STARS.length + MIDDLE_STARS.indexOf(starsOf(rating));
}

/** The rules' signals, and those of them rated at the review's middle rating (none at one or five stars). */
function ruleSignals(own: readonly Mention[], sentences: number, rating: number): { signals: Signal[]; rated: Rated[] } {
  const praise = own.filter((m) => m.polarity > 0);
  const criticism = own.filter((m) => m.polarity < 0);
  const signals: Signal[] = [];
  const side = (name: "praise" | "criticism", list: readonly Mention[]) => {
    if (list.length > 0) signals.push(name);
    if (list.some((m) => m.weight >= WEAK)) signals.push(`strong ${name}`);
    if (list.length > 1) signals.push(`repeated ${name}`);
  };
  side("praise", praise);
  side("criticism", criticism);
  const decided = decideSentiment(own, rating);
  if (decided) signals.push(`rules: ${decided}`);
  signals.push(sentences <= 1 ? "one sentence" : sentences === 2 ? "two sentences" : "more sentences");
  if (!MIDDLE_STARS.includes(starsOf(rating))) return { signals, rated: [] };
  const found = new Set<string>(signals);
  if (own.length === 0) found.add("no rules");
  return { signals, rated: RATED.filter((signal) => found.has(signal)) };
}

/**
 * Where the sides model reads an aspect of a review. `own` are the rules'
 * mentions of the aspect; where there are none (the learned detectors found
 * it), `at` is the sentence they quote. `judging` are the sentences the
 * sentence detector reads as judging the aspect (judgingSentences in
 * aspect-model.ts).
 */
export interface SidesReading {
  own: readonly Mention[];
  at: number | null;
  judging: readonly number[];
}

/** One row for one aspect of one review. */
function sidesRow(rows: readonly SparseRow[], { own, at, judging }: SidesReading, aspect: Aspect, width: number, rating: number): SparseRow {
  const quoted = own.length > 0 ? own.map((m) => m.sentence) : at !== null ? [at] : [];
  const carrying = [...new Set([...quoted, ...judging])];
  const words = [...unionRows(carrying.map((index) => rows[index]!)).keys()];
  const block = (ASPECTS.indexOf(aspect) + 1) * width;
  const base = (ASPECTS.length + 1) * width;
  const { signals, rated } = ruleSignals(own, carrying.length, rating);
  const features = [
    ...signals.map((signal) => base + SIGNAL_INDEX.get(signal)!),
    starFeature(width, rating),
    ...rated.map((signal) => ratedFeature(width, signal, rating)),
  ];
  return { indices: Int32Array.from([...words, ...words.map((word) => block + word), ...features]), values: null };
}

export interface SidesTrainingItem {
  labels: Partial<Record<Aspect, Sentiment>>;
  rating: number;
  /** The sentence models' rows of the review's sentences. */
  rows: readonly SparseRow[];
  mentions: readonly Mention[];
  /** For each labelled aspect the rules missed, the sentence the sentence detector likes best (none if all set aside). */
  detected: ReadonlyMap<Aspect, number>;
  /** For each labelled aspect, the sentences the sentence detector reads as judging it. */
  judging: ReadonlyMap<Aspect, readonly number[]>;
}

/** Trains both sides on every labelled aspect of every review (deterministic: same items, same weights). */
export function trainSidesModel(items: readonly SidesTrainingItem[], width: number): SidesModel {
  const rows: SparseRow[] = [];
  const praises: number[] = [];
  const criticises: number[] = [];
  for (const item of items)
    for (const aspect of ASPECTS) {
      const gold = item.labels[aspect];
      const own = item.mentions.filter((m) => m.aspect === aspect);
      const at = item.detected.get(aspect) ?? null;
      if (gold === undefined || (own.length === 0 && at === null)) continue;
      rows.push(sidesRow(item.rows, { own, at, judging: item.judging.get(aspect)! }, aspect, width, item.rating));
      praises.push(gold === "negative" ? 0 : 1);
      criticises.push(gold === "positive" ? 0 : 1);
    }
  const dimensions = sidesDimensions(width);
  return { width, positive: trainLogistic(rows, praises, dimensions, MODEL_TRAINING), negative: trainLogistic(rows, criticises, dimensions, MODEL_TRAINING) };
}

interface Reading {
  praise: number;
  criticism: number;
}

/** Mixed when both sides are likely, else the likelier side. */
function verdictOf({ praise, criticism }: Reading): Sentiment {
  if (praise >= 0.5 && criticism >= 0.5) return "mixed";
  return praise >= criticism ? "positive" : "negative";
}

/**
 * How sure the words must be, read at the mean star weight, for the stars not
 * to overrule them (bench/RESULTS.md, "Aspect analysis, twelfth session").
 * "The words" include the rules' own verdict among the signals, which the
 * stars settle in one case only: an even split of weak opinions; at two to
 * four stars, they include the rated signals' weights at that rating.
 */
const SURE = 0.8;

/**
 * The verdict on `aspect`: the reading with the review's stars, unless the
 * same model at the mean star weight (the rating's own weight replaced by the
 * mean of the five) reads one side only, surely: then the words win ("The
 * price was far too high." stays criticism in a five-star review). A mixed
 * reading at the mean star weight is sure of neither side. The rated signals
 * of a middle rating keep their weight there: they are what the rules'
 * findings mean at that rating.
 */
export function decideSides(model: SidesModel, rows: readonly SparseRow[], reading: SidesReading, aspect: Aspect, rating: number): Sentiment {
  const row = sidesRow(rows, reading, aspect, model.width, rating);
  const first = firstStar(model.width);
  const star = starFeature(model.width, rating);
  const meanShift = (side: LinearModel) => {
    let sum = 0;
    for (let i = first; i < first + STARS; i += 1) sum += side.weights[i]!;
    return sum / STARS - side.weights[star]!;
  };
  const praise = scoreLogistic(model.positive, row);
  const criticism = scoreLogistic(model.negative, row);
  const withStars = { praise: sigmoid(praise), criticism: sigmoid(criticism) };
  const atMean = { praise: sigmoid(praise + meanShift(model.positive)), criticism: sigmoid(criticism + meanShift(model.negative)) };
  const sure = Math.max(atMean.praise, atMean.criticism) >= SURE && Math.min(atMean.praise, atMean.criticism) < 0.5;
  return sure ? verdictOf(atMean) : verdictOf(withStars);
}
