/**
 * One quote per aspect for the home page's "In their words": a sentence of the aspect's evidence,
 * in its dominant tone, that carries the aspect on its own and is not about another business
 * (isShowcaseSentence). No sentence is shown twice (one often carries two
 * aspects), and a review already quoted is used again only when no other review has a fitting
 * sentence.
 */
import { formatAspectLabel } from "../../charts/labels.ts";
import type { Aspect, ReviewRecord, Sentiment } from "../../schema/review.ts";
import { isShowcaseSentence } from "../absa/analyze-review.ts";
import type { MentionCounts } from "./summarize-aspects.ts";

export interface AspectQuote {
  aspect: Aspect;
  sentiment: Sentiment;
  text: string;
  review_id: string;
  author: string;
  date: string;
  /** The link's accessible name, specific to the aspect and the reviewer: "Read Jane D.'s review of punctuality". */
  link_label: string;
}

export type QuotableReview = Pick<ReviewRecord, "id" | "date" | "author" | "aspects" | "rating">;

/** Sentence lengths (characters) that read well as a quote; others are used only when nothing else fits. */
const READABLE = { min: 30, max: 220 };

/** The most frequent sentiment; ties go to positive, then negative (the order the chart reads). */
export function findDominantSentiment(mentions: Pick<MentionCounts, "positive" | "negative" | "mixed">): Sentiment {
  const { positive, negative, mixed } = mentions;
  return positive >= negative && positive >= mixed ? "positive" : negative >= mixed ? "negative" : "mixed";
}

/** "Read Jane D.'s review of work quality". */
export function describeQuoteLink(author: string, aspect: string): string {
  return `Read ${author}\u2019s review of ${formatAspectLabel(aspect).toLowerCase()}`;
}

const sentenceKey = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
const isReadable = (text: string) => text.length >= READABLE.min && text.length <= READABLE.max;

interface Candidate {
  review: QuotableReview;
  text: string;
  readable: boolean;
  order: number;
}

/**
 * Picks the quotes, in the order of `aspects` (an aspect without a fitting unused sentence gets
 * none). Aspects with the fewest candidates choose first, so a common aspect cannot take a rare
 * one's only sentence. Within an aspect, readable sentences come first, then newer reviews.
 */
export function selectAspectQuotes(aspects: ReadonlyArray<{ aspect: Aspect; mentions: MentionCounts }>, reviews: readonly QuotableReview[]): AspectQuote[] {
  const pools = aspects
    .filter((entry) => entry.mentions.total > 0)
    .map((entry) => {
      const sentiment = findDominantSentiment(entry.mentions);
      const candidates: Candidate[] = [];
      for (const [order, review] of reviews.entries())
        for (const found of review.aspects)
          if (found.aspect === entry.aspect && found.sentiment === sentiment && found.evidence.trim() !== "")
            candidates.push({ review, text: found.evidence, readable: isReadable(found.evidence), order });
      candidates.sort((a, b) => Number(b.readable) - Number(a.readable) || a.order - b.order);
      return { aspect: entry.aspect, sentiment, candidates };
    });
  const usedSentences = new Set<string>();
  const usedReviews = new Set<string>();
  const chosen = new Map<Aspect, AspectQuote>();
  const byScarcity = [...pools].sort((a, b) => a.candidates.length - b.candidates.length);
  for (const { aspect, sentiment, candidates } of byScarcity) {
    // Read on its own only when next in line: a big pool costs a few readings.
    const fits = (candidate: Candidate) =>
      !usedSentences.has(sentenceKey(candidate.text)) && isShowcaseSentence(candidate.text, candidate.review.rating, aspect, sentiment);
    const pick = candidates.find((candidate) => !usedReviews.has(candidate.review.id) && fits(candidate)) ?? candidates.find(fits);
    if (pick === undefined) continue;
    usedSentences.add(sentenceKey(pick.text));
    usedReviews.add(pick.review.id);
    const author = pick.review.author.name;
    chosen.set(aspect, {
      aspect,
      sentiment,
      text: pick.text,
      review_id: pick.review.id,
      author,
      date: pick.review.date,
      link_label: describeQuoteLink(author, aspect),
    });
  }
  return pools.flatMap(({ aspect }) => {
    const quote = chosen.get(aspect);
    return quote === undefined ? [] : [quote];
  });
}
