import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";

const CONTRAST = new Set(["but", "though", "although", "yet", "however"]);

/**
 * "Expensive project, but done right", "steep, though every dollar showed":
 * a price complaint conceded against praise of the work on the other side of
 * a contrast is mixed on price_value (docs/aspects.md: concessions are mixed).
 */
export function findConcededPrice(sentence: Sentence, found: readonly Mention[]): Mention[] {
  const contrasts = sentence.tokens.flatMap((t, i) => (CONTRAST.has(t.norm) ? [i] : []));
  const prices = found.filter((m) => m.aspect === "price_value" && m.polarity < 0 && m.at !== undefined);
  if (contrasts.length === 0 || prices.length === 0 || found.some((m) => m.aspect === "price_value" && m.polarity > 0)) return [];
  const praise = found.filter((m) => m.aspect === "work_quality" && m.polarity > 0 && m.at !== undefined);
  const across = (a: number, b: number) => contrasts.some((k) => (a < k && k < b) || (b < k && k < a));
  const conceded = praise.find((p) => prices.some((m) => across(m.at!, p.at!)));
  return conceded ? [{ aspect: "price_value", polarity: 1, weight: 0.8, sentence: sentence.index, at: conceded.at }] : [];
}
