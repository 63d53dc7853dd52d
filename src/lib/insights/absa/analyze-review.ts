import { ASPECTS, type Aspect, type ReviewAspect, type Sentiment } from "../../schema/review.ts";
import { readSentences, type Sentence } from "../nlp/read-text.ts";
import { analyzeSentence, type Mention } from "./analyze-sentence.ts";
import { findArrivalMentions } from "./find-arrival-times.ts";
import { findTurnaroundMentions } from "./find-turnaround.ts";
import { findImplicitValueMentions, findQuoteVersusBill } from "./find-implicit-value.ts";

export interface ReviewInput {
  text: string;
  rating: number;
  /** Technician ids (e.g. "dana-okafor"); their names make "Dana was great" a professionalism opinion. */
  technicians?: readonly string[];
}

/** Below this weight a mention only counts when nothing stronger disagrees with it. */
const WEAK = 0.65;

function collectNames(technicians: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const id of technicians) for (const part of id.split("-")) if (part.length > 1) names.add(part);
  return names;
}

/** "Tarp? What tarp?": a question echoed with "What ...?" is sarcastic; both sentences are marked. */
function findEchoQuestions(sentences: readonly Sentence[]): Set<number> {
  const marked = new Set<number>();
  sentences.forEach((sentence, i) => {
    const words = sentence.tokens.filter((t) => !t.isPunct).map((t) => t.norm);
    const asks = sentence.tokens.at(-1)?.text === "?";
    if (!asks || words[0] !== "what" || words.length < 2 || words.length > 4) return;
    const echoed = words.slice(1).join(" ");
    const previous = sentences[i - 1];
    const previousWords = previous?.tokens.filter((t) => !t.isPunct).map((t) => t.norm).join(" ") ?? "";
    if (previous && previous.tokens.at(-1)?.text === "?" && previousWords.endsWith(echoed)) {
      marked.add(i);
      marked.add(previous.index);
    }
  });
  return marked;
}

/** Finds every aspect mention in a review text, sentence by sentence. */
export function findReviewMentions(input: ReviewInput): { sentences: Sentence[]; mentions: Mention[] } {
  const sentences = readSentences(input.text);
  const names = collectNames(input.technicians ?? []);
  const sarcastic = findEchoQuestions(sentences);
  const mentions = sentences.flatMap((sentence) => {
    const found = analyzeSentence(sentence, { names, sarcastic: sarcastic.has(sentence.index) });
    return [...found, ...findImplicitValueMentions(sentence, found)];
  });
  mentions.push(...findArrivalMentions(sentences, mentions), ...findQuoteVersusBill(sentences, mentions), ...findTurnaroundMentions(sentences, mentions));
  // A frame ("one star off because ...") only fills in when its sentence has no explicit opinion of its own.
  const explicit = new Set(mentions.filter((m) => !m.framed).map((m) => m.sentence));
  return { sentences, mentions: mentions.filter((m) => !m.framed || !explicit.has(m.sentence)) };
}

/**
 * Review-level polarity of one aspect: mixed when there is a confident opinion
 * each way; a lone weak opinion loses to a strong opposite one; an even split
 * of weak opinions is settled by the star rating (a weak prior, never more).
 */
function decideSentiment(mentions: readonly Mention[], rating: number): Sentiment | null {
  const positive = mentions.filter((m) => m.polarity > 0);
  const negative = mentions.filter((m) => m.polarity < 0);
  const strongest = (list: readonly Mention[]) => Math.max(0, ...list.map((m) => m.weight));
  const sum = (list: readonly Mention[]) => list.reduce((total, m) => total + m.weight, 0);
  if (positive.length === 0 && negative.length === 0) return null;
  if (negative.length === 0) return "positive";
  if (positive.length === 0) return "negative";
  const [pos, neg] = [strongest(positive), strongest(negative)];
  if (pos >= WEAK && neg >= WEAK) return "mixed";
  if (pos >= WEAK) return "positive";
  if (neg >= WEAK) return "negative";
  const balance = sum(positive) - sum(negative);
  if (Math.abs(balance) > 0.2) return balance > 0 ? "positive" : "negative";
  return rating >= 4 ? "positive" : rating <= 2 ? "negative" : "mixed";
}

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

/** Aspect-based sentiment of a review: at most one entry per aspect, in the fixed aspect order. */
export function analyzeReviewText(input: ReviewInput): ReviewAspect[] {
  const { sentences, mentions } = findReviewMentions(input);
  const result: ReviewAspect[] = [];
  for (const aspect of ASPECTS) {
    const own = mentions.filter((m) => m.aspect === aspect);
    const sentiment = decideSentiment(own, input.rating);
    if (sentiment === null) continue;
    const relevant = sentiment === "mixed" ? own : own.filter((m) => (sentiment === "positive") === m.polarity > 0);
    result.push({ aspect: aspect as Aspect, sentiment, evidence: pickEvidence(relevant.length > 0 ? relevant : own, sentiment, sentences) });
  }
  return result;
}
