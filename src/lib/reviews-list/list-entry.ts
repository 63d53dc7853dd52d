/**
 * One review as a list entry: what the browsable list shows for it, derived
 * from the public review record. The pre-rendered list and the filter script
 * (which gets records from the search API) both render from this, so the two
 * lists look the same. Review text is untrusted: renderers must set it as
 * text, never as markup.
 */
import type { ReviewRecord } from "../schema/review.ts";

/** Characters of review text an entry shows before cutting at a word. */
export const EXCERPT_LENGTH = 240;

export type ListableReview = Pick<ReviewRecord, "id" | "url" | "rating" | "date" | "title" | "text" | "author" | "technicians" | "services">;

export interface ReviewListEntry {
  id: string;
  /** Site-relative path of the review's own page, e.g. `/reviews/2024-05-01-jane-d/`. */
  path: string;
  heading: string;
  rating: number;
  /** Five glyphs for the eye (★★★★☆); `ratingLabel` is the sentence for assistive technology. */
  stars: string;
  ratingLabel: string;
  date: string;
  byline: string;
  excerpt: string;
  /** "Technician: Dana Okafor · Service: Chimney sweep", or "" when none is recorded. */
  facts: string;
}

/** Text cut at a word boundary near `max` characters, with an ellipsis when cut. */
export function excerptText(text: string, max: number = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atBoundary = flat[max - 1] === " ";
  const space = cut.lastIndexOf(" ");
  return `${(atBoundary || space <= max / 2 ? cut : cut.slice(0, space)).replace(/[\s,;:.\u2013\u2014-]+$/, "")}\u2026`;
}

/** The path part of a review URL (the records carry absolute URLs for SITE_URL). */
function toPath(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]+(\/.*)?$/i.exec(url);
  return match === null ? url : (match[1] ?? "/");
}

function describeFacts(review: ListableReview): string {
  const part = (one: string, many: string, names: readonly string[]) => (names.length === 0 ? null : `${names.length === 1 ? one : many}: ${names.join(", ")}`);
  return [
    part(
      "Technician",
      "Technicians",
      review.technicians.map((t) => t.name),
    ),
    part(
      "Service",
      "Services",
      review.services.map((s) => s.name),
    ),
  ]
    .filter((text) => text !== null)
    .join(" \u00b7 ");
}

export function toListEntry(review: ListableReview): ReviewListEntry {
  const stars = Math.min(5, Math.max(0, Math.round(review.rating)));
  return {
    id: review.id,
    path: toPath(review.url),
    heading: review.title ?? `Review by ${review.author.name}`,
    rating: review.rating,
    stars: "\u2605".repeat(stars) + "\u2606".repeat(5 - stars),
    ratingLabel: `Rated ${review.rating} out of 5`,
    date: review.date,
    byline: review.author.location === null ? review.author.name : `${review.author.name}, ${review.author.location}`,
    excerpt: excerptText(review.text),
    facts: describeFacts(review),
  };
}
