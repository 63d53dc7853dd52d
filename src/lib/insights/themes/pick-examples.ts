import type { ReviewRecord } from "../../schema/review.ts";
import type { Keyphrase } from "./extract-keyphrases.ts";

export interface ThemeExample {
  review_id: string;
  /** The sentence that mentions the topic, verbatim from the review (or its title). */
  text: string;
}

const SENTENCE_END = /[.!?\n\r]/;
/** Longest quote, in characters (about 50 words), beside the phrase itself. */
const MAX_QUOTE = 320;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A word's stem with the plural endings that stemWord folds ("nest" → nests, "allergy" → allergies). */
function wordPattern(stem: string): string {
  if (stem.endsWith("y")) return `${escapeRegExp(stem.slice(0, -1))}(?:y|ies)`;
  return `${escapeRegExp(stem)}(?:s|es)?`;
}

/** Finds a phrase as written: any case, plural or singular, "dryer's vent" as well as "dryer vent". */
export function phrasePattern(phrase: Keyphrase): RegExp {
  return new RegExp(`\\b${phrase.words.map(wordPattern).join("(?:['’]s)?[\\s-]+")}\\b`, "i");
}

/** The sentence around the first match of one of `patterns` in `text`, verbatim (or part of it, when long); null when none matches. */
export function findSentence(text: string, patterns: readonly RegExp[]): string | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    // Back to the sentence's start and on to its end, but no further than MAX_QUOTE / 2 either side of the
    // match (a review without punctuation is one long sentence), and then to a word boundary.
    const from = match.index;
    const to = from + match[0].length;
    let start = from;
    while (start > 0 && !SENTENCE_END.test(text[start - 1]!) && from - start < MAX_QUOTE / 2) start -= 1;
    if (start > 0 && !SENTENCE_END.test(text[start - 1]!)) while (start < from && !/\s/.test(text[start - 1]!)) start += 1;
    let end = to;
    while (end < text.length && !SENTENCE_END.test(text[end]!) && end - to < MAX_QUOTE / 2) end += 1;
    if (end < text.length && !SENTENCE_END.test(text[end]!)) while (end > to && !/\s/.test(text[end]!)) end -= 1;
    else if (end < text.length && text[end] !== "\n" && text[end] !== "\r") end += 1;
    return text.slice(start, end).trim();
  }
  return null;
}

/**
 * Up to `count` example reviews that mention the topic, with the sentence
 * that does. Reviews naming the label's phrases come first, then the others;
 * the chosen ones are listed in dataset order (newest first).
 */
export function pickExamples(
  reviews: readonly ReviewRecord[],
  docs: readonly number[],
  labelPhrases: readonly Keyphrase[],
  members: readonly Keyphrase[],
  count: number,
): ThemeExample[] {
  const patterns = [...labelPhrases, ...members.filter((m) => !labelPhrases.includes(m))].map(phrasePattern);
  const chosen = new Map<number, string>();
  const tryDoc = (doc: number) => {
    if (chosen.size >= count || chosen.has(doc)) return;
    const review = reviews[doc]!;
    const sentence = findSentence(review.text, patterns) ?? (review.title ? findSentence(review.title, patterns) : null);
    if (sentence) chosen.set(doc, sentence);
  };
  for (const phrase of labelPhrases) for (const doc of phrase.docs) if (chosen.size < count) tryDoc(doc);
  for (const doc of docs) if (chosen.size < count) tryDoc(doc);
  return [...chosen].sort((a, b) => a[0] - b[0]).map(([doc, text]) => ({ review_id: reviews[doc]!.id, text }));
}
