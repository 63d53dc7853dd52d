/**
 * The summary's computed highlights (`/insights.json` `summary.highlights`, a
 * free-form record) as label and sentence pairs. Known shapes get a sentence
 * (a period, an aspect, a trend, a person); anything else falls back to the
 * generic formatter, so a new highlight shows up without a code change.
 */
import { formatAspectLabel, formatScore } from "../../lib/charts/labels.ts";
import { formatDate, formatRating, formatValue, humanizeKey } from "../format.ts";

export interface HighlightLine {
  key: string;
  label: string;
  text: string;
}

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => typeof value === "object" && value !== null && !Array.isArray(value);
const isIsoDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
const plural = (count: unknown, noun: string) => `${formatValue(count)} ${noun}${count === 1 ? "" : "s"}`;

function formatSigned(value: number, digits: number): string {
  const fixed = Math.abs(value).toFixed(digits);
  return value > 0 ? `+${fixed}` : value < 0 ? `\u2212${fixed}` : fixed;
}

function describeAspect(value: Record_): string {
  const parts = [
    typeof value.score === "number" ? `score ${formatScore(value.score)}` : null,
    value.mentions === undefined ? null : plural(value.mentions, "mention"),
  ];
  return `${formatAspectLabel(String(value.aspect))} (${parts.filter((part) => part !== null).join(", ")})`;
}

function describePeriod(value: Record_): string {
  const parts = [
    value.review_count === undefined ? null : plural(value.review_count, "review"),
    typeof value.average_rating === "number" ? `average ${formatRating(value.average_rating)}` : null,
    typeof value.sentiment_score === "number" ? `sentiment ${formatScore(value.sentiment_score)}` : null,
    value.aspect_mentions === undefined ? null : plural(value.aspect_mentions, "aspect mention"),
  ].filter((part) => part !== null);
  return `${formatDate(String(value.from))} to ${formatDate(String(value.to))}: ${parts.join(", ")}`;
}

function describeTrend(value: Record_): string {
  return Object.entries(value)
    .map(([name, change]) => {
      if (!isRecord(change) || typeof change.change !== "number") return `${humanizeKey(name).toLowerCase()} ${formatValue(change)}`;
      const digits = Number.isInteger(change.change) ? 0 : 2;
      return `${humanizeKey(name).toLowerCase()} ${String(change.direction ?? "")} (${formatSigned(change.change, digits)})`.replace(/\s+\(/, " (");
    })
    .join(", ");
}

function describeDistribution(value: Record_): string {
  return ["5", "4", "3", "2", "1"].map((star) => `${star}\u2605 ${formatValue(value[star])}`).join(" · ");
}

/** One highlight as a sentence. */
export function describeHighlight(value: unknown): string {
  if (isIsoDate(value)) return formatDate(value);
  if (!isRecord(value)) return formatValue(value);
  if (typeof value.aspect === "string") return describeAspect(value);
  if (isIsoDate(value.from) && isIsoDate(value.to)) return describePeriod(value);
  if (["1", "2", "3", "4", "5"].every((star) => typeof value[star] === "number")) return describeDistribution(value);
  if (Object.values(value).length > 0 && Object.values(value).every((entry) => isRecord(entry) && "change" in entry)) return describeTrend(value);
  if (typeof value.name === "string" && value.review_count !== undefined) return `${value.name} (${plural(value.review_count, "review")})`;
  return formatValue(value);
}

const LABELS: Record<string, string> = {
  last_12_months: "Last 12 months",
  previous_12_months: "The 12 months before",
  trend: "Trend, last 12 months against the 12 before",
  rating_distribution: "Stars",
};

export function listHighlights(highlights: Readonly<Record<string, unknown>>): HighlightLine[] {
  return Object.entries(highlights).map(([key, value]) => ({ key, label: LABELS[key] ?? humanizeKey(key), text: describeHighlight(value) }));
}
