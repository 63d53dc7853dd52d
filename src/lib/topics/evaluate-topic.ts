import * as z from "../zod.ts";
import { splitSentences } from "../insights/nlp/split-sentences.ts";
import { ReviewSetStatsSchema, summarizeReviews, type ReviewSetStats } from "../insights/review-stats.ts";
import type { ReviewRecord } from "../schema/review.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import type { ParseResult } from "../search/parse-query-string.ts";
import { SEARCH_LIMIT, type SearchParams } from "../search/search-params.ts";
import { findMatches } from "../search/search-reviews.ts";
import { matchTechnician } from "../search/technician-match.ts";
import { compileTopic, findTopicSentences, matchesTopic, type TopicMatcher } from "./match-topic.ts";

/** What to evaluate: a free-text topic, a service, a technician (AND), within dates, and how many quotes of each polarity. */
export interface TopicQuery extends Pick<SearchParams, "mentions_service" | "mentions_technician" | "since" | "until"> {
  topic?: string | undefined;
  quotes: number;
}

const QuoteSchema = z.object({
  review_id: z.string().describe("Pass to get_review for the whole review"),
  url: z.url(),
  rating: z.int().min(1).max(5),
  date: z.string(),
  text: z.string().describe("A sentence quoted verbatim from the review (its title when only the title names the topic)"),
});
const NamedSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const TopicEvaluationSchema = ReviewSetStatsSchema.extend({
  subject: z
    .object({
      topic: z.string().nullable(),
      terms: z.array(z.string()).describe("The topic's words as matched, in order: a phrase, each word in a simple inflection"),
      service: NamedSchema,
      technician: NamedSchema,
      since: z.string().nullable(),
      until: z.string().nullable(),
    })
    .describe("What was evaluated, as resolved"),
  summary: z.string().describe("One paragraph stating the figures above in words"),
  praise: z.array(QuoteSchema).describe("Newest 4- and 5-star reviews on the subject"),
  criticism: z.array(QuoteSchema).describe("Newest 1- and 2-star reviews on the subject"),
  review_ids: z.array(z.string()).describe(`Ids of the matching reviews, newest first, at most ${SEARCH_LIMIT.max}`),
  latest_review_date: z.string().nullable(),
});
export type TopicEvaluation = z.infer<typeof TopicEvaluationSchema>;
type AspectStats = ReviewSetStats["aspects"][number];

/**
 * "Is this company good at X?" answered from the reviews: the matching
 * reviews' stats (as insights.json computes them), a summary in words, quotes
 * and ids; or the issues of an unknown technician or service, with the
 * search's own messages, or of a topic made only of filler words.
 */
export function evaluateTopic(query: TopicQuery, index: DatasetIndex): ParseResult<TopicEvaluation> {
  // The search's own resolution of technician, service and dates: same rules, same messages.
  const { mentions_service, mentions_technician, since, until } = query;
  const found = findMatches({ mentions_service, mentions_technician, since, until, limit: Math.max(1, index.reviews.length) }, index);
  if (!found.ok) return found;
  const topic = query.topic === undefined ? null : compileTopic(query.topic);
  if (query.topic !== undefined && topic === null) {
    const message = `topic "${query.topic}" has no searchable word; name the thing itself, e.g. creosote or dryer vent`;
    return { ok: false, issues: [{ path: ["topic"], code: "empty_topic", message }] };
  }
  const positions = topic === null ? found.value.positions : found.value.positions.filter((i) => matchesTopic(index.reviews, i, topic));
  const reviews = positions.map((i) => index.reviews[i]!);

  const match = mentions_technician === undefined ? null : matchTechnician(mentions_technician, index.technicians);
  const technician = match?.kind === "found" ? index.technicians.find((t) => t.id === match.id)! : null;
  const service = index.dataset.business.services.find((s) => s.id === mentions_service) ?? null;
  const stats = summarizeReviews(reviews);
  const subject = [query.topic !== undefined ? `"${query.topic}"` : null, service?.name ?? null, technician ? `by ${technician.name}` : null];
  const quotesOf = (polarity: "positive" | "negative", wanted: (review: ReviewRecord) => boolean) =>
    pickQuotes(reviews.filter(wanted), topic, polarity, query.quotes);
  return {
    ok: true,
    value: {
      subject: {
        topic: query.topic ?? null,
        terms: topic?.words ?? [],
        service: service && { id: service.id, name: service.name },
        technician: technician && { id: technician.id, name: technician.name },
        since: since ?? null,
        until: until ?? null,
      },
      ...stats,
      summary: summarize(subject.filter((part) => part !== null).join(", "), stats),
      praise: quotesOf("positive", (review) => review.rating >= 4),
      criticism: quotesOf("negative", (review) => review.rating <= 2),
      review_ids: reviews.slice(0, SEARCH_LIMIT.max).map((r) => r.id),
      latest_review_date: reviews[0]?.date ?? null,
    },
  };
}

/**
 * Aspects ranked by evidence: most mentions first, then the stronger score.
 * One opinion is a weaker signal than ten, whatever its score.
 */
export function rankAspects(aspects: readonly AspectStats[], polarity: "positive" | "negative"): AspectStats[] {
  const sign = polarity === "positive" ? 1 : -1;
  return aspects.filter((a) => a.score * sign > 0).sort((a, b) => b.mentions.total - a.mentions.total || (b.score - a.score) * sign);
}

function summarize(subject: string, stats: ReviewSetStats): string {
  if (stats.review_count === 0) return `No review matches ${subject}. Try fewer or broader words, or search_reviews with query.`;
  const d = stats.rating_distribution;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const format = (a: AspectStats) => `${a.aspect} (${a.score > 0 ? "+" : ""}${a.score}, ${plural(a.mentions.total, "mention")})`;
  const best = rankAspects(stats.aspects, "positive").slice(0, 2);
  const worst = rankAspects(stats.aspects, "negative").slice(0, 2);
  const sentences = [
    `${plural(stats.review_count, "verified review")} match ${subject}: average ${stats.average_rating}/5, ${d["5"] + d["4"]} with 4-5 stars, ${d["3"]} with 3, ${d["2"] + d["1"]} with 1-2.`,
    best.length > 0 ? `Praised most for ${best.map(format).join(" and ")}.` : "",
    worst.length > 0 ? `Criticized for ${worst.map(format).join(" and ")}.` : "",
    stats.review_count < 5 ? "That is a small sample; read the reviews before concluding." : "",
  ];
  return sentences.filter(Boolean).join(" ");
}

const MAX_QUOTE_LENGTH = 280;

function clip(sentence: string): string {
  return sentence.length <= MAX_QUOTE_LENGTH ? sentence : `${sentence.slice(0, MAX_QUOTE_LENGTH - 1).trimEnd()}…`;
}

/**
 * Up to `count` quotes, one per review, newest first. With a topic, only a
 * sentence that names it (never some other sentence of the review); without
 * one, the evidence of an opinion of the wanted polarity, else the review's
 * first sentence. Quoted verbatim, clipped if very long.
 */
function pickQuotes(reviews: readonly ReviewRecord[], topic: TopicMatcher | null, polarity: "positive" | "negative", count: number) {
  const quotes = [];
  for (const review of reviews) {
    if (quotes.length >= count) break;
    const text = topic === null ? describeOpinion(review, polarity) : findTopicSentences(review, topic)[0];
    if (text !== undefined) quotes.push({ review_id: review.id, url: review.url, rating: review.rating, date: review.date, text: clip(text) });
  }
  return quotes;
}

/** The evidence of an opinion of the wanted polarity, else the review's first sentence. */
function describeOpinion(review: ReviewRecord, polarity: "positive" | "negative"): string {
  return review.aspects.find((a) => a.sentiment === polarity)?.evidence ?? splitSentences(review.text)[0]?.text ?? review.text;
}
