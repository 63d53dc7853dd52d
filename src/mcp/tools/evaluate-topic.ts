import * as z from "../../lib/zod.ts";
import type { ReviewRecord } from "../../lib/schema/review.ts";
import type { DatasetIndex } from "../../lib/search/dataset-index.ts";
import { SEARCH_LIMIT, SearchParamsSchema } from "../../lib/search/search-params.ts";
import { findMatches } from "../../lib/search/search-reviews.ts";
import { matchTechnician } from "../../lib/search/technician-match.ts";
import { defineTool } from "../tool-definition.ts";
import { ReviewSetStatsSchema, summarizeReviews, type ReviewSetStats } from "../review-stats.ts";
import { toInvalidRequestError, toToolResult } from "../tool-result.ts";
import { compileTopicPatterns, extractTopicTerms, matchesTopic, pickQuote } from "../topic-match.ts";

const search = SearchParamsSchema.shape;

const InputSchema = z
  .strictObject({
    topic: z
      .string()
      .trim()
      .min(2)
      .max(100)
      .optional()
      .describe(
        "What the user asks about, in a few words: e.g. creosote, dryer vent, raccoon, leak, allergies, soot. Every word must appear in the review (case, accents, plurals and -ing ignored; filler words such as 'good at' are dropped). For a service in the catalogue prefer mentions_service.",
      ),
    mentions_service: search.mentions_service,
    mentions_technician: search.mentions_technician,
    since: search.since,
    until: search.until,
    quotes: z.int().min(0).max(10).default(3).describe("How many quotes to return for praise and for criticism each, 0 to 10; default 3."),
  })
  .refine((input) => input.topic !== undefined || input.mentions_service !== undefined || input.mentions_technician !== undefined, {
    error: "give at least one of topic, mentions_service or mentions_technician",
  })
  .refine((input) => input.since === undefined || input.until === undefined || input.since <= input.until, {
    path: ["since"],
    error: "since must be on or before until",
  });
type EvaluateInput = z.output<typeof InputSchema>;

const QuoteSchema = z.object({
  review_id: z.string().describe("Pass to get_review for the whole review"),
  url: z.url(),
  rating: z.int().min(1).max(5),
  date: z.string(),
  text: z.string().describe("A sentence quoted verbatim from the review"),
});
const NamedSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const EvaluateTopicOutputSchema = ReviewSetStatsSchema.extend({
  subject: z
    .object({
      topic: z.string().nullable(),
      terms: z.array(z.string()).describe("The word stems the topic was matched by"),
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
type EvaluateOutput = z.infer<typeof EvaluateTopicOutputSchema>;

function describeSubject(input: EvaluateInput, service: string | null, technician: string | null): string {
  const parts = [input.topic !== undefined ? `"${input.topic}"` : null, service, technician !== null ? `by ${technician}` : null];
  return parts.filter((part) => part !== null).join(", ");
}

function summarize(subject: string, stats: ReviewSetStats): string {
  if (stats.review_count === 0) return `No review matches ${subject}. Try fewer or broader words, or search_reviews with query.`;
  const d = stats.rating_distribution;
  const ranked = [...stats.aspects].sort((a, b) => b.score - a.score || b.mentions.total - a.mentions.total);
  const best = ranked.filter((a) => a.score > 0).slice(0, 2);
  const worst = ranked.filter((a) => a.score < 0).reverse().slice(0, 2);
  const format = (a: (typeof ranked)[number]) => `${a.aspect} (${a.score > 0 ? "+" : ""}${a.score}, ${a.mentions.total} mentions)`;
  const sentences = [
    `${stats.review_count} verified review${stats.review_count === 1 ? "" : "s"} match ${subject}: average ${stats.average_rating}/5, ${d["5"] + d["4"]} with 4-5 stars, ${d["3"]} with 3, ${d["2"] + d["1"]} with 1-2.`,
    best.length > 0 ? `Praised most for ${best.map(format).join(" and ")}.` : "",
    worst.length > 0 ? `Criticized for ${worst.map(format).join(" and ")}.` : "",
    stats.review_count < 5 ? "That is a small sample; read the reviews before concluding." : "",
  ];
  return sentences.filter(Boolean).join(" ");
}

function quote(review: ReviewRecord, patterns: readonly RegExp[], polarity: "positive" | "negative") {
  return { review_id: review.id, url: review.url, rating: review.rating, date: review.date, text: pickQuote(review, patterns, polarity) };
}

/** Everything evaluate_topic returns, or the issues of an unknown technician or service (REST messages). */
export function evaluateTopic(input: EvaluateInput, index: DatasetIndex) {
  // The search's own resolution of technician, service and dates: same rules, same messages.
  const { mentions_service, mentions_technician, since, until } = input;
  const found = findMatches({ mentions_service, mentions_technician, since, until, limit: Math.max(1, index.reviews.length) }, index);
  if (!found.ok) return found;
  const terms = input.topic === undefined ? [] : extractTopicTerms(input.topic);
  if (input.topic !== undefined && terms.length === 0) {
    return { ok: false as const, issues: [{ path: ["topic"], code: "empty_topic", message: `topic "${input.topic}" has no searchable word; name the thing itself, e.g. creosote or dryer vent` }] };
  }
  const patterns = compileTopicPatterns(terms);
  const reviews = found.value.positions.filter((i) => matchesTopic(index.reviews, i, patterns)).map((i) => index.reviews[i]!);

  const match = input.mentions_technician === undefined ? null : matchTechnician(input.mentions_technician, index.technicians);
  const technician = match?.kind === "found" ? index.technicians.find((t) => t.id === match.id)! : null;
  const service = index.dataset.business.services.find((s) => s.id === input.mentions_service) ?? null;
  const stats = summarizeReviews(reviews);
  const value: EvaluateOutput = {
    subject: {
      topic: input.topic ?? null,
      terms,
      service: service && { id: service.id, name: service.name },
      technician: technician && { id: technician.id, name: technician.name },
      since: input.since ?? null,
      until: input.until ?? null,
    },
    ...stats,
    summary: summarize(describeSubject(input, service?.name ?? null, technician?.name ?? null), stats),
    praise: reviews.filter((r) => r.rating >= 4).slice(0, input.quotes).map((r) => quote(r, patterns, "positive")),
    criticism: reviews.filter((r) => r.rating <= 2).slice(0, input.quotes).map((r) => quote(r, patterns, "negative")),
    review_ids: reviews.slice(0, SEARCH_LIMIT.max).map((r) => r.id),
    latest_review_date: reviews[0]?.date ?? null,
  };
  return { ok: true as const, value };
}

/** `evaluate_topic`: "is this company good at X?" answered from the reviews, with figures and quotes. */
export const evaluateTopicTool = defineTool({
  name: "evaluate_topic",
  title: "Evaluate a topic, service or technician",
  description:
    "Answers 'is this company good at X?' from the verified reviews. Give a free-text topic (e.g. creosote, dryer vent, chimney leak), a service id (mentions_service, see list_services), a technician (mentions_technician), or a combination (AND), optionally within a date range. Returns the number of matching reviews, their average rating and star distribution, the aspect breakdown (punctuality, cleanliness, price_value, ... with scores from -1 to 1), a plain-language summary, representative praise and criticism quotes with review ids, and all matching review ids. Use get_review to read any review in full.",
  inputSchema: InputSchema,
  outputSchema: EvaluateTopicOutputSchema,
  run: (input, { index }) => {
    const result = evaluateTopic(input, index);
    return result.ok ? toToolResult(result.value) : toInvalidRequestError(result.issues);
  },
});
