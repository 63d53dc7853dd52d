import { CALENDAR_WORDS } from "./stopwords.ts";

/** "the fall", "every winter", "last spring": a season as a time, not "bricks fall" or "a damper spring". */
const SEASON = /\b(?:the|this|last|next|every|each|in|early|late|during)\s+(fall|autumn|winter|spring|summer)\b/gi;
/** Reviews looked at, per topic and for the corpus (the first ones, in dataset order): bounds the cost on big corpora. */
const SAMPLE = 400;
/** A topic is dated by a season when at least this share of its reviews name it ... */
const MIN_SHARE = 0.4;
/** ... and that is at least this many times the share across all reviews (sweeps happen in the fall for everyone). */
const MIN_LIFT = 1.5;
/** ... and at least this many of them do (two reviews out of four is chance). */
const MIN_COUNT = 3;
const MAX_LABEL_WORDS = 5;
const PHRASES: Record<string, string> = { fall: "in the fall", autumn: "in the fall", winter: "in winter", spring: "in spring", summer: "in summer" };

/** Share of the sampled documents that name each season, and how many do. */
function seasonShares(texts: readonly string[], docs: Iterable<number>): Map<string, { share: number; count: number }> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const doc of docs) {
    if (total === SAMPLE) break;
    total += 1;
    const seasons = new Set([...texts[doc]!.matchAll(SEASON)].map((m) => PHRASES[m[1]!.toLowerCase()]!));
    for (const season of seasons) counts.set(season, (counts.get(season) ?? 0) + 1);
  }
  return new Map([...counts].map(([season, count]) => [season, { share: count / Math.max(1, total), count }]));
}

/**
 * Dates a theme by its season when its reviews name one far more often than
 * the rest do: "Chimney fire" → "Chimney fire in winter". A season is never a
 * theme on its own; here it only qualifies one, within five words.
 */
export function createSeasonQualifier(texts: readonly string[]): (label: string, docs: readonly number[]) => string {
  let overall: Map<string, { share: number; count: number }> | null = null;
  return (label, docs) => {
    const words = label.toLowerCase().split(" ");
    if (words.some((w) => CALENDAR_WORDS.has(w))) return label;
    overall ??= seasonShares(texts, texts.keys());
    const shares = [...seasonShares(texts, docs)].sort((a, b) => b[1].share - a[1].share || (a[0] < b[0] ? -1 : 1));
    const best = shares[0];
    if (!best || best[1].count < MIN_COUNT || best[1].share < MIN_SHARE || best[1].share < MIN_LIFT * (overall.get(best[0])?.share ?? 0)) return label;
    return words.length + best[0].split(" ").length <= MAX_LABEL_WORDS ? `${label} ${best[0]}` : label;
  };
}
