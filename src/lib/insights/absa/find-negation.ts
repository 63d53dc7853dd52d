import type { Token } from "../nlp/read-text.ts";
import { INTENSIFYING_AFTER_NEGATION, NEGATORS, NON_NEGATING_NEXT, WINK_NEGATORS } from "../lexicon/negation-cues.ts";
import type { CueMatch } from "./select-cues.ts";

const WINDOW = 5;
const SCOPE_BREAKS = new Set(["and", "but", "because", "though", "although", "however", "so", "which", "who", "then", "yet", "while", "until"]);
const MODALS = new Set(["could", "can", "would"]);

/** True when a verb between the negator and the cue has a subject of its own after the negator. */
function startsNewPredicate(tokens: readonly Token[], negator: number, cueStart: number): boolean {
  let nominal = false;
  for (let k = negator + 1; k < cueStart; k += 1) {
    const token = tokens[k]!;
    if (token.pos === "VERB" || token.pos === "AUX") {
      if (nominal) return true;
      continue;
    }
    if (token.pos === "NOUN" || token.pos === "PROPN" || token.pos === "PRON" || token.pos === "NUM") nominal = true;
  }
  return false;
}

/** "Couldn't have been more polite", "can't recommend them enough": the negation intensifies. */
function intensifies(tokens: readonly Token[], at: number): boolean {
  const before = tokens[at - 1];
  if (!before || !MODALS.has(before.norm)) return false;
  for (let j = at + 1; j < Math.min(tokens.length, at + 7); j += 1) {
    const token = tokens[j]!;
    if (token.isPunct) return false;
    if (INTENSIFYING_AFTER_NEGATION.has(token.norm)) return true;
  }
  return false;
}

/** "I have never dealt with a ruder office manager": "never ... a/an" plus a comparative means "the rudest". */
function isSuperlativeNever(tokens: readonly Token[], at: number, cue: CueMatch): boolean {
  if (tokens[at]!.norm !== "never") return false;
  const first = tokens[cue.start]!;
  const before = tokens[cue.start - 1];
  const comparative = /[a-z]{3,}(er|est)$/.test(first.norm) || before?.norm === "more";
  return comparative && tokens.slice(at, cue.start).some((t) => t.norm === "a" || t.norm === "an");
}

/**
 * True when a negator governs the cue: a "not"/"never"/"no"/"nobody"/
 * "without"... at most five tokens before it, in the same clause and not
 * across a comma, outside any other cue phrase (the "no" of "no mess" belongs
 * to that phrase), and, for the negators wink-nlp scopes itself, only when
 * wink also flags the cue's first token as negated.
 */
export function isNegated(tokens: readonly Token[], cues: readonly CueMatch[], cue: CueMatch, clauses: readonly number[]): boolean {
  const insideOther = (j: number) => cues.some((c) => c !== cue && j >= c.start && j < c.end && c.data.kind !== "target");
  for (let j = cue.start - 1; j >= 0 && cue.start - j <= WINDOW; j -= 1) {
    const token = tokens[j]!;
    if (clauses[j] !== clauses[cue.start]) return false;
    if ((token.isPunct && token.text !== '"' && token.text !== "-") || SCOPE_BREAKS.has(token.norm)) return false;
    // A negator belongs to the first opinion after it: "not impressed with how long it took" negates "impressed" only.
    if (cues.some((c) => c !== cue && c.data.kind !== "target" && c.start === j && c.end <= cue.start && !NEGATORS.has(token.norm))) return false;
    if (!NEGATORS.has(token.norm) || insideOther(j)) continue;
    const next = tokens[j + 1];
    if (next && NON_NEGATING_NEXT.has(next.norm)) return false;
    if (next?.norm === "one" && token.norm === "no" && tokens[j + 2]?.norm === "else") return false;
    if (intensifies(tokens, j) || isSuperlativeNever(tokens, j, cue)) return false;
    if (WINK_NEGATORS.has(token.norm) && !tokens[cue.start]!.negated && cue.start - j > 2) return false;
    // A verb with its own subject between the negator and the cue starts another predicate: "not 5 stars is it dragged out".
    if (startsNewPredicate(tokens, j, cue.start)) return false;
    // "Don't make the customer chase you": advice against what happened, not a denial of it.
    if (
      token.norm === "not" &&
      tokens[j - 1]?.norm === "do" &&
      (j < 2 || tokens[j - 2]!.isPunct || ["please", "and", "but", "so"].includes(tokens[j - 2]!.norm)) &&
      cue.data.polarity < 0
    )
      return false;
    return true;
  }
  return false;
}
