import { escapeXml, renderElement, renderSvgFrame, roundCoordinate } from "./svg.ts";
import { pluralize } from "./labels.ts";
import { CHART_COLORS } from "./palette.ts";

/** Reviews per star, as `aggregate_rating.distribution` in `/reviews.json` carries it. */
export type StarDistribution = Readonly<Record<"1" | "2" | "3" | "4" | "5", number>>;

export interface RatingDistributionOptions {
  /** Prefix of the `<title>`/`<desc>` ids; unique per page. */
  id?: string;
}

const STARS = ["5", "4", "3", "2", "1"] as const;
const WIDTH = 360;
const ROW_HEIGHT = 32;
const LABEL_WIDTH = 64;
const VALUE_WIDTH = 84;
const BAR_HEIGHT = 16;
const TRACK_WIDTH = WIDTH - LABEL_WIDTH - VALUE_WIDTH;

/** Share of `total`, as a whole percentage (0 when there are no reviews). */
export function computePercent(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

const starLabel = (star: string) => (star === "1" ? "1 star" : `${star} stars`);

/**
 * A horizontal bar per star rating, 5 down to 1, each as long as that star's
 * share of all reviews. Each row is a `<g data-star data-count data-percent>`
 * with text labels, so the numbers are readable without colour and testable
 * in the DOM; `<title>` and `<desc>` give the chart an accessible name and the
 * full figures.
 */
export function buildRatingDistributionChart(distribution: StarDistribution, options: RatingDistributionOptions = {}): string {
  const total = STARS.reduce((sum, star) => sum + distribution[star], 0);
  const rows = STARS.map((star, index) => {
    const count = distribution[star];
    const percent = computePercent(count, total);
    const y = index * ROW_HEIGHT;
    const barY = y + (ROW_HEIGHT - BAR_HEIGHT) / 2;
    const barWidth = total === 0 ? 0 : roundCoordinate((count / total) * TRACK_WIDTH);
    const textY = y + ROW_HEIGHT / 2 + 5;
    return renderElement(
      "g",
      { "data-star": star, "data-count": count, "data-percent": percent },
      [
        renderElement("text", { x: 0, y: textY, fill: CHART_COLORS.text, class: "chart-label" }, escapeXml(starLabel(star))),
        renderElement("rect", { x: LABEL_WIDTH, y: barY, width: TRACK_WIDTH, height: BAR_HEIGHT, rx: 3, fill: CHART_COLORS.track, class: "chart-track" }),
        renderElement("rect", { x: LABEL_WIDTH, y: barY, width: barWidth, height: BAR_HEIGHT, rx: 3, fill: CHART_COLORS.rating, class: "chart-bar" }),
        renderElement("text", { x: WIDTH, y: textY, "text-anchor": "end", fill: CHART_COLORS.text, class: "chart-value" }, escapeXml(`${count} (${percent}%)`)),
      ].join(""),
    );
  });
  const figures = STARS.map((star) => `${starLabel(star)}: ${distribution[star]} (${computePercent(distribution[star], total)}%)`).join("; ");
  return renderSvgFrame(
    {
      id: options.id ?? "rating-distribution",
      kind: "rating-distribution",
      title: "Reviews by star rating",
      description: `${pluralize(total, "review")} in all. ${figures}.`,
      width: WIDTH,
      height: STARS.length * ROW_HEIGHT,
    },
    rows.join(""),
  );
}
