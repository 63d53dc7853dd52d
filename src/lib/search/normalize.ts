/**
 * Folds text for case- and accent-insensitive matching: Unicode compatibility
 * decomposition, combining marks removed, lower-cased, whitespace collapsed.
 * "Renée  O'Brien" and "renee o'brien" fold to the same string.
 */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
