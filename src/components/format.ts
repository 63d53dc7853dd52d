/**
 * Display formatting shared by the page components. Pure and deterministic
 * (fixed locale, UTC), so a rebuild of the same content renders the same bytes.
 */

import { utcMidnight } from "../lib/schema/primitives.ts";

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });

/** "2023-01-09" → "January 9, 2023". */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  if (year === undefined || month === undefined || day === undefined) return isoDate;
  return DATE_FORMAT.format(utcMidnight(year, month, day));
}

/** "07:30" → "7:30 am", "17:00" → "5 pm". */
export function formatClock(clock: string): string {
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  const suffix = hours < 12 ? "am" : "pm";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0 ? `${hour12} ${suffix}` : `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

const DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
const DAY_NAMES: Record<string, string> = { Mo: "Monday", Tu: "Tuesday", We: "Wednesday", Th: "Thursday", Fr: "Friday", Sa: "Saturday", Su: "Sunday" };

export interface OpeningRow {
  days: string;
  /** null when closed all day. */
  opens: string | null;
  closes: string | null;
}

/** Runs of consecutive days named as "Monday–Friday"; days with no hours listed as closed. */
export function listOpeningRows(hours: ReadonlyArray<{ days: readonly string[]; opens: string; closes: string }>): OpeningRow[] {
  const byDay = new Map<string, { opens: string; closes: string }>();
  for (const entry of hours) for (const day of entry.days) byDay.set(day, { opens: entry.opens, closes: entry.closes });
  const rows: Array<OpeningRow & { first: string; last: string }> = [];
  for (const day of DAYS) {
    const slot = byDay.get(day) ?? null;
    const previous = rows.at(-1);
    const same = previous && previous.opens === (slot?.opens ?? null) && previous.closes === (slot?.closes ?? null);
    if (previous && same) previous.last = day;
    else rows.push({ first: day, last: day, days: "", opens: slot?.opens ?? null, closes: slot?.closes ?? null });
  }
  return rows.map(({ first, last, opens, closes }) => ({
    days: first === last ? DAY_NAMES[first]! : `${DAY_NAMES[first]}\u2013${DAY_NAMES[last]}`,
    opens,
    closes,
  }));
}

const SOURCES: Record<string, string> = { google: "Google", facebook: "Facebook", yelp: "Yelp", nextdoor: "Nextdoor", direct: "sent to us directly" };
const METHODS: Record<string, string> = { completed_job: "matched to a completed job", invoice_match: "matched to an invoice" };

/** Where a review was first posted, as a phrase: "Posted on Google", "Sent to us directly". */
export function describeSource(source: string): string {
  const name = SOURCES[source] ?? source;
  return source === "direct" ? "Sent to us directly" : `Posted on ${name}`;
}

/** How the review was verified: "Matched to a completed job". */
export function describeMethod(method: string): string {
  const phrase = METHODS[method] ?? method.replace(/_/g, " ");
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** Paragraphs of a review or answer, split on blank lines. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
}

/** The path of an absolute URL on this site, so links resolve on whatever host serves the pages. */
export function toSitePath(url: string): string {
  return new URL(url).pathname;
}

/** "+1-610-555-0143" → "+16105550143" for a tel: link. */
export function toTelHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, "")}`;
}

/** A mean rating with up to two decimals: 4.12, 4.1, 5. */
export function formatRating(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** "most_mentioned_technician" → "Most mentioned technician". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Any JSON value as short readable text, for computed highlights whose shape may grow. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "\u2014";
  if (typeof value === "number") return Number.isInteger(value) ? value.toLocaleString("en-US") : String(Math.round(value * 100) / 100);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(formatValue).join(", ");
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.name === "string" && Object.keys(record).length <= 3) {
      const rest = Object.entries(record).filter(([key]) => key !== "name" && key !== "id");
      return rest.length === 0
        ? record.name
        : `${record.name} (${rest.map(([key, item]) => `${humanizeKey(key).toLowerCase()} ${formatValue(item)}`).join(", ")})`;
    }
    return Object.entries(record)
      .map(([key, item]) => `${humanizeKey(key)}: ${formatValue(item)}`)
      .join("; ");
  }
  return String(value);
}
