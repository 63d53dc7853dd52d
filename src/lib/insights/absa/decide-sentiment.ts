import type { Sentiment } from "../../schema/review.ts";
import type { Mention } from "./analyze-sentence.ts";

/** Below this weight a mention only counts when nothing stronger disagrees with it. */
export const WEAK = 0.65;

/**
 * The rules' review-level polarity of one aspect: mixed when there is a
 * confident opinion each way; a lone weak opinion loses to a strong opposite
 * one; an even split of weak opinions is settled by the star rating (a weak
 * prior, never more). Null when the rules found no opinion.
 */
export function decideSentiment(mentions: readonly Mention[], rating: number): Sentiment | null {
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
