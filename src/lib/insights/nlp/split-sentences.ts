/** A sentence as a verbatim slice of its source: `text === source.slice(start, end)`. */
export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/**
 * Where a sentence may end: terminators (not the period of an initial, as in
 * "Kevin T. and"), with closing quotes or brackets, before a space; or a line
 * break.
 */
const BOUNDARY = /(?<!(?:^|\s)\p{Lu})[.!?]+["'”’)\]]*(?=\s)|\r?\n/gu;
/** Words whose period does not end a sentence ("Mr. Bell"; "3 a.m. Marcus" stays one, as wink keeps it). */
const ABBREVIATION = /(?:^|[\s(])(?:mr|mrs|ms|dr|st|jr|sr|vs|etc|approx|e\.g|i\.e|a\.m|p\.m)\.$/i;

/**
 * Splits review text into sentences without a language model (terminators
 * followed by a space, and line breaks, except after abbreviations and
 * initials): nearly always wink-nlp's sentences, without wink's load time at
 * a function's cold start (bench/RESULTS.md).
 */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  const push = (end: number) => {
    const span = trimSpan(text, start, end);
    if (span !== null) spans.push(span);
    start = end;
  };
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith(".") && ABBREVIATION.test(text.slice(start, end))) continue;
    push(end);
  }
  push(text.length);
  return spans;
}

function trimSpan(text: string, start: number, end: number): SentenceSpan | null {
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return start === end ? null : { text: text.slice(start, end), start, end };
}
