import type { Technician } from "../schema/business.ts";
import type { Aspect, ReviewRecord } from "../schema/review.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import { summarizeReviews, type EntityStats } from "./review-stats.ts";
import { roundTo } from "./shared/round.ts";

/** Pseudo-reviews that pull a small sample toward the middle, so one 5-star job does not outrank twenty 4.9s. */
const PRIOR_WEIGHT = 3;

export interface RankedTechnician extends Technician, EntityStats {
  /** The score the list is sorted by (see `basis`). */
  rank_score: number;
}

export interface TechnicianRanking {
  basis: string;
  technicians: RankedTechnician[];
}

/**
 * "Who is the best technician for X?": every technician with at least one
 * review in scope (the reviews that record them, and the service when one is
 * given), best first. For an aspect, the score is that aspect's
 * (positive - negative) over its mentions plus PRIOR_WEIGHT; otherwise the
 * mean rating, shrunk toward the mean of all reviews in scope by
 * PRIOR_WEIGHT pseudo-reviews. Ties go to the larger sample, then roster order.
 */
export function rankTechnicians(index: DatasetIndex, scope: { serviceId?: string | undefined; aspect?: Aspect | undefined }): TechnicianRanking {
  const inScope = (review: ReviewRecord) => scope.serviceId === undefined || review.services.some((s) => s.id === scope.serviceId);
  const reviewsOf = (id: string) => [...(index.postings.technician.get(id) ?? [])].map((i) => index.reviews[i]!).filter(inScope);
  const all = index.reviews.filter(inScope);
  const mean = all.length === 0 ? 0 : all.reduce((sum, review) => sum + review.rating, 0) / all.length;
  const ranked = index.dataset.business.technicians.flatMap((technician, order) => {
    const reviews = reviewsOf(technician.id);
    if (reviews.length === 0) return [];
    const stats = summarizeReviews(reviews);
    const score = (() => {
      if (scope.aspect === undefined) return (reviews.reduce((sum, review) => sum + review.rating, 0) + mean * PRIOR_WEIGHT) / (reviews.length + PRIOR_WEIGHT);
      const { positive, negative, total } = stats.aspects.find((a) => a.aspect === scope.aspect)!.mentions;
      return (positive - negative) / (total + PRIOR_WEIGHT);
    })();
    const sample = scope.aspect === undefined ? reviews.length : stats.aspects.find((a) => a.aspect === scope.aspect)!.mentions.total;
    const { review_count, average_rating, aspects } = stats;
    return [{ technician: { ...technician, review_count, average_rating, aspects, rank_score: roundTo(score, 3) }, sample, order }];
  });
  ranked.sort((a, b) => b.technician.rank_score - a.technician.rank_score || b.sample - a.sample || a.order - b.order);
  const where = scope.serviceId === undefined ? "all their reviews" : `their ${scope.serviceId} reviews`;
  const basis =
    scope.aspect === undefined
      ? `Mean star rating over ${where}, shrunk toward the mean of all such reviews (${roundTo(mean, 2)}) by ${PRIOR_WEIGHT} pseudo-reviews, so a small sample ranks near the middle.`
      : `${scope.aspect} opinions in ${where}: (positive - negative) / (mentions + ${PRIOR_WEIGHT}), so a small sample ranks near zero.`;
  return { basis, technicians: ranked.map((entry) => entry.technician) };
}
