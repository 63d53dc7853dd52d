import type { Content } from "../content/validate-content.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { ReviewAspect, ReviewContent, ReviewRecord } from "../schema/review.ts";
import { computeAggregateRating } from "./aggregate.ts";
import { compareNewestFirst } from "./order.ts";
import type { SiteUrls } from "./site-urls.ts";

/** Finds the aspect opinions in one review (the `index`th of the content's); the insights pipeline provides it, or its results computed ahead. */
export type AnalyzeReview = (review: ReviewContent, index: number) => ReviewAspect[];

/**
 * Turns validated content into the public `/reviews.json` dataset: resolved
 * names for every id, absolute URLs, aspects, the aggregate rating, and a
 * total order (newest first, then id), so the output is byte-for-byte stable.
 */
export function buildDataset(content: Content, urls: SiteUrls, analyze: AnalyzeReview): ReviewsDataset {
  const { business } = content;
  const technicians = new Map(business.technicians.map((t) => [t.id, { id: t.id, name: t.name }]));
  const services = new Map(business.services.map((s) => [s.id, { id: s.id, name: s.name }]));
  const areas = new Map(business.service_areas.map((a) => [a.id, { id: a.id, name: a.name }]));

  const reviews: ReviewRecord[] = content.reviews.map((review, index) => ({
    id: review.id,
    url: urls.review(review.id),
    rating: review.rating,
    date: review.date,
    title: review.title,
    text: review.text,
    author: { name: review.author.name, location: review.author.location },
    verified: { ...review.verified },
    technicians: review.technicians.map((id) => technicians.get(id)!),
    services: review.services.map((id) => services.get(id)!),
    service_area: review.service_area === null ? null : areas.get(review.service_area)!,
    response: review.response === null ? null : { ...review.response },
    aspects: analyze(review, index),
  }));
  reviews.sort(compareNewestFirst);

  return {
    business,
    aggregate_rating: computeAggregateRating(reviews.map((r) => r.rating)),
    reviews,
  };
}
