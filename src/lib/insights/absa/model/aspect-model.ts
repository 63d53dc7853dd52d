import { ASPECTS, type Aspect } from "../../../schema/review.ts";
import { readSentences, type Sentence } from "../../nlp/read-text.ts";
import { buildSpellingList, type SpellingList } from "../../nlp/spelling-gloss.ts";
import type { AbsaItem } from "../../score-absa.ts";
import { findReviewMentions, type ReviewMentions } from "../find-review-mentions.ts";
import { ALL_RULES_ON, type RulesOff } from "../rule-families.ts";
import { visitSentenceFeatures, Vocabulary } from "./text-features.ts";
import { MODEL_TRAINING, scoreLogistic, sigmoid, trainMultipleInstance, type LinearModel, type SparseRow } from "./train-logistic.ts";
import { trainPresenceModel, type PresenceExample, type PresenceModel, type PresenceSignals } from "./presence-model.ts";
import { scoreReview, trainReviewModel, type ReviewModel } from "./review-model.ts";
import { trainSidesModel, type SidesModel } from "./sides-model.ts";

/**
 * Learned models that back up the rules on unseen wording: per aspect a
 * sentence detector (does this sentence judge the aspect?), a review detector
 * and a presence model that weighs them with the rules, and the sides model
 * that gives each judged aspect its verdict.
 * The sentence detectors learn from review labels, anchored to the rules'
 * sentences where the rules found the aspect (multiple-instance learning);
 * docs/insights.md explains how.
 */
export interface AbsaModel {
  vocabulary: Vocabulary;
  detectors: ReadonlyMap<Aspect, LinearModel>;
  /** Review-level detectors, trained on the gold labels directly (review-model.ts). */
  review: ReviewModel;
  /** Whether the review judges each aspect, from what the rules and the two detectors say (presence-model.ts). */
  presence: PresenceModel;
  /** The verdict on each aspect the review judges (sides-model.ts). */
  sides: SidesModel;
  /** The words a misspelt word may be read as: the training reviews' common words (spelling-gloss.ts). */
  spelling: SpellingList;
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

/**
 * A feature occurs in at least this many training reviews to enter the
 * vocabulary; a trigram in at least MIN_TRIGRAM_REVIEWS. Trigrams in two to
 * four reviews would take the vocabulary from 85,000 to 144,000 features,
 * and the model file with it, for less than a thousandth of F1 on batches
 * held out of training (bench/RESULTS.md, "Aspect analysis, twenty-fifth
 * session").
 */
const MIN_REVIEWS = 2;
const MIN_TRIGRAM_REVIEWS = 5;

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
function encodeSentence(sentence: Sentence, vocabulary: Vocabulary, position: number): SparseRow {
  return { indices: vocabulary.encode(sentence, POSITIONS[position]!), values: null };
}

function buildVocabulary(documents: readonly Sentence[][]): Vocabulary {
  const counts = new Map<string, number>();
  const trigrams = new Set<string>();
  for (const sentences of documents) {
    const seen = new Set<string>();
    for (const sentence of sentences)
      visitSentenceFeatures(sentence, (feature, words) => {
        seen.add(feature);
        if (words === 3) trigrams.add(feature);
      });
    sentences.forEach((_, index) => seen.add(POSITIONS[positionOf(index, sentences.length)]!));
    for (const feature of seen) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  }
  const kept = [...counts.entries()]
    .filter(([feature, count]) => count >= (trigrams.has(feature) ? MIN_TRIGRAM_REVIEWS : MIN_REVIEWS))
    .map(([feature]) => feature)
    .sort();
  return new Vocabulary(kept);
}

/** The sentence detectors and the review detectors, trained together on some of the reviews. */
interface Finders {
  detectors: Map<Aspect, LinearModel>;
  review: ReviewModel;
}

/**
 * Trains the sentence detectors and the review detectors on the reviews at
 * `use` (indices into `items`). A review's label says only that some sentence
 * judges the aspect, so each sentence detector learns from bags of sentences
 * labelled by the review's gold label (trainMultipleInstance). Where the review
 * judges the aspect and the rules found it, the bag is the rules' sentences
 * only: the rest of the review (often a plain account of the job) is no
 * evidence either way. Otherwise the bag is every sentence: a review that
 * judges nothing holds no judging sentence, and one whose judgement the rules
 * missed holds it somewhere. A sentence where the lexicon read the aspect's
 * words in another sense ("paid the deposit on time") cannot carry the aspect
 * (analysis never quotes one for it) unless the rules found the aspect there
 * too: it leaves the bag and is a negative on its own.
 */
function trainFinders(
  items: readonly AbsaItem[],
  found: readonly ReviewMentions[],
  encoded: readonly SparseRow[][],
  use: readonly number[],
  size: number,
): Finders {
  const detectors = new Map<Aspect, LinearModel>();
  for (const aspect of ASPECTS) {
    const bags: SparseRow[][] = [];
    const judged: number[] = [];
    const setAside: SparseRow[] = [];
    for (const i of use) {
      const own = new Set(found[i]!.mentions.filter((m) => m.aspect === aspect).map((m) => m.sentence));
      const bag: SparseRow[] = [];
      const judges = items[i]!.labels[aspect] !== undefined;
      const anchored = judges && own.size > 0;
      encoded[i]!.forEach((row, s) => {
        if (own.has(s)) bag.push(row);
        else if (found[i]!.blocked.get(s)?.has(aspect)) setAside.push(row);
        else if (!anchored) bag.push(row);
      });
      if (bag.length === 0) continue;
      bags.push(bag);
      judged.push(judges ? 1 : 0);
    }
    detectors.set(aspect, trainMultipleInstance(bags, judged, size, MODEL_TRAINING, setAside));
  }
  const review = trainReviewModel(
    use.map((i) => ({ labels: items[i]!.labels, rows: encoded[i]!, findings: found[i]! })),
    size,
  );
  return { detectors, review };
}

/**
 * The presence model learns from predictions on reviews the finders did not
 * train on: in-sample, the detectors are surer than they are on new text, and
 * a combiner trained there would trust them too much. Each review's finders
 * are trained on the other folds (fold = position modulo PRESENCE_FOLDS).
 */
const PRESENCE_FOLDS = 5;

function crossFitPresence(
  items: readonly AbsaItem[],
  found: readonly ReviewMentions[],
  encoded: readonly SparseRow[][],
  size: number,
  off: RulesOff,
): PresenceModel {
  const examples: PresenceExample[] = [];
  for (let fold = 0; fold < PRESENCE_FOLDS; fold += 1) {
    const use = items.flatMap((_, i) => (i % PRESENCE_FOLDS === fold ? [] : [i]));
    const finders = trainFinders(items, found, encoded, use, size);
    for (let i = fold; i < items.length; i += PRESENCE_FOLDS) {
      // A review with no sentence is never scored (analyzeReviewText leaves it to the rules).
      if (encoded[i]!.length === 0) continue;
      const bySentence = new Map(ASPECTS.map((aspect) => [aspect, sentenceProbabilities(finders.detectors.get(aspect)!, encoded[i]!)]));
      const review = scoreReview(finders.review, encoded[i]!, found[i]!);
      for (const aspect of ASPECTS)
        examples.push({
          aspect,
          signals: presenceSignals(found[i]!, aspect, bySentence.get(aspect)!, review, off),
          present: items[i]!.labels[aspect] !== undefined,
        });
    }
  }
  return trainPresenceModel(examples);
}

/**
 * What the finders say about `aspect` in a review (presence-model.ts): the
 * sentence detector's best sentence, never one where the lexicon read the
 * aspect's words in another sense (unless the rules found the aspect there
 * too), the review detector, the rules.
 */
export function presenceSignals(
  findings: ReviewMentions,
  aspect: Aspect,
  bySentence: Float64Array,
  review: (aspect: Aspect) => number,
  off: RulesOff,
): PresenceSignals {
  const own = new Set(findings.mentions.filter((m) => m.aspect === aspect).map((m) => m.sentence));
  const best = pickBestSentence(bySentence, (index) => !own.has(index) && findings.blocked.get(index)?.has(aspect) === true);
  const others = best !== null && !own.has(best) && findings.mentions.some((m) => m.sentence === best);
  return {
    sentence: off.has("sentence-detector") ? 0.5 : best === null ? 0 : bySentence[best]!,
    review: off.has("review-detector") ? 0.5 : review(aspect),
    rules: own.size > 0,
    others: !off.has("sentence-detector") && others,
  };
}

/** The sentence the sentence detector likes best for an aspect, never an excluded one; null when every sentence is. */
export function pickBestSentence(bySentence: Float64Array, excluded: (index: number) => boolean): number | null {
  let best: number | null = null;
  for (let index = 0; index < bySentence.length; index += 1) if (!excluded(index) && (best === null || bySentence[index]! > bySentence[best]!)) best = index;
  return best;
}

/**
 * Trains the finders (sentence and review detectors), the presence model that
 * weighs them, and the sides model that gives each judged aspect its verdict
 * (deterministic: same items, same weights). The sentence detectors learn
 * from bags of sentences labelled by the review (trainFinders). The sides
 * model learns each gold aspect's verdict from the sentences analysis will
 * read for it: the rules' sentences or, for an aspect the rules missed (the
 * wordings they do not know), the sentence the sentence detector likes best,
 * the one analysis quotes; and every sentence the detector judges.
 */
export function trainAbsaModel(items: readonly AbsaItem[], off: RulesOff = ALL_RULES_ON): AbsaModel {
  const spelling = buildSpellingList(items.map((item) => readSentences(item.text)));
  const found = items.map((item) => findReviewMentions({ text: item.text, rating: item.rating }, spelling));
  const vocabulary = buildVocabulary(found.map((f) => f.sentences));
  const size = vocabulary.size;
  const encoded = found.map((f) => f.sentences.map((sentence, index) => encodeSentence(sentence, vocabulary, positionOf(index, f.sentences.length))));
  const { detectors, review } = trainFinders(
    items,
    found,
    encoded,
    items.map((_, i) => i),
    size,
  );
  // Where the sides model reads each labelled aspect, chosen as analysis chooses (analyze-review.ts): for an aspect the
  // rules missed, the detector's best sentence, never one where the aspect was set aside; for every aspect, the sentences
  // it judges. These detectors trained on the same reviews, so they judge a few more sentences than on unseen text.
  const sidesItems = items.map((item, i) => {
    const detected = new Map<Aspect, number>();
    const judging = new Map<Aspect, number[]>();
    for (const aspect of ASPECTS) {
      if (item.labels[aspect] === undefined) continue;
      const bySentence = sentenceProbabilities(detectors.get(aspect)!, encoded[i]!);
      judging.set(aspect, judgingSentences(bySentence, found[i]!, aspect));
      if (found[i]!.mentions.some((m) => m.aspect === aspect)) continue;
      const best = pickBestSentence(bySentence, (s) => found[i]!.blocked.get(s)?.has(aspect) === true);
      if (best !== null) detected.set(aspect, best);
    }
    return { labels: item.labels, rating: item.rating, rows: encoded[i]!, mentions: found[i]!.mentions, detected, judging };
  });
  const presence = crossFitPresence(items, found, encoded, size, off);
  const sides = trainSidesModel(sidesItems, size);
  return { vocabulary, detectors, review, presence, sides, spelling };
}

/** A sentence judges an aspect, for the sides model, where the sentence detector gives it at least even odds. */
const JUDGING_ODDS = 0.5;

/**
 * The sentences the sentence detector reads as judging `aspect`: at least
 * JUDGING_ODDS, and never one where the lexicon read the aspect's words in
 * another sense, unless the rules found the aspect there too (as in
 * presenceSignals). A line of ticked highlights may be one; its words
 * ("Positive: Quality") side as its ticks do.
 */
export function judgingSentences(bySentence: Float64Array, findings: ReviewMentions, aspect: Aspect): number[] {
  const own = new Set(findings.mentions.filter((m) => m.aspect === aspect).map((m) => m.sentence));
  const judging: number[] = [];
  bySentence.forEach((probability, index) => {
    if (probability >= JUDGING_ODDS && (own.has(index) || findings.blocked.get(index)?.has(aspect) !== true)) judging.push(index);
  });
  return judging;
}

function sentenceProbabilities(detector: LinearModel, rows: readonly SparseRow[]): Float64Array {
  return Float64Array.from(rows, (row) => sigmoid(scoreLogistic(detector, row)));
}

/** Scores every aspect for one review: per sentence, how likely it judges the aspect. */
export function scoreAspects(model: AbsaModel, sentences: readonly Sentence[]): ReviewScores {
  const rows = sentences.map((sentence, index) => encodeSentence(sentence, model.vocabulary, positionOf(index, sentences.length)));
  const aspects = new Map<Aspect, SentenceProbabilities>();
  for (const aspect of ASPECTS) {
    const detector = model.detectors.get(aspect)!;
    aspects.set(aspect, { bySentence: sentenceProbabilities(detector, rows) });
  }
  return { aspects, rows };
}
