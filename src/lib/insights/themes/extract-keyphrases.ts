import { CALENDAR_WORDS, GENERIC_NOUNS, STOPWORDS } from "./stopwords.ts";
import { compareText, createWordReader, splitChunks, type ChunkWord } from "./tokenize-words.ts";

/** A candidate keyphrase across the corpus. */
export interface Keyphrase {
  /** Stemmed words joined by spaces: the identity used for counting and merging. */
  key: string;
  /** The most frequent surface form ("bird nests" → shown as written most often). */
  label: string;
  /** Stemmed words. */
  words: string[];
  /** Indexes of the documents that contain it, ascending. */
  docs: number[];
  score: number;
}

const MAX_WORDS = 3;

/** Documents of one candidate key, with how often it was written as the key itself and in other forms ("nests" for "nest"). */
interface Counted {
  docs: number[];
  asKey: number;
  forms: Map<string, number> | null;
}

/** A phrase as a sequence of word objects: its key and surface form, and the candidate it counts toward. */
interface PhraseNode {
  key: string;
  surface: string;
  counted: Counted | null;
  children: Map<ChunkWord, PhraseNode> | null;
}

/** True when the word says nothing about the subject on its own: a generic noun or a calendar word. */
function isBackgroundWord(word: string): boolean {
  return GENERIC_NOUNS.has(word) || CALENDAR_WORDS.has(word);
}

/**
 * RAKE-style candidates (runs of content words between stopwords and punctuation, their
 * sub-phrases up to three words, and "X of Y"), counted by document and scored by TF-IDF,
 * df × log(N / df), plus a bonus per further word that is neither generic nor calendar. Dropped:
 * candidates in fewer documents than `minDocs` or in more than half, phrases headed by a generic
 * noun ("living room"), and phrases of only generic and calendar words: a season is no theme.
 */
export function extractKeyphrases(texts: readonly string[], properNouns: ReadonlySet<string>, minDocs: { word: number; phrase: number }): Keyphrase[] {
  const docsByKey = new Map<string, Counted>();
  const readWord = createWordReader(properNouns, STOPWORDS);
  // Candidates are counted through a trie of the (cached, shared) word objects, so a phrase's strings are built once per spelling, not per occurrence.
  const root: PhraseNode = { key: "", surface: "", counted: null, children: new Map() };
  const ofPhrases = new Map<ChunkWord, Map<ChunkWord, PhraseNode>>();
  const nodeFor = (key: string, surface: string): PhraseNode => {
    let counted = docsByKey.get(key);
    if (counted === undefined) docsByKey.set(key, (counted = { docs: [], asKey: 0, forms: null }));
    return { key, surface, counted, children: null };
  };
  const count = (node: PhraseNode, doc: number) => {
    const counted = node.counted!;
    const docs = counted.docs;
    if (docs.length === 0 || docs[docs.length - 1] !== doc) docs.push(doc);
    if (node.surface === node.key) counted.asKey += 1;
    else {
      counted.forms ??= new Map();
      counted.forms.set(node.surface, (counted.forms.get(node.surface) ?? 0) + 1);
    }
  };
  texts.forEach((text, doc) => {
    for (const chunk of splitChunks(text, readWord)) {
      let runStart = 0;
      for (let end = 0; end <= chunk.length; end += 1) {
        const word = chunk[end];
        if (word !== undefined && !word.stop) continue;
        // chunk[runStart..end) is a run of content words.
        for (let first = runStart; first < end; first += 1) {
          let node = root;
          for (let last = first; last < Math.min(end, first + MAX_WORDS); last += 1) {
            const next = chunk[last]!;
            node.children ??= new Map();
            let child = node.children.get(next);
            if (child === undefined) {
              child = last === first ? nodeFor(next.stem, next.surface) : nodeFor(`${node.key} ${next.stem}`, `${node.surface} ${next.surface}`);
              node.children.set(next, child);
            }
            count(child, doc);
            node = child;
          }
        }
        // "peace of mind", "pile of lint": two content words joined by "of" make one candidate too.
        if (word?.surface === "of" && end > runStart && end + 1 < chunk.length && !chunk[end + 1]!.stop) {
          const [before, after] = [chunk[end - 1]!, chunk[end + 1]!];
          let row = ofPhrases.get(before);
          if (row === undefined) ofPhrases.set(before, (row = new Map()));
          let node = row.get(after);
          if (node === undefined) row.set(after, (node = nodeFor(`${before.stem} of ${after.stem}`, `${before.surface} of ${after.surface}`)));
          count(node, doc);
        }
        runStart = end + 1;
      }
    }
  });
  const total = Math.max(1, texts.length);
  const phrases: Keyphrase[] = [];
  for (const [key, { docs, asKey, forms }] of docsByKey) {
    const words = key.split(" ");
    if (docs.length < (words.length > 1 ? minDocs.phrase : minDocs.word) || docs.length > total / 2) continue;
    if (GENERIC_NOUNS.has(words[words.length - 1]!) || words.every(isBackgroundWord)) continue;
    const written: Array<[string, number]> = [...(forms ?? []), [key, asKey]];
    const label = written.sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))[0]![0];
    // Only words that say what the theme is about earn the multi-word bonus ("living room ceiling" is a ceiling).
    const telling = words.filter((w) => w !== "of" && !isBackgroundWord(w)).length;
    const score = docs.length * Math.log(total / docs.length) * (1 + 0.6 * Math.max(0, telling - 1));
    phrases.push({ key, label, words, docs, score });
  }
  return phrases.sort((a, b) => b.score - a.score || compareText(a.key, b.key));
}
