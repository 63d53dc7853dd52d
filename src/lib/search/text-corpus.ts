import { foldText } from "./normalize.ts";

/** Between a review's title and text: no folded text contains it, so no match spans the two. */
const SEPARATOR = "\u0000";

/**
 * Folded titles and texts of every review for `query` (case- and accent-insensitive substring),
 * built on an instance's first text query, not at cold start. To avoid reading every review, it
 * keeps one bitset per character bigram: a review can contain the needle only if it contains all
 * of the needle's bigrams, so ANDing their bitsets gives a superset of the matches, and only those
 * get the exact test. For the search p99 targets (bench/RESULTS.md).
 */
export interface TextCorpus {
  /** A test for one (already folded) needle: does the review at this position contain it in its title or text? */
  matcher: (needle: string) => (position: number) => boolean;
}

/** Characters of a bigram: 0-9, a-z, and one class for everything else (space, punctuation, other scripts). */
const CLASSES = 37;
const OTHER = CLASSES - 1;
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, code) => (code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 122 ? code - 87 : OTHER));

function classOf(code: number): number {
  return code < 128 ? ASCII_CLASS[code]! : OTHER;
}

/** Distinct bigram ids of a string. */
function bigramsOf(text: string): number[] {
  const ids = new Set<number>();
  for (let k = 1; k < text.length; k += 1) ids.add(classOf(text.charCodeAt(k - 1)) * CLASSES + classOf(text.charCodeAt(k)));
  return [...ids];
}

export function buildTextCorpus(titles: readonly (string | null)[], texts: readonly string[]): TextCorpus {
  const count = texts.length;
  const folded = texts.map((text, i) => {
    const title = titles[i];
    return title === null || title === undefined ? foldText(text) : `${foldText(title)}${SEPARATOR}${foldText(text)}`;
  });
  // bits[bigram * words + (position >>> 5)] has bit (position & 31) set when the review contains the bigram.
  const words = (count + 31) >>> 5;
  const bits = new Uint32Array(CLASSES * CLASSES * words);
  for (let i = 0; i < count; i += 1) {
    const text = folded[i]!;
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    let previous = classOf(text.charCodeAt(0));
    for (let k = 1; k < text.length; k += 1) {
      const current = classOf(text.charCodeAt(k));
      bits[(previous * CLASSES + current) * words + word]! |= bit;
      previous = current;
    }
  }
  return {
    matcher(needle) {
      if (needle.includes(SEPARATOR)) return () => false;
      const bigrams = bigramsOf(needle);
      // A one-character needle has no bigram to narrow with: test every review.
      if (bigrams.length === 0) return (position) => folded[position]!.includes(needle);
      const candidates = bits.slice(bigrams[0]! * words, (bigrams[0]! + 1) * words);
      for (const id of bigrams.slice(1)) {
        const offset = id * words;
        for (let w = 0; w < words; w += 1) candidates[w]! &= bits[offset + w]!;
      }
      return (position) => (candidates[position >>> 5]! & (1 << (position & 31))) !== 0 && folded[position]!.includes(needle);
    },
  };
}
