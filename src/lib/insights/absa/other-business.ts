import type { Token } from "../nlp/read-text.ts";
import type { MarkerData } from "../lexicon/modifier-cues.ts";
import type { PatternMatch } from "./match-patterns.ts";

/** Words that end what a mention of another business governs: strong punctuation, a contrast, a result. */
const SCOPE_BREAKS = new Set([
  ".",
  "!",
  "?",
  ";",
  ":",
  "—",
  "–",
  "…",
  "--",
  "but",
  "though",
  "although",
  "however",
  "whereas",
  "yet",
  "instead",
  "while",
  "so",
]);
/** After a comma, these start a sentence about someone else again ("..., these guys were on time"). */
const NEW_SUBJECTS = new Set(["they", "these", "this", "we", "i", "he", "she", "you", "our", "my", "their"]);
/** A business named after these is compared with, not described: "unlike the last company, they showed up". */
const COMPARING = new Set(["unlike", "than", "like", "compared", "vs", "versus"]);
/** "They are the last company I would hire" describes this business. */
const BE = new Set(["be", "is", "are", "was", "were", "am", "'re", "'s", "been"]);

/**
 * The token ranges that judge another business ("went with another company
 * who came the same day"): from the mention of that business to the end of
 * what it governs. Parentheses do not end it ("our old company (never
 * again) left lint everywhere"); a comparison or a copula before the mention
 * means it is not the subject at all.
 */
export function findOtherBusinessScopes(tokens: readonly Token[], markers: readonly PatternMatch<MarkerData>[]): Array<{ start: number; end: number }> {
  const scopes: Array<{ start: number; end: number }> = [];
  for (const marker of markers) {
    if (marker.data.kind !== "other-business") continue;
    const before = tokens.slice(Math.max(0, marker.start - 2), marker.start).map((t) => t.norm);
    if (before.some((word) => COMPARING.has(word) || BE.has(word))) continue;
    let end = marker.end;
    while (end < tokens.length && !breaksScope(tokens, end)) end += 1;
    scopes.push({ start: marker.start, end });
  }
  return scopes;
}

function breaksScope(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i]!;
  if (SCOPE_BREAKS.has(token.norm)) return true;
  return token.text === "," && NEW_SUBJECTS.has(tokens[i + 1]?.norm ?? "");
}
