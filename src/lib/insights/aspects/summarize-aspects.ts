import { ASPECTS, type Aspect, type ReviewRecord } from "../../schema/review.ts";
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
