import { isEmoji } from "../nlp/emoji-gloss.ts";
import type { Token } from "../nlp/read-text.ts";

const BREAK_PUNCT = new Set([".", "!", "?", ";", ":", "—", "–", "(", ")", "…", "--"]);
const BREAK_WORDS = new Set(["but", "though", "although", "however", "because", "except", "whereas", "yet", "unless", "while", "cause"]);
const AFTER_COMMA = new Set(["and", "so", "which", "who", "then", "plus", "since", "or"]);
const SUBJECTS = new Set(["i", "we", "he", "she", "they", "it", "the", "his", "her", "their", "my", "our", "everything", "nobody", "someone"]);

/**
 * Numbers the clauses of a sentence: a new clause starts at strong
 * punctuation, at a contrast or cause conjunction ("but", "because"), at a
 * comma followed by "and"/"so"/"which", at "and" followed by a new subject, and
 * after emoji that close a thought ("on time ✅ booties ✅ price 😬": each emoji
 * judges what comes before it, as a full stop would end it), unless they open
 * the sentence ("✅ On time" in a tick list judges what follows).
 * Opinions attach to targets, and negators and wishes apply, within one clause.
 */
export function markClauses(tokens: readonly Token[]): number[] {
  const clauses: number[] = [];
  let clause = 0;
  // Whether a word has come before: a run of emoji that opens the sentence (a tick list's "✅ On time") marks what
  // follows it, and ends no clause.
  let words = false;
  const emoji = tokens.map((token) => isEmoji(token.text));
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    const startsClause =
      BREAK_WORDS.has(token.norm) ||
      (previous !== undefined && BREAK_PUNCT.has(previous.text)) ||
      (words && emoji[i - 1] === true && !emoji[i]) ||
      (previous?.text === "," && AFTER_COMMA.has(token.norm)) ||
      (token.norm === "and" && next !== undefined && SUBJECTS.has(next.norm));
    if (i > 0 && startsClause) clause += 1;
    clauses.push(clause);
    words ||= !token.isPunct && !emoji[i];
  });
  return clauses;
}
