import { ASPECTS, type Aspect } from "../../../schema/review.ts";
import { hasOwnWord, type Sentence, type Token } from "../../nlp/read-text.ts";
import type { AbsaItem } from "../../score-absa.ts";
import { findReviewMentions } from "../find-review-mentions.ts";
import { isRead, normalizeLemma, visitSentenceFeatures } from "./text-features.ts";
import { dot, getWordVector } from "./word-vectors.ts";
import { ALL_RULES_ON, type RulesOff } from "../rule-families.ts";
import { scoreLogistic, sigmoid, trainLogistic, type LinearModel, type SparseRow } from "./train-logistic.ts";
import { trainReviewModel, type ReviewModel } from "./review-model.ts";

/**
 * Learned sentence models that back up the rules on unseen wording. For each
 * aspect a detector scores every sentence (does it judge this aspect?); one
 * pooled polarity model scores whether that judgement is negative, sharing its
 * word weights across aspects plus an aspect-specific copy of each feature
 * (Daumé's feature augmentation) and the star rating.
 *
 * The sentence labels are weak (multiple-instance): a sentence is a positive
 * example of an aspect when the rules find that aspect in it and the review's
 * gold labels agree; every sentence of a review whose gold labels lack the
 * aspect is a negative. The other sentences of a review that judges the
 * aspect are left out: the gold label says only that some sentence judges it,
 * and the ones the rules passed over are exactly the wordings they miss.
 */
export interface AbsaModel {
  vocabulary: ReadonlyMap<string, number>;
  /** Whether unknown words borrow a known word's weights through word vectors. */
  wordVectors: boolean;
  /** Vocabulary words with a word vector: an unknown word borrows the weights of the nearest of them. */
  anchors: Anchors;
  detectors: ReadonlyMap<Aspect, LinearModel>;
  /** The same detectors interleaved (feature-major, ASPECTS order), so scoreAspects reads a row once for all seven. */
  stacked: StackedDetectors;
  polarity: LinearModel;
  /** The detector adds an aspect the rules missed when a sentence scores this or above (per aspect). */
  add: Readonly<Record<Aspect, number>>;
  /** Review-level detectors, trained on the gold labels directly (review-model.ts). */
  review: ReviewModel;
}

interface StackedDetectors {
  /** weights[feature * ASPECTS.length + aspect]. */
  weights: Float64Array;
  biases: Float64Array;
}

function stackDetectors(detectors: ReadonlyMap<Aspect, LinearModel>, size: number): StackedDetectors {
  const count = ASPECTS.length;
  const weights = new Float64Array(size * count);
  const biases = new Float64Array(count);
  ASPECTS.forEach((aspect, a) => {
    const detector = detectors.get(aspect)!;
    biases[a] = detector.bias;
    for (let j = 0; j < size; j += 1) weights[j * count + a] = detector.weights[j]!;
  });
  return { weights, biases };
}

export interface AspectScore {
  /** Highest probability, over the sentences, that a sentence judges the aspect. */
  present: number;
  /** Probability that the judgement in that sentence is negative. */
  negative: number;
  /** Index of that sentence. */
  sentence: number;
  /** Probability, per sentence, that it judges the aspect. */
  bySentence: Float64Array;
}

export interface ReviewScores {
  aspects: Map<Aspect, AspectScore>;
  /** The sentences' feature rows (the review models read them too). */
  rows: SparseRow[];
  /** Probability that sentence `index`'s judgement of `aspect` is negative. */
  negativeAt: (aspect: Aspect, index: number) => number;
}

/**
 * Decision thresholds, chosen per aspect by the (aspect, polarity) F1 of
 * 5-fold cross-validation over all labelled data (scripts/eval-absa.ts).
 * Communication needs the most: calls and texts are mentioned in many
 * reviews that hold no opinion about them. Scheduling went from 0.4 to 0.5
 * with 1,138 reviews: bookings told as plain facts ("called Monday, booked
 * for Thursday") were its commonest false additions (CV precision 0.817 ->
 * 0.858, F1 0.832 -> 0.837).
 */
export const DEFAULT_ADD: Readonly<Record<Aspect, number>> = {
  punctuality: 0.5,
  professionalism: 0.8,
  cleanliness: 0.4,
  work_quality: 0.5,
  price_value: 0.65,
  communication: 0.9,
  scheduling: 0.5,
};

/** A feature occurs in at least this many training reviews to enter the vocabulary. */
const MIN_REVIEWS = 2;
const RATING_FEATURES = 5;
/** Positive sentences weigh up to this many times a negative one (class balance). */
const BALANCE_CAP = 4;
/**
 * L2 0.002 -> 0.001 with 1,218 reviews (CV 0.888/0.804 -> 0.889/0.807, detection
 * / micro F1; micro up on 14 sets, down on 7). 0.0005 and 0.004 scored lower.
 */
const TRAINING = { epochs: 150, rate: 0.2, l2: 0.001 };

/** An unknown word maps to a vocabulary word at this cosine similarity or above. */
const NEAR = 0.6;

export interface Anchors {
  indices: Int32Array;
  vectors: Float64Array[];
  /** Nearest anchor per unknown word (vocabulary index and similarity), or null. */
  cache: Map<string, { index: number; similarity: number } | null>;
  /** Word to its vocabulary index and value (null: unknown with no near word) and a small id for bigram keys. */
  lookups: Map<string, WordEntry>;
  /** Bigrams after the sentence start, keyed by the second word's id, to their vocabulary index (null: unknown). */
  /** Bigrams by their two words' ids (an open-addressing table: see findPair). */
  pairs: PairTable;
  /** The vocabulary indices of the sentence's place in its review (POSITIONS order; -1: not in the vocabulary). */
  positions: number[];
  /** Scratch space for encodeSentence: a stamp per vocabulary entry, its slot, and the row being built. */
  stamp: Int32Array;
  slot: Int32Array;
  scratchIndices: Int32Array;
  scratchValues: Float64Array;
  generation: number;
}

/**
 * The sentence's place in its review, as one feature: the opening sentence
 * (also a one-sentence review's only one), the closing one, or one between.
 * Openings tell the occasion and closings sum up ("Would use again"), so the
 * same words weigh differently there. CV (1,298 reviews) 0.892 / 0.807 ->
 * 0.893 / 0.809 detection / micro F1, and at or above the old figures on
 * three other fold assignments (salted fold hashes).
 */
const POSITIONS = ["<first>", "<last>", "<middle>"] as const;

function positionOf(index: number, count: number): number {
  return index === 0 ? 0 : index === count - 1 ? 1 : 2;
}

/** The look-up state for a vocabulary; with `useVectors` false, unknown words stay unknown. */
export function buildAnchors(vocabulary: ReadonlyMap<string, number>, useVectors: boolean): Anchors {
  const indices: number[] = [];
  const vectors: Float64Array[] = [];
  if (useVectors)
    for (const [feature, index] of vocabulary) {
      if (feature.includes(" ") || feature.startsWith("!")) continue;
      const vector = getWordVector(feature);
      if (!vector) continue;
      indices.push(index);
      vectors.push(vector);
    }
  const size = vocabulary.size;
  return {
    indices: Int32Array.from(indices),
    vectors,
    cache: new Map(),
    lookups: new Map(),
    pairs: createPairTable(1 << 12),
    positions: POSITIONS.map((feature) => vocabulary.get(feature) ?? -1),
    stamp: new Int32Array(size),
    slot: new Int32Array(size),
    scratchIndices: new Int32Array(size),
    scratchValues: new Float64Array(size),
    generation: 0,
  };
}

function findNearest(anchors: Anchors, word: string): { index: number; similarity: number } | null {
  let found = anchors.cache.get(word);
  if (found !== undefined) return found;
  found = null;
  const vector = getWordVector(word);
  if (vector)
    for (let a = 0; a < anchors.vectors.length; a += 1) {
      const similarity = dot(vector, anchors.vectors[a]!);
      if (similarity >= NEAR && (found === null || similarity > found.similarity)) found = { index: anchors.indices[a]!, similarity };
    }
  if (anchors.cache.size < 50_000) anchors.cache.set(word, found);
  return found;
}

interface WordEntry {
  /** The word's feature string (its normalized lemma). */
  word: string;
  /** Its vocabulary index (or its nearest anchor's) and value; index -1: no feature. */
  index: number;
  value: number;
  /** Below MAX_WORD_IDS; -1 once the cache is full (its bigrams are then looked up by their strings). */
  id: number;
  /** Vocabulary index of the word in a negation scope ("!late"): -1 none, -2 not looked up yet. */
  negated: number;
}

/**
 * Bigram look-ups cached by the two words' ids: open addressing with linear
 * probing over typed arrays (key slots hold id + 1, 0 marks a free slot),
 * doubled when half full.
 */
interface PairTable {
  first: Int32Array;
  second: Int32Array;
  /** Vocabulary index of the bigram, -1 when it is not in the vocabulary. */
  index: Int32Array;
  count: number;
}

function createPairTable(capacity: number): PairTable {
  return { first: new Int32Array(capacity), second: new Int32Array(capacity), index: new Int32Array(capacity), count: 0 };
}

function pairSlot(table: PairTable, first: number, second: number): number {
  const mask = table.first.length - 1;
  let at = (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77)) & mask;
  while (table.first[at] !== 0 && (table.first[at] !== first || table.second[at] !== second)) at = (at + 1) & mask;
  return at;
}

function insertPair(anchors: Anchors, first: number, second: number, index: number): void {
  let table = anchors.pairs;
  if ((table.count + 1) * 2 > table.first.length) {
    const grown = createPairTable(table.first.length * 2);
    for (let at = 0; at < table.first.length; at += 1)
      if (table.first[at] !== 0) {
        const slot = pairSlot(grown, table.first[at]!, table.second[at]!);
        grown.first[slot] = table.first[at]!;
        grown.second[slot] = table.second[at]!;
        grown.index[slot] = table.index[at]!;
      }
    grown.count = table.count;
    anchors.pairs = table = grown;
  }
  const slot = pairSlot(table, first, second);
  table.first[slot] = first;
  table.second[slot] = second;
  table.index[slot] = index;
  table.count += 1;
}

/** At most this many words and this many bigrams are cached (a bound on memory for unbounded input). */
const MAX_WORD_IDS = 1 << 17;
const MAX_PAIRS = 500_000;
const SENTENCE_START = "<s>";

/**
 * The token's word entry: kept on its shared word object (Token.word) for the
 * model whose anchors made it, so a known word costs no string look-up; a
 * token made by hand whose word object does not describe it is looked up by
 * its lemma every time.
 */
function findWordEntry(token: Token, vocabulary: ReadonlyMap<string, number>, anchors: Anchors): WordEntry {
  const shared = token.word;
  const own = hasOwnWord(token);
  if (own && shared.featureOwner === anchors) return shared.featureEntry as WordEntry;
  const word = normalizeLemma(token);
  const { lookups } = anchors;
  let entry = lookups.get(word);
  if (entry === undefined) {
    let index = vocabulary.get(word) ?? -1;
    let value = 1;
    if (index < 0) {
      const near = findNearest(anchors, word);
      if (near) {
        index = near.index;
        value = near.similarity;
      }
    }
    entry = { word, index, value, id: lookups.size < MAX_WORD_IDS ? lookups.size : -1, negated: -2 };
    if (entry.id >= 0) lookups.set(word, entry);
  }
  if (own) {
    shared.featureOwner = anchors;
    shared.featureEntry = entry;
  }
  return entry;
}

/**
 * Sparse word features (an unknown word borrows its nearest anchor, scaled by
 * similarity), then the mean word vector: the features of visitFeatures
 * (text-features.ts), in its order. Each feature's look-up is cached on the
 * anchors (a word's also on its shared word object), and repeated features
 * are dropped with a stamp array instead of a set, so a sentence costs about
 * one small-integer map look-up per token.
 */
function encodeSentence(sentence: Sentence, vocabulary: ReadonlyMap<string, number>, anchors: Anchors, position = -1): SparseRow {
  anchors.generation += 1;
  const { stamp, slot, scratchIndices, scratchValues, generation } = anchors;
  let length = 0;
  const add = (index: number, value: number) => {
    if (index < 0) return;
    if (stamp[index] !== generation) {
      stamp[index] = generation;
      slot[index] = length;
      scratchIndices[length] = index;
      scratchValues[length] = value;
      length += 1;
    } else if (scratchValues[slot[index]!]! < value) scratchValues[slot[index]!] = value;
  };
  let previous: WordEntry | null = null;
  const { tokens } = sentence;
  for (let t = 0; t < tokens.length; t += 1) {
    const token = tokens[t]!;
    if (!isRead(token)) continue;
    const current = findWordEntry(token, vocabulary, anchors);
    add(current.index, current.value);
    if (token.negated) {
      if (current.negated === -2) current.negated = vocabulary.get(`!${current.word}`) ?? -1;
      add(current.negated, 1);
    }
    const first = previous === null ? SENTENCE_START : previous.word;
    // The sentence start takes the id after every word's.
    const firstId = first === SENTENCE_START ? MAX_WORD_IDS : previous!.id;
    if (firstId < 0 || current.id < 0) add(vocabulary.get(`${first} ${current.word}`) ?? -1, 1);
    else {
      const table = anchors.pairs;
      const at = pairSlot(table, firstId + 1, current.id + 1);
      if (table.first[at] !== 0) add(table.index[at]!, 1);
      else {
        const index = vocabulary.get(`${first} ${current.word}`) ?? -1;
        if (table.count < MAX_PAIRS) insertPair(anchors, firstId + 1, current.id + 1, index);
        add(index, 1);
      }
    }
    previous = current;
  }
  if (position >= 0) add(anchors.positions[position]!, 1);
  return { indices: scratchIndices.slice(0, length), values: scratchValues.slice(0, length) };
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

/** Pooled polarity features: shared weights, then one block per aspect, then the star rating. */
/** The polarity model's score of a sentence row for an aspect, without building the augmented row (same sum, same order as polarityRow). */
function scorePolarity(model: LinearModel, row: SparseRow, aspect: Aspect, size: number, rating: number): number {
  const block = (ASPECTS.indexOf(aspect) + 1) * size;
  const { indices, values } = row;
  const w = model.weights;
  let z = model.bias;
  for (let k = 0; k < indices.length; k += 1) z += w[indices[k]!]! * (values ? values[k]! : 1);
  for (let k = 0; k < indices.length; k += 1) z += w[block + indices[k]!]! * (values ? values[k]! : 1);
  return z + w[(ASPECTS.length + 1) * size + Math.min(5, Math.max(1, Math.round(rating))) - 1]!;
}

function polarityRow(row: SparseRow, aspect: Aspect, size: number, rating: number): SparseRow {
  const block = (ASPECTS.indexOf(aspect) + 1) * size;
  const { indices, values } = row;
  const out = new Int32Array(indices.length * 2 + 1);
  const outValues = new Float64Array(indices.length * 2 + 1);
  for (let k = 0; k < indices.length; k += 1) {
    out[k] = indices[k]!;
    out[indices.length + k] = block + indices[k]!;
    outValues[k] = outValues[indices.length + k] = values ? values[k]! : 1;
  }
  out[indices.length * 2] = (ASPECTS.length + 1) * size + Math.min(5, Math.max(1, Math.round(rating))) - 1;
  outValues[indices.length * 2] = 1;
  return { indices: out, values: outValues };
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
  const anchors = buildAnchors(vocabulary, !off.has("word-vectors"));
  const size = vocabulary.size;
  const encoded = found.map((f) => f.sentences.map((sentence, index) => encodeSentence(sentence, vocabulary, anchors, positionOf(index, f.sentences.length))));
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
        // negatives, unless the lexicon read the aspect's words there in another sense ("paid the deposit on time").
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
  return assembleAbsaModel(vocabulary, anchors, detectors, polarity, review);
}

/** A model from its trained parts (freshly trained, or read back from its file by model-file.ts). */
export function assembleAbsaModel(
  vocabulary: ReadonlyMap<string, number>,
  anchors: Anchors,
  detectors: ReadonlyMap<Aspect, LinearModel>,
  polarity: LinearModel,
  review: ReviewModel,
): AbsaModel {
  const wordVectors = anchors.indices.length > 0;
  return { vocabulary, wordVectors, anchors, detectors, stacked: stackDetectors(detectors, vocabulary.size), polarity, add: DEFAULT_ADD, review };
}

/** Scores every aspect for one review: its best sentence, how likely, and how likely negative. */
export function scoreAspects(model: AbsaModel, sentences: readonly Sentence[], rating: number): ReviewScores {
  const rows = sentences.map((sentence, index) => encodeSentence(sentence, model.vocabulary, model.anchors, positionOf(index, sentences.length)));
  const size = model.vocabulary.size;
  const negativeAt = (aspect: Aspect, index: number) => sigmoid(scorePolarity(model.polarity, rows[index]!, aspect, size, rating));
  // Every detector's sum over a row in one pass (each aspect's terms added in the row's order, as scoreLogistic would).
  const count = ASPECTS.length;
  const { weights, biases } = model.stacked;
  const sums = new Float64Array(count);
  const bySentence = ASPECTS.map(() => new Float64Array(rows.length));
  for (let index = 0; index < rows.length; index += 1) {
    const { indices, values } = rows[index]!;
    sums.set(biases);
    for (let k = 0; k < indices.length; k += 1) {
      const base = indices[k]! * count;
      const value = values ? values[k]! : 1;
      for (let a = 0; a < count; a += 1) sums[a]! += weights[base + a]! * value;
    }
    for (let a = 0; a < count; a += 1) bySentence[a]![index] = sigmoid(sums[a]!);
  }
  const aspects = new Map<Aspect, AspectScore>();
  ASPECTS.forEach((aspect, a) => {
    const scores = bySentence[a]!;
    let best = 0;
    for (let index = 1; index < rows.length; index += 1) if (scores[index]! > scores[best]!) best = index;
    aspects.set(aspect, { present: scores[best]!, negative: negativeAt(aspect, best), sentence: best, bySentence: scores });
  });
  return { aspects, rows, negativeAt };
}

/**
 * Scores tokens [start, end) of a sentence (one side of a contrast) as if they
 * were a sentence: how likely they judge `aspect`, and how likely that
 * judgement is negative.
 */
export function scoreSpan(
  model: AbsaModel,
  sentence: Sentence,
  start: number,
  end: number,
  aspect: Aspect,
  rating: number,
): { present: number; negative: number } {
  const row = encodeSentence({ ...sentence, tokens: sentence.tokens.slice(start, end) }, model.vocabulary, model.anchors);
  const size = model.vocabulary.size;
  return { present: sigmoid(scoreLogistic(model.detectors.get(aspect)!, row)), negative: sigmoid(scorePolarity(model.polarity, row, aspect, size, rating)) };
}
