import type { ReviewRecord } from "../schema/review.ts";

/** schema.org `Rating` on the 1 to 5 scale of the dataset (`best_rating` 5, `worst_rating` 1). */
function buildRating(value: number) {
  return { "@type": "Rating", ratingValue: value, bestRating: 5, worstRating: 1 };
}

/** A reference to the reviewed business by its `@id`, for a review published on its own page. */
export interface ItemReviewedRef {
  "@type": string;
  "@id": string;
  name: string;
}

/**
 * schema.org `Review` for one review record: author, datePublished,
 * reviewRating and reviewBody are the record's own values, unchanged, so the
 * markup matches `/reviews.json` exactly. The title, when there is one,
 * becomes `name`.
 */
export function buildReviewJsonLd(review: ReviewRecord, itemReviewed?: ItemReviewedRef): Record<string, unknown> {
  return {
    "@type": "Review",
    "@id": review.url,
    url: review.url,
    ...(review.title === null ? {} : { name: review.title }),
    author: { "@type": "Person", name: review.author.name },
    datePublished: review.date,
    reviewRating: buildRating(review.rating),
    reviewBody: review.text,
    ...(itemReviewed === undefined ? {} : { itemReviewed }),
  };
}
