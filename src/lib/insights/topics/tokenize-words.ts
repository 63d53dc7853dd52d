/** A word in a phrase chunk: its lower-case surface form and a plural-folded stem. */
export interface ChunkWord {
  surface: string;
  stem: string;
  /** The surface form is a stopword (ends a keyphrase candidate). */
  stop: boolean;
}

/**
 * Reads a word as written (its case aside) into a ChunkWord, or null when
 * the word breaks a chunk (a name in `properNouns`, a contraction). One
 * reader serves a whole corpus: it remembers each spelling, since a corpus
 * repeats its words and this is the hot loop of topic extraction.
 */
export function createWordReader(properNouns: ReadonlySet<string>, stopwords: ReadonlySet<string>): (word: string) => ChunkWord | null {
  const known = new Map<string, ChunkWord | null>();
  return (word) => {
    let read = known.get(word);
    if (read !== undefined) return read;
    const lower = word.replace(/[’']s$/, "").toLowerCase();
    read =
      properNouns.has(lower) || lower.includes("'") || lower.includes("’")
        ? null
        : { surface: lower, stem: stemWord(lower), stop: stopwords.has(lower) || lower.length < 3 };
    known.set(word, read);
    return read;
  };
}

/** One pass over the text: words, or runs of characters that break a phrase (punctuation, digits, line breaks, " - "). */
const PIECE = /[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]|\s-\s|[.,;:!?()"“”—–/\n\r\t\d]+/g;
const SENTENCE_END = /[.!?\n\r"“(]/;

/** Folds simple English plurals so "nests" and "nest" count together. */
export function stemWord(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.length > 4 && /(?:ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * Splits a text into chunks of words between punctuation, digits and line
 * breaks. Capitalized words inside a sentence (names, places, brands) break
 * chunks too, as do the words `readWord` refuses (names, contractions).
 */
export function splitChunks(text: string, readWord: (word: string) => ChunkWord | null): ChunkWord[][] {
  const chunks: ChunkWord[][] = [];
  let chunk: ChunkWord[] = [];
  let sentenceStart = true;
  const close = () => {
    if (chunk.length > 0) chunks.push(chunk);
    chunk = [];
  };
  for (const match of text.matchAll(PIECE)) {
    const piece = match[0];
    const code = piece.charCodeAt(0);
    const isWord = (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (!isWord) {
      close();
      if (SENTENCE_END.test(piece)) sentenceStart = true;
      continue;
    }
    const capitalizedInside = !sentenceStart && code <= 90 && piece !== "I";
    sentenceStart = false;
    const word = capitalizedInside ? null : readWord(piece);
    if (word === null) {
      close();
      continue;
    }
    chunk.push(word);
  }
  close();
  return chunks;
}

/** Orders strings by UTF-16 code units: unlike localeCompare, the same on every machine and locale (same input, same bytes). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
