import type { ReviewRecord, Sentiment } from "../../schema/review.ts";
import { scoreSentiment } from "../shared/round.ts";
import { extractKeyphrases } from "./extract-keyphrases.ts";
import { groupTopics, type TopicGroup } from "./group-topics.ts";

export interface TopicInsight {
  id: string;
  label: string;
  terms: string[];
  review_count: number;
  sentiment: { positive: number; negative: number; mixed: number; score: number };
  review_ids: string[];
}

const MAX_TOPICS = 16;
const EXAMPLES = 5;

/** The review's stance where it talks about the topic: the aspects whose evidence mentions a topic term, else the whole review. */
function reviewSentiment(review: ReviewRecord, terms: readonly string[]): Sentiment {
  const about = review.aspects.filter((a) => terms.some((term) => a.evidence.toLowerCase().includes(term)));
  const aspects = about.length > 0 ? about : review.aspects;
  const positive = aspects.filter((a) => a.sentiment === "positive" || a.sentiment === "mixed").length;
  const negative = aspects.filter((a) => a.sentiment === "negative" || a.sentiment === "mixed").length;
  if (positive > negative) return "positive";
  if (negative > positive) return "negative";
  if (aspects.length > 0) return "mixed";
  return review.rating >= 4 ? "positive" : review.rating <= 2 ? "negative" : "mixed";
}

function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function describeTopic(group: TopicGroup, reviews: readonly ReviewRecord[], usedIds: Set<string>): TopicInsight {
  const docs = group.docs;
  const terms = group.members.map((m) => m.label);
  const counts = { positive: 0, negative: 0, mixed: 0 };
  for (const doc of docs) counts[reviewSentiment(reviews[doc]!, terms)] += 1;
  const head = group.members[0]!;
  let id = slugify(head.label);
  for (let n = 2; usedIds.has(id); n += 1) id = `${slugify(head.label)}-${n}`;
  usedIds.add(id);
  return {
    id,
    label: head.label.charAt(0).toUpperCase() + head.label.slice(1),
    terms,
    review_count: docs.length,
    sentiment: { ...counts, score: scoreSentiment(counts.positive, counts.negative, docs.length) },
    review_ids: docs.slice(0, EXAMPLES).map((doc) => reviews[doc]!.id),
  };
}

/**
 * Recurring themes found in the review texts themselves: keyphrases
 * extracted over the whole corpus and merged into topics (see
 * extract-keyphrases.ts and group-topics.ts). Names (of technicians,
 * reviewers, places and the business) are excluded, as is any word
 * capitalized inside a sentence. Reviews are taken in dataset order,
 * so example ids are the newest reviews on the topic.
 */
export function buildTopics(reviews: readonly ReviewRecord[], excludedNames: readonly string[]): TopicInsight[] {
  const texts = reviews.map((r) => (r.title ? `${r.title}.\n${r.text}` : r.text));
  const properNouns = new Set(excludedNames.flatMap((name) => name.toLowerCase().split(/\s+/)));
  const minDocs = Math.max(3, Math.ceil(reviews.length * 0.02));
  const phrases = extractKeyphrases(texts, properNouns, minDocs);
  const usedIds = new Set<string>();
  return groupTopics(phrases, reviews.length, MAX_TOPICS).map((group) => describeTopic(group, reviews, usedIds));
}
