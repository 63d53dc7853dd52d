import { computeAggregateRating } from "../../dataset/aggregate.ts";
import { daysInMonth, formatIsoDate } from "../../schema/primitives.ts";
import type { ReviewRecord } from "../../schema/review.ts";
import type { HighlightAspect, HighlightPeriod, Highlights } from "../../schema/highlights.ts";
import type { EntityInsight } from "../../schema/insights.ts";
import { countAspectMentions, type AspectCount } from "../aspects/summarize-aspects.ts";
import { averageRating, roundTo, scoreSentiment } from "../shared/round.ts";

/** An aspect needs this many mentions before it can be called strongest or weakest. */
const MIN_MENTIONS = 5;

/** The same calendar day `months` earlier ("2026-03-31" minus one month is "2026-02-28"). */
export function shiftMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = daysInMonth(y, m);
  return formatIsoDate(y, m, Math.min(day, last));
}

function describePeriod(reviews: readonly ReviewRecord[], after: string, through: string): HighlightPeriod {
  const inPeriod = reviews.filter((r) => r.date > after && r.date <= through);
  const mentions = inPeriod.flatMap((r) => r.aspects);
  const positive = mentions.filter((a) => a.sentiment === "positive").length;
  const negative = mentions.filter((a) => a.sentiment === "negative").length;
  return {
    from: nextDay(after),
    to: through,
    review_count: inPeriod.length,
    average_rating: averageRating(inPeriod.map((r) => r.rating)),
    sentiment_score: scoreSentiment(positive, negative, mentions.length),
    aspect_mentions: mentions.length,
  };
}

function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [year, month, day] = d < daysInMonth(y, m) ? [y, m, d + 1] : m < 12 ? [y, m + 1, 1] : [y + 1, 1, 1];
  return formatIsoDate(year, month, day);
}

function pickAspect(counts: readonly AspectCount[], direction: 1 | -1): HighlightAspect {
  const eligible = counts.filter((c) => c.mentions.total >= MIN_MENTIONS);
  if (eligible.length === 0) return null;
  const best = [...eligible].sort((a, b) => direction * (b.score - a.score) || b.mentions.total - a.mentions.total)[0]!;
  return { aspect: best.aspect, score: best.score, mentions: best.mentions.total };
}

function describeChange(current: number | null, previous: number | null, decimals: number) {
  if (current === null || previous === null) return { change: null, direction: "unknown" as const };
  const change = roundTo(current - previous, decimals);
  return { change, direction: change > 0 ? ("up" as const) : change < 0 ? ("down" as const) : ("flat" as const) };
}

/**
 * Figures computed from the reviews for the summary: counts, rating
 * distribution, strongest and weakest aspect, the last 12 months against the
 * 12 before (the newest review date stands in for "now", so the output
 * does not depend on the clock), and the most-mentioned technician.
 */
export function buildHighlights(reviews: readonly ReviewRecord[], technicians: readonly EntityInsight[]): Highlights {
  if (reviews.length === 0) return { review_count: 0 };
  const newest = reviews.reduce((latest, r) => (r.date > latest ? r.date : latest), reviews[0]!.date);
  const oldest = reviews.reduce((first, r) => (r.date < first ? r.date : first), reviews[0]!.date);
  const yearAgo = shiftMonths(newest, 12);
  const last = describePeriod(reviews, yearAgo, newest);
  const previous = describePeriod(reviews, shiftMonths(newest, 24), yearAgo);
  const counts = countAspectMentions(reviews);
  const top = [...technicians].sort((a, b) => b.review_count - a.review_count || a.id.localeCompare(b.id))[0];
  return {
    review_count: reviews.length,
    first_review_date: oldest,
    latest_review_date: newest,
    average_rating: averageRating(reviews.map((r) => r.rating)),
    rating_distribution: computeAggregateRating(reviews.map((r) => r.rating)).distribution,
    strongest_aspect: pickAspect(counts, 1),
    weakest_aspect: pickAspect(counts, -1),
    last_12_months: last,
    previous_12_months: previous,
    trend: {
      sentiment: describeChange(last.aspect_mentions > 0 ? last.sentiment_score : null, previous.aspect_mentions > 0 ? previous.sentiment_score : null, 3),
      rating: describeChange(last.average_rating, previous.average_rating, 2),
      review_count: describeChange(last.review_count, previous.review_count, 0),
    },
    most_mentioned_technician: top && top.review_count > 0 ? { id: top.id, name: top.name, review_count: top.review_count } : null,
  };
}
