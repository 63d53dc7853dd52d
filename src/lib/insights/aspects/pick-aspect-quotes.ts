import type { Aspect, ReviewRecord, Sentiment } from "../../schema/review.ts";
import { isShowcaseSentence } from "../absa/analyze-review.ts";

export interface Quote {
  review_id: string;
  sentiment: Sentiment;
  text: string;
}

const QUOTES_PER_ASPECT = 3;
/** Evidence sentences in this length range read best as quotes. */
const GOOD_QUOTE = { min: 30, max: 220 };

/**
 * Three quotes showing the range of opinion on an aspect: one per sentiment that occurs (most
 * frequent first), the rest from the most frequent. Only evidence that carries the aspect on its
 * own counts (isShowcaseSentence, which also passes over a sentence about another business);
 * newer reviews with a readable sentence come first, and no sentence is quoted twice.
 */
export function createQuotePicker(reviews: readonly ReviewRecord[]): (aspect: Aspect) => Quote[] {
  const byAspect = new Map<Aspect, Map<Sentiment, Candidate[]>>();
  for (const review of reviews)
    for (const found of review.aspects)
      if (found.evidence.length > 0) {
        let pools = byAspect.get(found.aspect);
        if (pools === undefined) byAspect.set(found.aspect, (pools = new Map()));
        const pool = pools.get(found.sentiment) ?? [];
        pool.push({ review_id: review.id, sentiment: found.sentiment, text: found.evidence, rating: review.rating });
        pools.set(found.sentiment, pool);
      }
  return (aspect) => pickFromPools(aspect, byAspect.get(aspect) ?? new Map());
}

interface Candidate extends Quote {
  rating: number;
}

function pickFromPools(aspect: Aspect, pools: Map<Sentiment, Candidate[]>): Quote[] {
  const readable = (q: Quote) => q.text.length >= GOOD_QUOTE.min && q.text.length <= GOOD_QUOTE.max;
  for (const pool of pools.values()) pool.sort((a, b) => Number(readable(b)) - Number(readable(a)));
  const order = (["positive", "negative", "mixed"] as const).filter((s) => pools.has(s)).sort((a, b) => pools.get(b)!.length - pools.get(a)!.length);
  const picked: Quote[] = [];
  const used = new Set<string>();
  // Each candidate is read on its own only when it is next in line, so a big pool costs a few readings.
  const carries = (q: Candidate) => isShowcaseSentence(q.text, q.rating, aspect, q.sentiment);
  const take = (sentiment: Sentiment) => {
    const next = pools.get(sentiment)?.find((q) => !used.has(q.text) && carries(q));
    if (!next) return false;
    used.add(next.text);
    picked.push({ review_id: next.review_id, sentiment: next.sentiment, text: next.text });
    return true;
  };
  for (const sentiment of order) if (picked.length < QUOTES_PER_ASPECT) take(sentiment);
  for (const sentiment of order) while (picked.length < QUOTES_PER_ASPECT && take(sentiment));
  return picked;
}
