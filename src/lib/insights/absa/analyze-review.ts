export type { ReviewInput } from "./find-review-mentions.ts";
import { ASPECTS, type Aspect, type ReviewAspect, type Sentiment } from "../../schema/review.ts";
import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";
import { decideSentiment } from "./decide-sentiment.ts";
import { findReviewMentions, type ReviewInput } from "./find-review-mentions.ts";
import { scoreAspects, scoreSpan, type AbsaModel } from "./model/aspect-model.ts";
import { loadDefaultAbsaModel } from "./model/default-model.ts";
import { REVIEW_ADD, scoreReview } from "./model/review-model.ts";
import { ALL_RULES_ON, type RulesOff } from "./rule-families.ts";

/** The sentence that best carries the verdict: strongest mention of that polarity (both, for mixed). */
function pickEvidence(mentions: readonly Mention[], sentiment: Sentiment, sentences: readonly Sentence[]): string {
  const score = new Map<number, number>();
  for (const m of mentions) {
    const counts = sentiment === "mixed" || (sentiment === "positive") === m.polarity > 0;
    if (counts) score.set(m.sentence, (score.get(m.sentence) ?? 0) + m.weight);
  }
  if (sentiment === "mixed")
    for (const index of score.keys()) {
      const here = mentions.filter((m) => m.sentence === index);
      if (here.some((m) => m.polarity > 0) && here.some((m) => m.polarity < 0)) score.set(index, (score.get(index) ?? 0) + 2);
    }
  let best = -1;
  let bestScore = -Infinity;
  for (const [index, value] of [...score.entries()].sort((a, b) => a[0] - b[0]))
    if (value > bestScore) {
      best = index;
      bestScore = value;
    }
  return sentences[best]?.text ?? "";
}

/**
 * A sentence where the rules found other aspects already has its reading;
 * the model needs this much more confidence to add one there as well
 * ("Lorcan showed up at 8:02, apologized for the two minutes").
 */
export const RULED_MARGIN = 0.35;

/**
 * A sentence with no word that carries a polarity (no opinion word, no aspect
 * cue), such as a bare account of the job ("She checked the cap and the
 * damper."), needs this much more. Chosen on batches held out of training
 * (bench/RESULTS.md).
 */
export const BARE_MARGIN = 0.1;

/**
 * The sentence that best carries an aspect the rules missed: the one whose
 * model probability clears the aspect's threshold (plus the margins of
 * `ruled` and `bare` sentences) by most, never one the rules set aside or
 * where the lexicon read the aspect's words in another sense; null when none
 * clears it.
 */
export function pickModelSentence(
  bySentence: Float64Array,
  threshold: number,
  ruled: ReadonlySet<number>,
  excluded: (index: number) => boolean,
  bare: (index: number) => boolean = () => false,
): number | null {
  let best: number | null = null;
  let bestMargin = 0;
  for (let index = 0; index < bySentence.length; index += 1) {
    if (excluded(index)) continue;
    const margin = bySentence[index]! - threshold - (ruled.has(index) ? RULED_MARGIN : 0) - (bare(index) ? BARE_MARGIN : 0);
    if (margin >= 0 && (best === null || margin > bestMargin)) {
      best = index;
      bestMargin = margin;
    }
  }
  return best;
}

/** The sentence the sentence detector likes best for an aspect, never an excluded one; null when every sentence is. */
export function pickBestSentence(bySentence: Float64Array, excluded: (index: number) => boolean): number | null {
  let best: number | null = null;
  for (let index = 0; index < bySentence.length; index += 1) if (!excluded(index) && (best === null || bySentence[index]! > bySentence[best]!)) best = index;
  return best;
}

const CONTRAST = new Set(["but", "though", "although", "however", "yet", "whereas", "except"]);
/** Words that turn against what came before only when they open a sentence ("Unfortunately, ...", "Only complaint: ..."). */
const OPENING_CONTRAST = new Set(["still", "unfortunately", "sadly", "only", "otherwise"]);
/**
 * The other side of a contrast is read as judging the aspect the other way when
 * the sentence detector gives it this probability or more and the polarity model
 * does not read it as the same verdict (at least this probability of the
 * opposite polarity): the contrast word itself carries most of the reversal.
 * Chosen by cross-validation (0.4 to 0.6 and 0 to 0.3 scored alike).
 */
const SPAN_PRESENT = 0.5;
const SPAN_OPPOSITE = 0.3;

interface Span {
  sentence: number;
  start: number;
  end: number;
}

/** Positions of the contrast words in a review's sentences, found per sentence on first use. */
class ContrastMarkers {
  private readonly found: Array<number[] | undefined> = [];
  private readonly sentences: readonly Sentence[];
  constructor(sentences: readonly Sentence[]) {
    this.sentences = sentences;
  }
  at(index: number): readonly number[] {
    let markers = this.found[index];
    if (markers === undefined) {
      markers = [];
      const sentence = this.sentences[index];
      const tokens = sentence?.tokens ?? [];
      const opening = sentence ? firstWord(sentence) : -1;
      for (let i = 0; i < tokens.length; i += 1) if (CONTRAST.has(tokens[i]!.norm) || (i === opening && OPENING_CONTRAST.has(tokens[i]!.norm))) markers.push(i);
      this.found[index] = markers;
    }
    return markers;
  }
}

/** First word token of a sentence, skipping punctuation and quotes. */
function firstWord(sentence: Sentence): number {
  return sentence.tokens.findIndex((t) => !t.isPunct);
}

/**
 * The other side of the contrast that the aspect's mentions in one sentence
 * sit on: the clause after the next contrast word ("tarp down, but his boots
 * left prints"), the clause before the contrast word they follow, or, when the
 * sentence opens with the contrast word, the sentence before it ("Quick on the
 * phone. But the report never came."), and when the next sentence opens with
 * one, that sentence. Null when the mentions straddle a contrast word.
 */
function otherSide(here: readonly Mention[], sentences: readonly Sentence[], contrasts: ContrastMarkers, index: number): Span | null {
  const sentence = sentences[index]!;
  const markers = contrasts.at(index);
  const next = sentences[index + 1];
  if (markers.length === 0 && contrasts.at(index + 1).length === 0) return null;
  const first = Math.min(...here.map((m) => m.at!));
  const last = Math.max(...here.map((m) => m.at!));
  if (markers.some((k) => k >= first && k <= last)) return null;
  const after = markers.find((k) => k > last);
  if (after !== undefined) return { sentence: index, start: after + 1, end: markers.find((k) => k > after) ?? sentence.tokens.length };
  const before = markers.findLast((k) => k < first);
  if (before !== undefined) {
    if (before > firstWord(sentence)) return { sentence: index, start: (markers.findLast((k) => k < before) ?? -1) + 1, end: before };
    const previous = sentences[index - 1];
    return previous ? { sentence: index - 1, start: 0, end: previous.tokens.length } : null;
  }
  if (next) {
    const opens = firstWord(next);
    const nextMarkers = contrasts.at(index + 1);
    if (opens >= 0 && nextMarkers.includes(opens)) {
      const further = nextMarkers.find((k) => k > opens);
      return { sentence: index + 1, start: opens + 1, end: further ?? next.tokens.length };
    }
  }
  return null;
}

/**
 * "He put a drop cloth down, but his boots left dusty prints": the rules found
 * the aspect on one side of a contrast and nothing at all on the other; when
 * the sentence detector reads the other side as judging the same aspect (and
 * the polarity model does not call it the same way outright), the aspect is mixed.
 */
function hasContrastingClause(
  own: readonly Mention[],
  all: readonly Mention[],
  sentences: readonly Sentence[],
  contrasts: ContrastMarkers,
  aspect: Aspect,
  sentiment: Sentiment,
  model: AbsaModel,
  rating: number,
): boolean {
  for (const index of new Set(own.map((m) => m.sentence))) {
    const here = own.filter((m) => m.sentence === index);
    if (here.some((m) => m.at === undefined)) continue;
    const span = otherSide(here, sentences, contrasts, index);
    if (!span) continue;
    const tokens = sentences[span.sentence]!.tokens;
    if (tokens.slice(span.start, span.end).filter((t) => !t.isPunct).length < 2) continue;
    if (all.some((m) => m.sentence === span.sentence && (m.at === undefined || (m.at >= span.start && m.at < span.end)))) continue;
    const { present, negative } = scoreSpan(model, sentences[span.sentence]!, span.start, span.end, aspect, rating);
    if (present >= SPAN_PRESENT && (sentiment === "positive" ? negative : 1 - negative) >= SPAN_OPPOSITE) return true;
  }
  return false;
}

/**
 * True when `sentence`, read on its own, judges `aspect` with `sentiment`: a
 * quote shown for an aspect must carry it, not lean on the rest of its review
 * ("Our cat hides... watches her work" is no work_quality quote). A concession
 * reads as mixed: "Expensive project, but done right" shows no one-sided
 * opinion, so it is a quote for neither side.
 */
export function isShowcaseSentence(sentence: string, rating: number, aspect: Aspect, sentiment: Sentiment): boolean {
  const found = analyzeReviewText({ text: sentence, rating });
  if (!found.some((entry) => entry.aspect === aspect && entry.sentiment === sentiment)) return false;
  return sentiment === "mixed" || found.every((entry) => entry.sentiment === sentiment);
}

/**
 * Aspect-based sentiment of a review: at most one entry per aspect, in the
 * fixed aspect order. The rules decide first; the learned models add aspects
 * they missed (the sentence detector, else the review detector, quoting the
 * sentence the sentence detector likes best). `model: null` gives the rules
 * alone, `off` switches rule families off (the ablation).
 */
export function analyzeReviewText(input: ReviewInput, model: AbsaModel | null = loadDefaultAbsaModel(), off: RulesOff = ALL_RULES_ON): ReviewAspect[] {
  const findings = findReviewMentions(input, off);
  const { sentences, mentions, blocked, evaluative } = findings;
  // The learned model adds an aspect the rules missed: more readily in a sentence they left alone than in one where they
  // found other aspects or one with no polar word at all, never where they set a cue aside.
  const ruled = new Set(mentions.map((m) => m.sentence));
  const bare = (index: number) => !evaluative.has(index);
  const scores = model && sentences.length > 0 ? scoreAspects(model, sentences, input.rating) : null;
  const reviewPresent = scores && !off.has("review-detector") ? scoreReview(model!.review, scores.rows, findings) : null;
  const result: ReviewAspect[] = [];
  const contrasts = new ContrastMarkers(sentences);
  for (const aspect of ASPECTS) {
    const own = mentions.filter((m) => m.aspect === aspect);
    let sentiment = decideSentiment(own, input.rating);
    const learned = scores?.aspects.get(aspect);
    if (sentiment === null) {
      if (!learned) continue;
      const excluded = (index: number) => blocked.get(index)?.has(aspect) === true;
      let at = off.has("sentence-detector") ? null : pickModelSentence(learned.bySentence, model!.add[aspect], ruled, excluded, bare);
      // The review detector decides for the whole review, with no margins; the sentence is only its quote. In a
      // one-sentence review it reads nothing the sentence detector has not already turned down.
      if (at === null && sentences.length > 1 && reviewPresent && reviewPresent(aspect) >= REVIEW_ADD) at = pickBestSentence(learned.bySentence, excluded);
      if (at !== null) result.push({ aspect, sentiment: scores!.negativeAt(aspect, at) >= 0.5 ? "negative" : "positive", evidence: sentences[at]!.text });
      continue;
    }
    if (
      model &&
      sentiment !== "mixed" &&
      !off.has("contrast-clause") &&
      hasContrastingClause(own, mentions, sentences, contrasts, aspect, sentiment, model, input.rating)
    )
      sentiment = "mixed";
    const relevant = sentiment === "mixed" ? own : own.filter((m) => (sentiment === "positive") === m.polarity > 0);
    result.push({ aspect: aspect as Aspect, sentiment, evidence: pickEvidence(relevant.length > 0 ? relevant : own, sentiment, sentences) });
  }
  return result;
}
