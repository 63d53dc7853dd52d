import { roundTo } from "../shared/round.ts";

/** The figures an editorial summary may name, filled in from the data at build time so they never go stale. */
export const SUMMARY_FIGURES = ["review_count", "average_rating", "five_star_percent"] as const;
export type SummaryFigure = (typeof SUMMARY_FIGURES)[number];

const PLACEHOLDER = /\{([a-z_]+)\}/g;
/** A count of reviews or stars written out: "Across 135 reviews", "4.1 stars", "averaging about 4.1". */
const STALE = /\b(\d[\d,.]*)\s+(?:verified\s+)?(reviews?|stars?)\b|\baverag(?:e|es|ing)\s+(?:of\s+)?(?:about\s+|around\s+|roughly\s+)?(\d[\d.]*)/gi;

/**
 * What is wrong with an editorial text's figures: a placeholder that names no
 * figure, or a count of reviews or stars written out, which goes stale when a
 * review is added. Each problem says what to write instead.
 */
export function checkSummaryFigures(text: string): string[] {
  const problems: string[] = [];
  for (const [, name] of text.matchAll(PLACEHOLDER))
    if (!(SUMMARY_FIGURES as readonly string[]).includes(name!))
      problems.push(`{${name}} is no figure; use ${SUMMARY_FIGURES.map((figure) => `{${figure}}`).join(", ")}`);
  for (const [written] of text.matchAll(STALE))
    problems.push(`"${written}" goes out of date when a review is added; write {review_count} or {average_rating} instead, which the build fills in`);
  return problems;
}

/** The text with its placeholders replaced by the figures of `ratings` (every review's stars). */
export function fillSummaryFigures(text: string, ratings: readonly number[]): string {
  const count = ratings.length;
  const figures: Record<SummaryFigure, string> = {
    review_count: count.toLocaleString("en-US"),
    average_rating: count === 0 ? "0" : roundTo(ratings.reduce((sum, r) => sum + r, 0) / count, 1).toFixed(1),
    five_star_percent: count === 0 ? "0" : String(Math.round((ratings.filter((r) => r === 5).length / count) * 100)),
  };
  return text.replace(PLACEHOLDER, (whole, name: string) => figures[name as SummaryFigure] ?? whole);
}
