export type { ReviewInput } from "./find-review-mentions.ts";
import { ASPECTS, type Aspect, type ReviewAspect, type Sentiment } from "../../schema/review.ts";
import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";
import { decideSentiment } from "./decide-sentiment.ts";
import { findReviewMentions, type ReviewInput } from "./find-review-mentions.ts";
import { scoreAspects, type AbsaModel } from "./model/aspect-model.ts";
import { loadDefaultAbsaModel } from "./model/default-model.ts";
import { REVIEW_ADD, scoreReview } from "./model/review-model.ts";

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
 * The sentence that best carries an aspect the rules missed: the one whose
 * model probability clears the aspect's threshold by most, never one the
 * rules set aside or where the lexicon read the aspect's words in another
 * sense; null when none clears it.
 */
export function pickModelSentence(
  bySentence: Float64Array,
  threshold: number,
  ruled: ReadonlySet<number>,
  excluded: (index: number) => boolean,
): number | null {
  let best: number | null = null;
  let bestMargin = 0;
  for (let index = 0; index < bySentence.length; index += 1) {
    if (excluded(index)) continue;
    const margin = bySentence[index]! - threshold - (ruled.has(index) ? RULED_MARGIN : 0);
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

const MIX_PRESENT = 0.5;
const MIX_POLARITY = 0.8;

/**
 * "Decent tech. The guy with him rolled his eyes": the rules found one side;
 * the learned model finds, in a sentence the rules did not use, a confident
 * judgement of the same aspect the other way, so the aspect is mixed.
 */
function hasOppositeOpinion(own: readonly Mention[], bySentence: Float64Array, negativeAt: (index: number) => number, sentiment: Sentiment): boolean {
  for (let index = 0; index < bySentence.length; index += 1) {
    if (bySentence[index]! < MIX_PRESENT || own.some((m) => m.sentence === index)) continue;
    const negative = negativeAt(index);
    if (sentiment === "positive" ? negative >= MIX_POLARITY : negative <= 1 - MIX_POLARITY) return true;
  }
  return false;
}

/**
 * Aspect-based sentiment of a review: at most one entry per aspect, in the
 * fixed aspect order. The rules decide first; the learned models (trained on
 * the labelled reviews, `model`) add aspects the rules missed: the sentence
 * detector where one sentence clearly judges the aspect, else the review
 * detector, which reads the whole review and what the rules found, with the
 * sentence the sentence detector likes best as evidence. Pass `model: null`
 * for the rules alone.
 */
export function analyzeReviewText(input: ReviewInput, model: AbsaModel | null = loadDefaultAbsaModel()): ReviewAspect[] {
  const findings = findReviewMentions(input);
  const { sentences, mentions, setAside, blocked } = findings;
  // The learned model adds an aspect the rules missed: more readily in a sentence they left alone than in one where they
  // found other aspects, never where they set a cue aside.
  const ruled = new Set(mentions.map((m) => m.sentence));
  const scores = model && sentences.length > 0 ? scoreAspects(model, sentences, input.rating) : null;
  const reviewPresent = scores ? scoreReview(model!.review, scores.rows, findings) : null;
  const result: ReviewAspect[] = [];
  for (const aspect of ASPECTS) {
    const own = mentions.filter((m) => m.aspect === aspect);
    let sentiment = decideSentiment(own, input.rating);
    const learned = scores?.aspects.get(aspect);
    if (sentiment === null) {
      if (!learned) continue;
      const excluded = (index: number) => setAside.has(index) || blocked.get(index)?.has(aspect) === true;
      let at = pickModelSentence(learned.bySentence, model!.add[aspect], ruled, excluded);
      if (at === null && reviewPresent!(aspect) >= REVIEW_ADD) at = pickBestSentence(learned.bySentence, excluded);
      if (at !== null) result.push({ aspect, sentiment: scores!.negativeAt(aspect, at) >= 0.5 ? "negative" : "positive", evidence: sentences[at]!.text });
      continue;
    }
    if (learned && sentiment !== "mixed" && hasOppositeOpinion(own, learned.bySentence, (index) => scores!.negativeAt(aspect, index), sentiment))
      sentiment = "mixed";
    const relevant = sentiment === "mixed" ? own : own.filter((m) => (sentiment === "positive") === m.polarity > 0);
    result.push({ aspect: aspect as Aspect, sentiment, evidence: pickEvidence(relevant.length > 0 ? relevant : own, sentiment, sentences) });
  }
  return result;
}
