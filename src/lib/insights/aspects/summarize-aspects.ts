import { ASPECTS, type Aspect, type ReviewRecord, type Sentiment } from "../../schema/review.ts";
import { scoreSentiment } from "../shared/round.ts";

export interface MentionCounts {
  positive: number;
  negative: number;
  mixed: number;
  total: number;
}

export interface AspectCount {
  aspect: Aspect;
  mentions: MentionCounts;
  score: number;
}

export interface Quote {
  review_id: string;
  sentiment: Sentiment;
  text: string;
}

const QUOTES_PER_ASPECT = 3;
/** Evidence sentences in this length range read best as quotes. */
const GOOD_QUOTE = { min: 30, max: 220 };

const ASPECT_INDEX: ReadonlyMap<string, number> = new Map(ASPECTS.map((aspect, i) => [aspect, i]));

/** Mentions by sentiment and score for every aspect, in the fixed aspect order (one pass over the reviews). */
export function countAspectMentions(reviews: readonly ReviewRecord[]): AspectCount[] {
  const counts: MentionCounts[] = ASPECTS.map(() => ({ positive: 0, negative: 0, mixed: 0, total: 0 }));
  for (const review of reviews)
    for (const found of review.aspects) {
      const index = ASPECT_INDEX.get(found.aspect);
      if (index === undefined) continue;
      const mentions = counts[index]!;
      mentions[found.sentiment] += 1;
      mentions.total += 1;
    }
  return ASPECTS.map((aspect, i) => {
    const mentions = counts[i]!;
    return { aspect, mentions, score: scoreSentiment(mentions.positive, mentions.negative, mentions.total) };
  });
}

/**
 * Three quotes that show the range of opinion on an aspect: one per
 * sentiment that occurs (most frequent first), the rest from the most
 * frequent sentiment. Within a sentiment, newer reviews (dataset order) with
 * a readable sentence length come first; the same sentence is never quoted twice.
 */
export function pickQuotes(aspect: Aspect, reviews: readonly ReviewRecord[]): Quote[] {
  return createQuotePicker(reviews)(aspect);
}

/** {@link pickQuotes} for every aspect of the same reviews, which are read once. */
export function createQuotePicker(reviews: readonly ReviewRecord[]): (aspect: Aspect) => Quote[] {
  const byAspect = new Map<Aspect, Map<Sentiment, Quote[]>>();
  for (const review of reviews)
    for (const found of review.aspects)
      if (found.evidence.length > 0) {
        let pools = byAspect.get(found.aspect);
        if (pools === undefined) byAspect.set(found.aspect, (pools = new Map()));
        const pool = pools.get(found.sentiment) ?? [];
        pool.push({ review_id: review.id, sentiment: found.sentiment, text: found.evidence });
        pools.set(found.sentiment, pool);
      }
  return (aspect) => pickFromPools(byAspect.get(aspect) ?? new Map());
}

function pickFromPools(pools: Map<Sentiment, Quote[]>): Quote[] {
  const readable = (q: Quote) => q.text.length >= GOOD_QUOTE.min && q.text.length <= GOOD_QUOTE.max;
  for (const pool of pools.values()) pool.sort((a, b) => Number(readable(b)) - Number(readable(a)));
  const order = (["positive", "negative", "mixed"] as const).filter((s) => pools.has(s)).sort((a, b) => pools.get(b)!.length - pools.get(a)!.length);
  const picked: Quote[] = [];
  const used = new Set<string>();
  const take = (sentiment: Sentiment) => {
    const next = pools.get(sentiment)?.find((q) => !used.has(q.text));
    if (!next) return false;
    used.add(next.text);
    picked.push(next);
    return true;
  };
  for (const sentiment of order) if (picked.length < QUOTES_PER_ASPECT) take(sentiment);
  for (const sentiment of order) while (picked.length < QUOTES_PER_ASPECT && take(sentiment));
  return picked;
}
