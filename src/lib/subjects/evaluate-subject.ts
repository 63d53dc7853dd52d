import * as z from "../zod.ts";
import { ReviewSetStatsSchema, summarizeReviews, type ReviewSetStats } from "../insights/review-stats.ts";
import { isHighlightsLine } from "../insights/absa/read-highlights.ts";
import { namesAnotherBusiness } from "../insights/absa/another-business.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import type { ParseResult } from "../search/parse-query-string.ts";
import { SEARCH_LIMIT, type SearchParams } from "../search/search-params.ts";
import { findMatches } from "../search/search-reviews.ts";
import { matchTechnician } from "../search/technician-match.ts";
import { ASPECTS, type Aspect, type ReviewRecord } from "../schema/review.ts";
import {
  compilePhrase,
  findSubjectAspects,
  findSubjectServices,
  findPhraseSentences,
  matchesPhrase,
  namesAspect,
  type PhraseMatcher,
} from "./match-subject.ts";

/** What to evaluate: a free-text topic, a service, a technician (AND), within dates, and how many quotes of each polarity. */
export interface SubjectQuery extends Pick<SearchParams, "mentions_service" | "mentions_technician" | "since" | "until"> {
  topic?: string | undefined;
  quotes: number;
}

const QuoteSchema = z.object({
  review_id: z.string().describe("Pass to get_review for the whole review"),
  url: z.url(),
  rating: z.int().min(1).max(5),
  date: z.string(),
  text: z.string().describe("A sentence quoted verbatim from the review (its title when only the title names the topic)"),
  sentiment: z.enum(["positive", "negative"]).describe("What the quoted sentence says: the analyzer's reading of that sentence, not the star rating"),
});
const NamedSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const SubjectEvaluationSchema = ReviewSetStatsSchema.extend({
  subject: z
    .object({
      topic: z.string().nullable(),
      terms: z
        .array(z.string())
        .describe("The topic's words as matched, in order: a phrase, each word in a simple inflection ([] when the topic names aspects)"),
      aspects: z
        .array(z.enum(ASPECTS))
        .describe("The aspects the topic names ('punctual', 'no show', 'pricey', 'customer service'): matched by the reviews' aspect opinions, not by words"),
      topic_services: z
        .array(z.object({ id: z.string(), name: z.string() }))
        .describe("Services of the catalogue the topic names ('dryer vent'): their reviews match too"),
      service: NamedSchema,
      technician: NamedSchema,
      since: z.string().nullable(),
      until: z.string().nullable(),
    })
    .describe("What was evaluated, as resolved"),
  summary: z.string().describe("One paragraph stating the figures above in words"),
  praise: z
    .array(QuoteSchema)
    .describe(
      "Sentences on the subject that the analyzer reads as praise, one per review, newest first; for an aspect, those that name it in words come first",
    ),
  criticism: z
    .array(QuoteSchema)
    .describe(
      "Sentences on the subject that the analyzer reads as criticism, one per review, newest first; for an aspect, those that name it in words come first",
    ),
  review_ids: z.array(z.string()).describe(`Ids of the matching reviews, newest first, at most ${SEARCH_LIMIT.max}`),
  latest_review_date: z.string().nullable(),
});
export type SubjectEvaluation = z.infer<typeof SubjectEvaluationSchema>;
type AspectStats = ReviewSetStats["aspects"][number];

/** What a topic resolved to: aspects, or a phrase of words plus the services it names. */
interface ResolvedSubject {
  aspects: Aspect[];
  phrase: PhraseMatcher | null;
  services: Array<{ id: string; name: string }>;
}

function resolveSubject(topic: string, services: ReadonlyArray<{ id: string; name: string }>): ResolvedSubject | null {
  const aspects = findSubjectAspects(topic);
  if (aspects) return { aspects, phrase: null, services: [] };
  const phrase = compilePhrase(topic);
  return phrase && { aspects: [], phrase, services: findSubjectServices(topic, services).map(({ id, name }) => ({ id, name })) };
}

/**
 * "Is this company good at X?" from the reviews: the matching reviews' stats (as insights.json
 * computes them), a summary in words, quotes and ids; or the issues of an unknown technician or
 * service (the search's messages) or of a topic of only filler words. A topic naming aspects
 * matches the reviews that judge them; any other is a phrase in the text, plus its services' reviews.
 */
export function evaluateSubject(query: SubjectQuery, index: DatasetIndex): ParseResult<SubjectEvaluation> {
  // The search's own resolution of technician, service and dates: same rules, same messages.
  const { mentions_service, mentions_technician, since, until } = query;
  const found = findMatches({ mentions_service, mentions_technician, since, until, limit: Math.max(1, index.reviews.length) }, index);
  if (!found.ok) return found;
  const topic = query.topic === undefined ? null : resolveSubject(query.topic, index.dataset.business.services);
  if (query.topic !== undefined && topic === null) {
    const message = `topic "${query.topic}" has no searchable word; name the thing itself, e.g. creosote, dryer vent or punctual`;
    return { ok: false, issues: [{ path: ["topic"], code: "empty_topic", message }] };
  }
  const covers = (position: number) => {
    if (topic === null) return true;
    const review = index.reviews[position]!;
    if (topic.aspects.length > 0) return review.aspects.some((a) => topic.aspects.includes(a.aspect));
    return matchesPhrase(review, topic.phrase!) || review.services.some((s) => topic.services.some((named) => named.id === s.id));
  };
  const reviews = found.value.positions.filter(covers).map((i) => index.reviews[i]!);

  const match = mentions_technician === undefined ? null : matchTechnician(mentions_technician, index.technicians);
  const technician = match?.kind === "found" ? index.technicians.find((t) => t.id === match.id)! : null;
  const service = index.dataset.business.services.find((s) => s.id === mentions_service) ?? null;
  const stats = summarizeReviews(reviews);
  const named = topic?.aspects.length ? `"${query.topic}" (${topic.aspects.join(" and ")})` : query.topic !== undefined ? `"${query.topic}"` : null;
  const subject = [named, service?.name ?? null, technician ? `by ${technician.name}` : null];
  return {
    ok: true,
    value: {
      subject: {
        topic: query.topic ?? null,
        terms: topic?.phrase?.words ?? [],
        aspects: topic?.aspects ?? [],
        topic_services: topic?.services ?? [],
        service: service && { id: service.id, name: service.name },
        technician: technician && { id: technician.id, name: technician.name },
        since: since ?? null,
        until: until ?? null,
      },
      ...stats,
      summary: summarize(subject.filter((part) => part !== null).join(", "), stats, topic?.aspects ?? []),
      praise: pickQuotes(reviews, topic, "positive", query.quotes),
      criticism: pickQuotes(reviews, topic, "negative", query.quotes),
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

function summarize(subject: string, stats: ReviewSetStats, aspects: readonly Aspect[]): string {
  if (stats.review_count === 0) return `No review matches ${subject}. Try fewer or broader words, or search_reviews with query.`;
  const d = stats.rating_distribution;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const format = (a: AspectStats) => `${a.aspect} (${a.score > 0 ? "+" : ""}${a.score}, ${plural(a.mentions.total, "mention")})`;
  const best = rankAspects(stats.aspects, "positive").slice(0, 2);
  const worst = rankAspects(stats.aspects, "negative").slice(0, 2);
  const verdicts = stats.aspects
    .filter((a) => aspects.includes(a.aspect))
    .map((a) => `${a.aspect}: ${a.mentions.positive} positive, ${a.mentions.negative} negative, ${a.mentions.mixed} mixed (score ${a.score}).`);
  const sentences = [
    `${plural(stats.review_count, "verified review")} match ${subject}: average ${stats.average_rating}/5, ${d["5"] + d["4"]} with 4-5 stars, ${d["3"]} with 3, ${d["2"] + d["1"]} with 1-2.`,
    ...verdicts,
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
 * What the analyzer read in one sentence of a review: positive or negative
 * when it is the evidence of opinions of that one polarity, else null (no
 * opinion, or both ways, as in "pricey but worth it").
 */
function readSentence(review: ReviewRecord, sentence: string, aspects: readonly Aspect[] = ASPECTS): Polarity | null {
  const found = new Set(review.aspects.filter((a) => a.evidence === sentence && aspects.includes(a.aspect)).map((a) => a.sentiment));
  return found.size === 1 && !found.has("mixed") ? (found.has("positive") ? "positive" : "negative") : null;
}

type Polarity = "positive" | "negative";

/**
 * The sentence to quote from a review for the wanted polarity, or undefined (never a line of Google's ticked
 * highlights, which is a judgement but no words to quote, nor a sentence about another business): the aspect's evidence
 * for an aspect topic; a sentence naming the phrase and reading that way; the work_quality
 * evidence for a review matched only by its service, when every aspect that sentence carries
 * reads that way; with no topic, any evidence that way.
 */
function findQuote(review: ReviewRecord, topic: ResolvedSubject | null, polarity: Polarity): string | undefined {
  // A line of ticked highlights is a verdict but no quote, and a sentence about another business no quote of this one.
  const quotable = (sentence: string) => !isHighlightsLine(sentence) && !namesAnotherBusiness(sentence);
  // The first evidence of `aspects` that reads `polarity` for every aspect of `readBy` that sentence carries.
  const evidence = (aspects: readonly Aspect[], readBy: readonly Aspect[] = aspects) =>
    review.aspects.find((a) => aspects.includes(a.aspect) && quotable(a.evidence) && readSentence(review, a.evidence, readBy) === polarity)?.evidence;
  if (topic === null) return evidence(ASPECTS);
  if (topic.aspects.length > 0) return evidence(topic.aspects);
  const sentences = findPhraseSentences(review, topic.phrase!);
  if (sentences.length > 0) return sentences.find((sentence) => quotable(sentence) && readSentence(review, sentence) === polarity);
  return evidence(["work_quality"], ASPECTS);
}

/**
 * Up to `count` quotes of one polarity, one per review, verbatim (clipped if very long). For an aspect,
 * sentences that name it in words come first: the learned models sometimes find an aspect in a review
 * as a whole and quote a sentence of context ("I called at 8 expecting to wait a week." for punctuality).
 * Within each group, newest first.
 */
function pickQuotes(reviews: readonly ReviewRecord[], topic: ResolvedSubject | null, polarity: Polarity, count: number) {
  const aspects = topic?.aspects ?? [];
  const named: { review: ReviewRecord; text: string }[] = [];
  const others: { review: ReviewRecord; text: string }[] = [];
  for (const review of reviews) {
    if (named.length >= count || (aspects.length === 0 && others.length >= count)) break;
    const text = findQuote(review, topic, polarity);
    if (text === undefined) continue;
    if (aspects.length > 0 && namesAspect(text, aspects)) named.push({ review, text });
    else if (others.length < count) others.push({ review, text });
  }
  return [...named, ...others]
    .slice(0, count)
    .map(({ review, text }) => ({ review_id: review.id, url: review.url, rating: review.rating, date: review.date, text: clip(text), sentiment: polarity }));
}
