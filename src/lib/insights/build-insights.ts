import type { Content } from "../content/validate-content.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import { ASPECTS, type ReviewAspect, type ReviewContent, type ReviewRecord } from "../schema/review.ts";
import type { EntityInsight, Insights } from "../schema/insights.ts";

/** Placeholder until the aspect pipeline lands: finds no aspects. */
export function analyzeReview(_review: ReviewContent): ReviewAspect[] {
  return [];
}

function countMentions(reviews: readonly ReviewRecord[]) {
  return ASPECTS.map((aspect) => {
    const mentions = { positive: 0, negative: 0, mixed: 0, total: 0 };
    for (const review of reviews)
      for (const found of review.aspects)
        if (found.aspect === aspect) {
          mentions[found.sentiment] += 1;
          mentions.total += 1;
        }
    const score = mentions.total === 0 ? 0 : (mentions.positive - mentions.negative) / mentions.total;
    return { aspect, mentions, score: Math.round(score * 1000) / 1000 };
  });
}

function describeEntities(
  list: ReadonlyArray<{ id: string; name: string }>,
  reviews: readonly ReviewRecord[],
  pick: (review: ReviewRecord) => readonly string[],
): EntityInsight[] {
  return list.map(({ id, name }) => {
    const matching = reviews.filter((review) => pick(review).includes(id));
    const sum = matching.reduce((total, review) => total + review.rating, 0);
    return {
      id,
      name,
      review_count: matching.length,
      average_rating: matching.length === 0 ? null : Math.round((sum / matching.length) * 100) / 100,
      aspects: countMentions(matching),
      review_ids: matching.map((review) => review.id),
    };
  });
}

export function buildInsights(dataset: ReviewsDataset, content: Pick<Content, "faq" | "summary">): Insights {
  const { business, reviews } = dataset;
  return {
    aspects: countMentions(reviews).map((entry) => ({ ...entry, quotes: [] })),
    entities: {
      technicians: describeEntities(business.technicians, reviews, (r) => r.technicians.map((t) => t.id)),
      services: describeEntities(business.services, reviews, (r) => r.services.map((s) => s.id)),
      service_areas: describeEntities(business.service_areas, reviews, (r) => (r.service_area ? [r.service_area.id] : [])),
    },
    topics: [],
    faq: content.faq,
    summary: { headline: content.summary?.headline ?? null, text: content.summary?.text ?? null, highlights: {} },
  };
}
