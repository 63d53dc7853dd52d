import type { Aspect } from "../../schema/review.ts";
import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";

/** The names Google's review form offers as highlights of a home service, and the aspect each judges (docs/aspects.md). */
const HIGHLIGHTS = new Map<string, Aspect>([
  ["professionalism", "professionalism"],
  ["punctuality", "punctuality"],
  ["quality", "work_quality"],
  ["responsiveness", "communication"],
  ["value", "price_value"],
]);

const SIDES = new Map<string, 1 | -1>([
  ["positive", 1],
  ["critical", -1],
]);

// One line: the sentence splitter ends a sentence at every line break. No nested quantifier, so no backtracking blow-up.
const FIELD = /^\s*(positive|critical)\s*:(.*)$/i;

/** The ticked names of a "Positive: ..." or "Critical: ..." line, or null when any item is not one of the form's names. */
function readField(line: string): { polarity: 1 | -1; aspects: Aspect[] } | null {
  const field = FIELD.exec(line);
  if (!field) return null;
  // A closing full stop, exclamation mark or semicolon is no part of the last name (trimmed by hand: a regex anchored at the end
  // would rescan a long run of them from every position).
  let list = field[2]!.trim();
  while (list.length > 0 && ".!;".includes(list.at(-1)!)) list = list.slice(0, -1);
  const items = list.split(",").map((item) => item.trim().toLowerCase());
  if (!items.every((item) => HIGHLIGHTS.has(item))) return null;
  return { polarity: SIDES.get(field[1]!.toLowerCase())!, aspects: [...new Set(items.map((item) => HIGHLIGHTS.get(item)!))] };
}

/**
 * Google's review form lets a reviewer of a home service tick highlights, which
 * the review then carries as lines under its text: "Positive:
 * Professionalism, Punctuality, Quality, Responsiveness, Value" or "Critical:
 * Quality". Each ticked name is the reviewer's judgement of one aspect, but a
 * list the word patterns cannot read past its first comma. A line counts only
 * when it starts a line of the text and every item is one of the form's
 * names, so free text after "Positive:" is left to the lexicon.
 */
export function readHighlights(sentences: readonly Sentence[]): Mention[] {
  return sentences.flatMap((sentence, index) => {
    const field = sentence.tokens[0]?.lineStart ? readField(sentence.text) : null;
    return field ? field.aspects.map((aspect): Mention => ({ aspect, polarity: field.polarity, weight: 1, sentence: index, ticked: true })) : [];
  });
}

/** True when the sentence is a highlights line: a judgement, but a tick list rather than words worth quoting. */
export function isHighlightsLine(sentence: string): boolean {
  return readField(sentence) !== null;
}
