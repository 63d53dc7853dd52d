/** A sentence as a verbatim slice of its source: `text === source.slice(start, end)`. */
export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

const SEGMENTER = new Intl.Segmenter("en", { granularity: "sentence" });
/** Words whose period does not end a sentence ("Mr. Bell", "3 a.m. Marcus" is the exception wink makes too). */
const ABBREVIATION = /(?:^|[\s(])(?:mr|mrs|ms|dr|st|jr|sr|vs|etc|approx|e\.g|i\.e|a\.m|p\.m)\.$/i;
/**
 * A terminator (not the period of an initial, as in "Kevin T. and"), closing
 * quotes or brackets, spaces, then what Unicode's rules do not take as a new
 * sentence: a small letter, digit or $.
 */
const LOWER_START = /(?<!(?:^|\s)\p{Lu})[.!?]+["'”’)\]]*[ \t]+(?=[\p{Ll}\p{N}$])/gu;
const LINE_BREAKS = /[ \t]*(?:\r?\n[ \t]*)+/g;

/**
 * Splits review text into sentences without a language model: Unicode
 * sentence boundaries (Intl.Segmenter, UAX #29), split again at line breaks
 * and before a small letter or number after a terminator (reviewers write
 * "no more smoke now. price was fine."), and joined again after
 * abbreviations such as "Mr.". It follows readSentences (wink-nlp, which the
 * insights build uses) on the reviews it was checked against, at a
 * fraction of the cost: wink takes about 0.2 s to import and 0.3 s for its
 * first document, too much for a function's cold start, while this needs
 * nothing but the runtime's ICU data.
 */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let pending: { start: number; end: number } | null = null;
  const push = (start: number, end: number) => {
    const trimmed = trimSpan(text, start, end);
    if (trimmed === null) return;
    if (pending !== null && ABBREVIATION.test(text.slice(pending.start, pending.end))) pending.end = trimmed.end;
    else {
      if (pending !== null) spans.push(toSpan(text, pending));
      pending = trimmed;
    }
  };
  for (const { segment, index } of SEGMENTER.segment(text)) {
    for (const [start, end] of splitAt(segment, [LINE_BREAKS, LOWER_START])) push(index + start, index + end);
  }
  if (pending !== null) spans.push(toSpan(text, pending));
  return spans;
}

/** [start, end) pieces of `segment`, cut after each match of the patterns (line breaks are dropped entirely). */
function splitAt(segment: string, patterns: readonly RegExp[]): Array<[number, number]> {
  const cuts: Array<[number, number]> = [];
  for (const pattern of patterns) {
    for (const match of segment.matchAll(pattern)) {
      const dropFrom = pattern === LINE_BREAKS ? match.index : match.index + match[0].trimEnd().length;
      cuts.push([dropFrom, match.index + match[0].length]);
    }
  }
  cuts.sort((a, b) => a[0] - b[0]);
  const pieces: Array<[number, number]> = [];
  let from = 0;
  for (const [dropFrom, resumeAt] of cuts) {
    if (dropFrom < from) continue;
    pieces.push([from, dropFrom]);
    from = resumeAt;
  }
  pieces.push([from, segment.length]);
  return pieces;
}

function trimSpan(text: string, start: number, end: number): { start: number; end: number } | null {
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return start === end ? null : { start, end };
}

function toSpan(text: string, { start, end }: { start: number; end: number }): SentenceSpan {
  return { text: text.slice(start, end), start, end };
}
