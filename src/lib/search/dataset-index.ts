import { latestUpdate } from "../feeds/feed-items.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { ReviewRecord } from "../schema/review.ts";
import { foldText } from "./normalize.ts";

export interface IndexedReview {
  review: ReviewRecord;
  /** Folded title and text, for `query`; each is matched on its own. */
  title: string;
  text: string;
  technicianIds: ReadonlySet<string>;
  serviceIds: ReadonlySet<string>;
}

export interface TechnicianName {
  id: string;
  name: string;
  folded: { id: string; full: string; first: string };
}

/**
 * The dataset as the functions and MCP tools query it, built once per
 * instance from the `/reviews.json` the build produced. Reviews keep the
 * dataset's order (newest first, then id), so filtering preserves it.
 */
export interface DatasetIndex {
  dataset: ReviewsDataset;
  reviews: readonly IndexedReview[];
  byId: ReadonlyMap<string, ReviewRecord>;
  technicians: readonly TechnicianName[];
  serviceIds: ReadonlySet<string>;
  /** Newest review or reply date in the data: the basis of `Last-Modified`. */
  lastModifiedDate: string;
}

export function indexDataset(dataset: ReviewsDataset): DatasetIndex {
  const reviews = dataset.reviews.map((review) => ({
    review,
    title: review.title === null ? "" : foldText(review.title),
    text: foldText(review.text),
    technicianIds: new Set(review.technicians.map((t) => t.id)),
    serviceIds: new Set(review.services.map((s) => s.id)),
  }));
  return {
    dataset,
    reviews,
    byId: new Map(dataset.reviews.map((review) => [review.id, review])),
    technicians: dataset.business.technicians.map(({ id, name }) => ({
      id,
      name,
      folded: { id: foldText(id), full: foldText(name), first: foldText(name.split(/\s+/)[0] ?? name) },
    })),
    serviceIds: new Set(dataset.business.services.map((s) => s.id)),
    lastModifiedDate: latestUpdate(dataset.reviews),
  };
}
