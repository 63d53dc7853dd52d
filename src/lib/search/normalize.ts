const NON_ASCII = /[^\u0000-\u007f]/u; // eslint-disable-line no-control-regex -- the ASCII range starts at NUL
const MARKS = /\p{M}+/gu;
const SPACES = /\s+/g;
/** Whitespace that folding changes: anything but a lone space. Most texts have none, and skip the replace. */
const UNUSUAL_SPACE = /[^\S ]| {2}/;

/**
 * Folds text for case- and accent-insensitive matching: Unicode compatibility
 * decomposition, combining marks removed, lower-cased, whitespace collapsed.
 * "Renée  O'Brien" and "renee o'brien" fold to the same string. Plain ASCII
 * (most reviews) skips the Unicode steps, which keeps cold starts short.
 */
export function foldText(text: string): string {
  const base = NON_ASCII.test(text) ? text.normalize("NFKD").replace(MARKS, "") : text;
  const lower = base.toLowerCase();
  return (UNUSUAL_SPACE.test(lower) ? lower.replace(SPACES, " ") : lower).trim();
}
