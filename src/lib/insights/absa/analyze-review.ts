export type { ReviewInput } from "./find-review-mentions.ts";
import { ASPECTS, type Aspect, type ReviewAspect, type Sentiment } from "../../schema/review.ts";
import type { Mention } from "./analyze-sentence.ts";
import { decideSentiment } from "./decide-sentiment.ts";
import { findReviewMentions, type ReviewInput, type ReviewMentions } from "./find-review-mentions.ts";
import { judgingSentences, pickBestSentence, presenceSignals, scoreAspects, type AbsaModel } from "./model/aspect-model.ts";
import { loadDefaultAbsaModel } from "./model/default-model.ts";
import { namesAnotherBusiness } from "./another-business.ts";
import { isHighlightsLine } from "./read-highlights.ts";
import { isPresent } from "./model/presence-model.ts";
import { scoreReview } from "./model/review-model.ts";
import { decideSides } from "./model/sides-model.ts";
import { ALL_RULES_ON, type RulesOff } from "./rule-families.ts";

/**
 * The sentence that best carries the verdict: strongest mentions of that
 * polarity (both, for mixed), added up over the clauses of each sentence, so
 * a long sentence is weighed and quoted whole.
 */
function pickEvidence(mentions: readonly Mention[], sentiment: Sentiment, findings: ReviewMentions): string {
  const { sentenceOf, whole } = findings;
  const score = new Map<number, number>();
  for (const m of mentions) {
    const counts = sentiment === "mixed" || (sentiment === "positive") === m.polarity > 0;
    const at = sentenceOf[m.sentence]!;
    if (counts) score.set(at, (score.get(at) ?? 0) + m.weight);
  }
  if (sentiment === "mixed")
    for (const at of score.keys()) {
      const here = mentions.filter((m) => sentenceOf[m.sentence] === at);
      if (here.some((m) => m.polarity > 0) && here.some((m) => m.polarity < 0)) score.set(at, (score.get(at) ?? 0) + 2);
    }
  let best = -1;
  let bestScore = -Infinity;
  for (const [at, value] of [...score.entries()].sort((a, b) => a[0] - b[0]))
    if (value > bestScore) {
      best = at;
      bestScore = value;
    }
  return whole[best]?.text ?? "";
}

/** One side when every mention takes it, else mixed. */
function sideOf(mentions: readonly Mention[]): Sentiment {
  const positive = mentions.some((m) => m.polarity > 0);
  const negative = mentions.some((m) => m.polarity < 0);
  return positive && negative ? "mixed" : positive ? "positive" : "negative";
}

/**
 * True when `sentence`, read on its own, judges `aspect` with `sentiment`: a
 * quote shown for an aspect must carry it, not lean on the rest of its review
 * ("Our cat hides... watches her work" is no work_quality quote). A concession
 * reads as mixed: "Expensive project, but done right" shows no one-sided
 * opinion, so it is a quote for neither side. A line of Google's ticked
 * highlights ("Positive: Professionalism, Value") is a verdict but no quote,
 * and a sentence about another business no quote of this one
 * (namesAnotherBusiness).
 */
export function isShowcaseSentence(sentence: string, rating: number, aspect: Aspect, sentiment: Sentiment): boolean {
  if (isHighlightsLine(sentence) || namesAnotherBusiness(sentence)) return false;
  const found = analyzeReviewText({ text: sentence, rating });
  if (!found.some((entry) => entry.aspect === aspect && entry.sentiment === sentiment)) return false;
  return sentiment === "mixed" || found.every((entry) => entry.sentiment === sentiment);
}

/**
 * Aspect-based sentiment of a review: at most one entry per aspect, in the
 * fixed aspect order. The rules, the sentence detector and the review
 * detector each say whether the review judges an aspect; the presence model
 * weighs what they say. An aspect the rules did not find is quoted by the
 * sentence the sentence detector likes best, and the sides model gives every
 * aspect found its verdict. `model: null` gives the rules alone, `off`
 * switches rule families off (the ablation).
 */
export function analyzeReviewText(input: ReviewInput, model: AbsaModel | null = loadDefaultAbsaModel(), off: RulesOff = ALL_RULES_ON): ReviewAspect[] {
  const findings = findReviewMentions(input, model?.spelling ?? null);
  const { sentences, whole, sentenceOf, mentions, blocked } = findings;
  const quoteOf = (index: number) => whole[sentenceOf[index]!]!.text;
  const scores = model && sentences.length > 0 ? scoreAspects(model, sentences) : null;
  const review = scores ? scoreReview(model!.review, scores.rows, findings) : null;
  const result: ReviewAspect[] = [];
  for (const aspect of ASPECTS) {
    const own = mentions.filter((m) => m.aspect === aspect);
    const ticked = own.filter((m) => m.ticked);
    const bySentence = scores?.aspects.get(aspect)?.bySentence;
    // Without the learned models (or a sentence to read), the rules alone say whether the review judges the aspect.
    // A ticked highlight is judged whatever the presence model says (read-highlights.ts); the verdict is read below.
    const judged =
      ticked.length > 0 ||
      (bySentence && review ? isPresent(model!.presence, aspect, presenceSignals(findings, aspect, bySentence, review, off)) : own.length > 0);
    if (!judged) continue;
    // The sentences the sentence detector judges: the sides model reads them beside the rules' or the quoted one.
    const judging = bySentence ? judgingSentences(bySentence, findings, aspect) : [];
    if (own.length === 0) {
      const at = pickBestSentence(bySentence!, (index) => blocked.get(index)?.has(aspect) === true);
      if (at === null) continue;
      // With the sides model switched off (the ablation), the stars give the verdict.
      const byStars = input.rating <= 2 ? "negative" : "positive";
      const verdict = off.has("sides-model") ? byStars : decideSides(model!.sides, scores!.rows, { own: [], at, judging }, aspect, input.rating);
      result.push({ aspect, sentiment: verdict, evidence: quoteOf(at) });
      continue;
    }
    // A ticked highlight is the reviewer's judgement; the words around it are read as without it, and where they judge
    // the aspect the other way the review is mixed. The words give the evidence: a tick list is no sentence to quote.
    const written = own.filter((m) => !m.ticked);
    const tick = ticked.length === 0 ? null : sideOf(ticked);
    if (written.length === 0) {
      result.push({ aspect, sentiment: tick!, evidence: quoteOf(ticked[0]!.sentence) });
      continue;
    }
    // `written` is not empty, and every mention has a polarity, so the rules have a reading.
    const sentiment = decideSentiment(written, input.rating)!;
    // The sides model reads the carrying sentences' words as one bag: where every one of them contrasts this aspect with
    // another judged the other way ("late, but did a great job"), it cannot tell which half is this aspect's, and the
    // rules' one-sided reading stands.
    const contrasted =
      sentiment !== "mixed" && written.every((m) => mentions.some((o) => o.aspect !== aspect && o.sentence === m.sentence && o.polarity !== m.polarity));
    const verdict =
      scores && !off.has("sides-model") && !contrasted
        ? decideSides(model!.sides, scores.rows, { own: written, at: null, judging }, aspect, input.rating)
        : sentiment;
    const relevant = verdict === "mixed" ? written : written.filter((m) => (verdict === "positive") === m.polarity > 0);
    result.push({
      aspect,
      sentiment: tick === null || tick === verdict ? verdict : "mixed",
      evidence: relevant.length > 0 ? pickEvidence(relevant, verdict, findings) : pickEvidence(written, "mixed", findings),
    });
  }
  return result;
}
