import { GENERIC_NOUNS, STOPWORDS } from "./stopwords.ts";
import { splitChunks, stemWord } from "./tokenize-words.ts";

/** A candidate keyphrase across the corpus. */
export interface Keyphrase {
  /** Stemmed words joined by spaces: the identity used for counting and merging. */
  key: string;
  /** The most frequent surface form ("bird nests" → shown as written most often). */
  label: string;
  words: string[];
  /** Indexes of the documents that contain it. */
  docs: number[];
  score: number;
}

const MAX_WORDS = 3;

/**
 * RAKE-style candidates (runs of content words between stopwords and
 * punctuation, and their sub-phrases up to three words), counted by document
 * and scored by TF-IDF over the corpus: df × log(N / df), with a bonus for
 * multi-word phrases. Phrases in fewer than `minDocs` documents, in more than
 * half of them, or made of a single generic noun are dropped.
 */
export function extractKeyphrases(texts: readonly string[], properNouns: ReadonlySet<string>, minDocs: number): Keyphrase[] {
  const docsByKey = new Map<string, number[]>();
  // Surface forms are only counted when they differ from the stemmed key ("nests" for "nest").
  const surfaces = new Map<string, Map<string, number>>();
  const asKey = new Map<string, number>();
  texts.forEach((text, doc) => {
    for (const chunk of splitChunks(text, properNouns)) {
      let runStart = 0;
      for (let end = 0; end <= chunk.length; end += 1) {
        const word = chunk[end];
        if (word !== undefined && !STOPWORDS.has(word.surface) && word.surface.length >= 3) continue;
        // chunk[runStart..end) is a run of content words.
        for (let first = runStart; first < end; first += 1) {
          let key = "";
          let surface = "";
          for (let last = first; last < Math.min(end, first + MAX_WORDS); last += 1) {
            key = last === first ? chunk[last]!.stem : `${key} ${chunk[last]!.stem}`;
            surface = last === first ? chunk[last]!.surface : `${surface} ${chunk[last]!.surface}`;
            const docs = docsByKey.get(key);
            if (docs === undefined) docsByKey.set(key, [doc]);
            else if (docs[docs.length - 1] !== doc) docs.push(doc);
            if (surface === key) asKey.set(key, (asKey.get(key) ?? 0) + 1);
            else {
              const forms = surfaces.get(key) ?? new Map<string, number>();
              forms.set(surface, (forms.get(surface) ?? 0) + 1);
              surfaces.set(key, forms);
            }
          }
        }
        runStart = end + 1;
      }
    }
  });
  const total = Math.max(1, texts.length);
  const phrases: Keyphrase[] = [];
  for (const [key, docs] of docsByKey) {
    const words = key.split(" ");
    if (docs.length < minDocs || docs.length > total / 2) continue;
    // A phrase headed by a generic noun ("living room") is a place, not a theme.
    const headWord = words[words.length - 1]!;
    if (GENERIC_NOUNS.has(headWord) || GENERIC_NOUNS.has(stemWord(headWord))) continue;
    const forms = [...(surfaces.get(key)?.entries() ?? []), [key, asKey.get(key) ?? 0] as const].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const score = docs.length * Math.log(total / docs.length) * (1 + 0.6 * (words.length - 1));
    phrases.push({ key, label: forms[0]?.[0] ?? key, words, docs, score });
  }
  return phrases.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}
