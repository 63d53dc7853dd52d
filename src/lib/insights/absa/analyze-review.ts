export type { ReviewInput } from "./find-review-mentions.ts";
import { ASPECTS, type Aspect, type ReviewAspect, type Sentiment } from "../../schema/review.ts";
import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";
import { decideSentiment } from "./decide-sentiment.ts";
import { findReviewMentions, type ReviewInput } from "./find-review-mentions.ts";
import { scoreAspects, type AbsaModel } from "./model/aspect-model.ts";
import { loadDefaultAbsaModel } from "./model/default-model.ts";
import { REVIEW_ADD, scoreReview } from "./model/review-model.ts";
import { decideSides } from "./model/sides-model.ts";
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
 * damper."), needs this much more; so does the review detector in a review
 * with no such word at all. Chosen on batches held out of training
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
 * fixed aspect order. The rules find aspects first; the learned models add
 * aspects they missed (the sentence detector, else the review detector,
 * quoting the sentence the sentence detector likes best), and the sides model
 * gives every aspect found its verdict. `model: null` gives the rules alone,
 * `off` switches rule families off (the ablation).
 */
export function analyzeReviewText(input: ReviewInput, model: AbsaModel | null = loadDefaultAbsaModel(), off: RulesOff = ALL_RULES_ON): ReviewAspect[] {
  const findings = findReviewMentions(input, off);
  const { sentences, mentions, blocked, evaluative } = findings;
  // The learned model adds an aspect the rules missed: more readily in a sentence they left alone than in one where they
  // found other aspects or one with no polar word at all, never where they set a cue aside.
  const ruled = new Set(mentions.map((m) => m.sentence));
  const bare = (index: number) => !evaluative.has(index);
  const scores = model && sentences.length > 0 ? scoreAspects(model, sentences) : null;
  const reviewPresent = scores && !off.has("review-detector") ? scoreReview(model!.review, scores.rows, findings) : null;
  const result: ReviewAspect[] = [];
  for (const aspect of ASPECTS) {
    const own = mentions.filter((m) => m.aspect === aspect);
    const sentiment = decideSentiment(own, input.rating);
    const learned = scores?.aspects.get(aspect);
    if (sentiment === null) {
      if (!learned) continue;
      const excluded = (index: number) => blocked.get(index)?.has(aspect) === true;
      let at = off.has("sentence-detector") ? null : pickModelSentence(learned.bySentence, model!.add[aspect], ruled, excluded, bare);
      // The review detector decides for the whole review; the sentence is only its quote. A review with no polar word at
      // all (an account of the visit) needs the bare margin here too. In a one-sentence review it reads nothing the
      // sentence detector has not already turned down.
      const reviewBar = REVIEW_ADD + (evaluative.size === 0 ? BARE_MARGIN : 0);
      if (at === null && sentences.length > 1 && reviewPresent && reviewPresent(aspect) >= reviewBar) at = pickBestSentence(learned.bySentence, excluded);
      if (at === null) continue;
      // With the sides model switched off (the ablation), the stars give the verdict.
      const byStars = input.rating <= 2 ? "negative" : "positive";
      const verdict = off.has("sides-model") ? byStars : decideSides(model!.sides, scores!.rows, [], at, aspect, input.rating);
      result.push({ aspect, sentiment: verdict, evidence: sentences[at]!.text });
      continue;
    }
    // The sides model reads the carrying sentences' words as one bag: where every one of them contrasts this aspect with
    // another judged the other way ("late, but did a great job"), it cannot tell which half is this aspect's, and the
    // rules' one-sided reading stands.
    const contrasted =
      sentiment !== "mixed" && own.every((m) => mentions.some((o) => o.aspect !== aspect && o.sentence === m.sentence && o.polarity !== m.polarity));
    const verdict = scores && !off.has("sides-model") && !contrasted ? decideSides(model!.sides, scores.rows, own, null, aspect, input.rating) : sentiment;
    const relevant = verdict === "mixed" ? own : own.filter((m) => (verdict === "positive") === m.polarity > 0);
    result.push({
      aspect,
      sentiment: verdict,
      evidence: relevant.length > 0 ? pickEvidence(relevant, verdict, sentences) : pickEvidence(own, "mixed", sentences),
    });
  }
  return result;
}
