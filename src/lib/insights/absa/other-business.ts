import type { Token } from "../nlp/read-text.ts";
import type { MarkerData } from "../lexicon/modifier-cues.ts";
import type { PatternMatch } from "./match-patterns.ts";

/** Words that end what a mention of another business governs: strong punctuation and contrasts. */
const SCOPE_BREAKS = new Set([".", "!", "?", ";", ":", "—", "–", "…", "--", "but", "though", "although", "however", "whereas", "yet", "instead", "while"]);
/** After a comma, these turn back to this business or the reviewer ("..., these guys were on time"). */
const BACK_AFTER_COMMA = new Set(["so", "they", "these", "this", "we", "i", "i'm", "im", "he", "she", "you", "our", "my", "their"]);
/** After "and", these do ("the last company was late and these guys were early"). */
const BACK_AFTER_AND = new Set(["these", "this", "we", "i", "i'm", "im", "our", "my"]);
/** A business named after these is compared with, not described: "unlike the last company, they showed up". */
const COMPARING = new Set(["unlike", "than", "compared", "vs", "versus"]);
/** "They are the last company I would hire" describes this business. */
const BE = new Set(["be", "is", "are", "was", "were", "am", "'re", "'s", "been", "i'm", "im"]);
const RELATIVE = new Set(["who", "which", "that"]);

export interface Scope {
  start: number;
  /** Exclusive. */
  end: number;
}

/**
 * The token ranges that judge another business ("went with another company
 * who came the same day"): from the mention of that business to where the
 * sentence turns back to this one. Parentheses do not end it ("our old
 * company (never again) left lint everywhere") unless the mention is inside
 * them. A mention that this business is ("they are the last company I'd
 * hire", "Keystone, a HVAC company") governs nothing; one compared with
 * governs only its relative clause ("cleaner than the last company, which
 * left soot everywhere"). `names` are this business's technicians.
 */
export function findOtherBusinessScopes(
  tokens: readonly Token[],
  markers: readonly PatternMatch<MarkerData>[],
  names: ReadonlySet<string> = new Set(),
): Scope[] {
  const scopes: Scope[] = [];
  for (const marker of markers) {
    if (marker.data.kind !== "other-business" || isThisBusiness(tokens, marker.start)) continue;
    if (comparedWith(tokens, marker.start)) {
      const relative = tokens[marker.end]?.text === "," ? marker.end + 1 : marker.end;
      if (!RELATIVE.has(tokens[relative]?.norm ?? "")) continue;
      let end = relative;
      while (end < tokens.length && tokens[end]!.text !== "," && !SCOPE_BREAKS.has(tokens[end]!.norm)) end += 1;
      scopes.push({ start: marker.start, end });
      continue;
    }
    scopes.push({ start: marker.start, end: findScopeEnd(tokens, marker.end, names, insideParentheses(tokens, marker.start)) });
  }
  return scopes;
}

function isThisBusiness(tokens: readonly Token[], start: number): boolean {
  const previous = tokens[start - 1];
  const before = tokens[start - 2];
  if (previous === undefined) return false;
  // A copula right before, or an adverb after one: "they are (honestly) the last company I'd hire"; not "there was".
  const copula = BE.has(previous.norm) ? start - 1 : previous.pos === "ADV" && before !== undefined && BE.has(before.norm) ? start - 2 : -1;
  if (copula >= 0 && tokens[copula - 1]?.norm !== "there") return true;
  // An apposition to a name or a role: "Keystone, a HVAC company from Erie", "as a roofing contractor".
  const article = tokens[start]!.norm === "a" || tokens[start]!.norm === "an";
  if (article && ((previous.text === "," && /^[A-Z]/.test(before?.text ?? "")) || previous.norm === "as")) return true;
  // Their own technician: "they sent a different sweep this time".
  return previous.lemma === "send" || (previous.norm === "a" && before?.lemma === "send");
}

function comparedWith(tokens: readonly Token[], start: number): boolean {
  for (let i = start - 1; i >= Math.max(0, start - 2); i -= 1) {
    if (tokens[i]!.text === "," || SCOPE_BREAKS.has(tokens[i]!.norm)) return false;
    if (COMPARING.has(tokens[i]!.norm)) return true;
  }
  return false;
}

function insideParentheses(tokens: readonly Token[], start: number): boolean {
  let depth = 0;
  // A stray ")" ("1) the last company ...") closes nothing.
  for (let i = 0; i < start; i += 1) depth = Math.max(0, depth + (tokens[i]!.text === "(" ? 1 : tokens[i]!.text === ")" ? -1 : 0));
  return depth > 0;
}

/** Where the scope that starts after a mention ends: its own closing parenthesis when it sits inside one. */
function findScopeEnd(tokens: readonly Token[], from: number, names: ReadonlySet<string>, bracketed: boolean): number {
  let depth = 0;
  for (let i = from; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.text === "(") depth += 1;
    else if (token.text === ")" && depth > 0) depth -= 1;
    else if (token.text === ")" && bracketed) return i;
    if (SCOPE_BREAKS.has(token.norm)) return i;
    const next = tokens[i + 1]?.norm ?? "";
    if (token.text === "," && (BACK_AFTER_COMMA.has(next) || names.has(next))) return i;
    if (token.norm === "and" && BACK_AFTER_AND.has(next)) return i;
  }
  return tokens.length;
}
