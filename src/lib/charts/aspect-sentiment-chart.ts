import { formatAspectLabel, formatScore, pluralize } from "./labels.ts";
import { CHART_COLORS } from "./palette.ts";
import { escapeXml, renderElement, renderSvgFrame, roundCoordinate } from "./svg.ts";

/** One aspect's mention counts, as `/insights.json` `aspects[]` carries them. */
export interface AspectSentimentRow {
  aspect: string;
  mentions: { positive: number; negative: number; mixed: number; total: number };
  score: number;
}

export interface AspectSentimentOptions {
  /** Prefix of the `<title>`/`<desc>` ids; unique per page. */
  id?: string;
}

/** Stacking order of a bar, left to right, and of the legend. */
export const SENTIMENT_ORDER = ["positive", "mixed", "negative"] as const;
export type SentimentKey = (typeof SENTIMENT_ORDER)[number];

const WIDTH = 360;
const LEGEND_HEIGHT = 28;
const ROW_HEIGHT = 64;
const BAR_HEIGHT = 14;
const EMPTY_HEIGHT = 32;

/** "12 positive · 3 mixed · 2 negative". */
export function summarizeMentions(mentions: AspectSentimentRow["mentions"]): string {
  return SENTIMENT_ORDER.map((sentiment) => `${mentions[sentiment]} ${sentiment}`).join(" · ");
}

function renderLegend(): string {
  return SENTIMENT_ORDER.map((sentiment, index) => {
    const x = index * 100;
    return renderElement(
      "g",
      { "data-legend": sentiment },
      renderElement("rect", { x, y: 4, width: 14, height: 14, rx: 2, fill: CHART_COLORS[sentiment] }) +
        renderElement(
          "text",
          { x: x + 20, y: 16, fill: CHART_COLORS.text, class: "chart-legend" },
          escapeXml(sentiment.charAt(0).toUpperCase() + sentiment.slice(1)),
        ),
    );
  }).join("");
}

/** The stacked segments of one bar, scaled so the largest total spans the chart. */
function renderSegments(row: AspectSentimentRow, y: number, scale: number): string {
  let x = 0;
  return SENTIMENT_ORDER.map((sentiment) => {
    const count = row.mentions[sentiment];
    const width = roundCoordinate(count * scale);
    const segment = renderElement("rect", {
      x: roundCoordinate(x),
      y,
      width,
      height: BAR_HEIGHT,
      fill: CHART_COLORS[sentiment],
      stroke: "#ffffff",
      "stroke-width": count > 0 ? 1 : 0,
      class: "chart-bar",
      "data-sentiment": sentiment,
      "data-count": count,
    });
    x += count * scale;
    return segment;
  }).join("");
}

function renderRow(row: AspectSentimentRow, index: number, scale: number): string {
  const y = LEGEND_HEIGHT + index * ROW_HEIGHT;
  const label = formatAspectLabel(row.aspect);
  return renderElement(
    "g",
    { "data-aspect": row.aspect, "data-total": row.mentions.total, "data-score": row.score },
    [
      renderElement("text", { x: 0, y: y + 16, fill: CHART_COLORS.text, "font-weight": 600, class: "chart-label" }, escapeXml(label)),
      renderElement(
        "text",
        { x: WIDTH, y: y + 16, "text-anchor": "end", fill: CHART_COLORS.text, class: "chart-value" },
        escapeXml(pluralize(row.mentions.total, "mention")),
      ),
      renderElement("rect", { x: 0, y: y + 24, width: WIDTH, height: BAR_HEIGHT, rx: 2, fill: CHART_COLORS.track, class: "chart-track" }),
      renderSegments(row, y + 24, scale),
      renderElement(
        "text",
        { x: 0, y: y + 56, fill: CHART_COLORS.mutedText, class: "chart-note" },
        escapeXml(`${summarizeMentions(row.mentions)} · score ${formatScore(row.score)}`),
      ),
    ].join(""),
  );
}

/**
 * A stacked bar per aspect (positive, mixed, negative mentions), the longest
 * total spanning the full width so volumes compare across aspects. Each row
 * is a `<g data-aspect data-total data-score>` whose segments carry
 * `data-sentiment` and `data-count`, with the counts also written out as
 * text. With no aspects the chart says so instead of drawing nothing.
 */
export function buildAspectSentimentChart(rows: readonly AspectSentimentRow[], options: AspectSentimentOptions = {}): string {
  const frame = { id: options.id ?? "aspect-sentiment", kind: "aspect-sentiment", title: "Sentiment by aspect", width: WIDTH };
  if (rows.length === 0) {
    const body = renderElement("text", { x: 0, y: 20, fill: CHART_COLORS.mutedText, class: "chart-note" }, "No aspect mentions yet.");
    return renderSvgFrame({ ...frame, description: "No aspect mentions have been found in the reviews yet.", height: EMPTY_HEIGHT }, body);
  }
  const maxTotal = Math.max(...rows.map((row) => SENTIMENT_ORDER.reduce((sum, sentiment) => sum + row.mentions[sentiment], 0)));
  const scale = maxTotal === 0 ? 0 : WIDTH / maxTotal;
  const description = rows
    .map(
      (row) =>
        `${formatAspectLabel(row.aspect)}: ${pluralize(row.mentions.total, "mention")}, ${summarizeMentions(row.mentions)}, score ${formatScore(row.score)}`,
    )
    .join(". ");
  return renderSvgFrame(
    { ...frame, description: `Mentions of each aspect by sentiment. ${description}.`, height: LEGEND_HEIGHT + rows.length * ROW_HEIGHT },
    renderLegend() + rows.map((row, index) => renderRow(row, index, scale)).join(""),
  );
}
