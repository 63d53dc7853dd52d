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

/*
 * splitChunks reads the text in one pass as this pattern would: words, or runs of characters that break a phrase
 * (punctuation, digits, line breaks, " - "): /[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]|\s-\s|[.,;:!?()"“”—–/\n\r\t\d]+/g,
 * and a sentence may start after any of /[.!?\n\r"“(]/.
 */

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
 * Scans the text as the pattern above would match it, without building a
 * match per piece.
 */
export function splitChunks(text: string, readWord: (word: string) => ChunkWord | null): ChunkWord[][] {
  const chunks: ChunkWord[][] = [];
  let chunk: ChunkWord[] = [];
  let sentenceStart = true;
  const close = () => {
    if (chunk.length > 0) chunks.push(chunk);
    chunk = [];
  };
  const length = text.length;
  let at = 0;
  while (at < length) {
    const code = text.charCodeAt(at);
    if (isLetter(code)) {
      // [A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]: up to the last letter of the run.
      let last = at;
      for (let next = at + 1; next < length; next += 1) {
        const c = text.charCodeAt(next);
        if (isLetter(c)) last = next;
        else if (c !== 39 && c !== 0x2019 && c !== 45) break;
      }
      const piece = text.slice(at, last + 1);
      at = last + 1;
      const capitalizedInside = !sentenceStart && code <= 90 && piece !== "I";
      sentenceStart = false;
      const word = capitalizedInside ? null : readWord(piece);
      if (word === null) close();
      else chunk.push(word);
      continue;
    }
    let end = at;
    // \s-\s, then a run of punctuation, digits and line breaks.
    if (isSpace(code) && at + 2 < length && text.charCodeAt(at + 1) === 45 && isSpace(text.charCodeAt(at + 2))) end = at + 3;
    else while (end < length && isBreakChar(text.charCodeAt(end))) end += 1;
    if (end === at) {
      at += 1;
      continue;
    }
    close();
    for (let k = at; k < end; k += 1) if (isSentenceEnd(text.charCodeAt(k))) sentenceStart = true;
    at = end;
  }
  close();
  return chunks;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** JavaScript's \s. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** [.,;:!?()"“”—–/\n\r\t\d] */
function isBreakChar(code: number): boolean {
  if (code >= 48 && code <= 57) return true;
  switch (code) {
    case 46:
    case 44:
    case 59:
    case 58:
    case 33:
    case 63:
    case 40:
    case 41:
    case 34:
    case 0x201c:
    case 0x201d:
    case 0x2014:
    case 0x2013:
    case 47:
    case 10:
    case 13:
    case 9:
      return true;
    default:
      return false;
  }
}

/** [.!?\n\r"“(]: a sentence may start after it. */
function isSentenceEnd(code: number): boolean {
  return code === 46 || code === 33 || code === 63 || code === 10 || code === 13 || code === 34 || code === 0x201c || code === 40;
}

/** Orders strings by UTF-16 code units: unlike localeCompare, the same on every machine and locale (same input, same bytes). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
