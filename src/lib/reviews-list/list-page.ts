import type { ReviewsDataset } from "../schema/dataset.ts";
import { toListEntry, type ReviewListEntry } from "./list-entry.ts";
import { countPages, REVIEWS_PER_PAGE, slicePage } from "./paginate.ts";

export interface ListPage {
  page: number;
  pageCount: number;
  /** Reviews in the whole list. */
  total: number;
  entries: ReviewListEntry[];
}

/** One page of the list of every review, in dataset order (newest first); null past the last page. */
export function buildListPage(dataset: Pick<ReviewsDataset, "reviews">, page: number, pageSize: number = REVIEWS_PER_PAGE): ListPage | null {
  const pageCount = countPages(dataset.reviews.length, pageSize);
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  return { page, pageCount, total: dataset.reviews.length, entries: slicePage(dataset.reviews, page, pageSize).map(toListEntry) };
}
