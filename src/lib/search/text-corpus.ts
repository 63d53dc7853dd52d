import { foldText } from "./normalize.ts";

const SEPARATOR = "\u0000";

/**
 * Folded titles and texts of every review, each kept as one string with a
 * NUL between reviews, so a `query` is a few `indexOf` scans over one string
 * rather than one `includes` per review. Built on an instance's first text
 * query, not at cold start.
 */
export interface TextCorpus {
  /** Marks the positions whose title or text contains `needle` (already folded). */
  markMatches: (needle: string) => Uint8Array;
}

interface Joined {
  joined: string;
  /** Start offset of each review's text in `joined`, ascending. */
  starts: Int32Array;
}

function join(parts: readonly string[]): Joined {
  const starts = new Int32Array(parts.length);
  let offset = 0;
  parts.forEach((part, i) => {
    starts[i] = offset;
    offset += part.length + 1;
  });
  return { joined: parts.join(SEPARATOR), starts };
}

/** The review whose part contains character `offset`: the last start at or before it. */
function positionAt(starts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function buildTextCorpus(titles: readonly (string | null)[], texts: readonly string[]): TextCorpus {
  const parts = [join(titles.map((title) => (title === null ? "" : foldText(title)))), join(texts.map(foldText))];
  return {
    markMatches(needle) {
      const marks = new Uint8Array(texts.length);
      // A needle with a NUL could match across two reviews; nothing folded contains one, so it matches nothing.
      if (needle.includes(SEPARATOR)) return marks;
      for (const { joined, starts } of parts) {
        let from = 0;
        for (;;) {
          const at = joined.indexOf(needle, from);
          if (at === -1) break;
          const position = positionAt(starts, at);
          marks[position] = 1;
          // Skip to the next review: one hit per review is enough.
          from = position + 1 < starts.length ? starts[position + 1]! : joined.length;
        }
      }
      return marks;
    },
  };
}
