import type { Sentence, Token } from "../../nlp/read-text.ts";

/**
 * Sparse text features of one sentence for the learned aspect models: word
 * lemmas, lemma bigrams, and lemmas inside a negation scope marked as such
 * ("!late"). Every number collapses to "#num", so "$180" and "$2,000" read
 * alike. Every string is built once per distinct token
 * and cached, which keeps the hot path to a few map look-ups per token.
 */
const lemmaCache = new Map<string, string>();

function normalizeLemma(token: Token): string {
  const key = token.lemma;
  let cached = lemmaCache.get(key);
  if (cached === undefined) {
    cached = /\d/.test(key) ? "#num" : key;
    if (lemmaCache.size < 50_000) lemmaCache.set(key, cached);
  }
  return cached;
}

/** The word forms of a sentence that the models read (punctuation dropped, "$" kept as a money sign). */
export function readWords(sentence: Sentence): Array<{ word: string; negated: boolean }> {
  const words: Array<{ word: string; negated: boolean }> = [];
  for (const token of sentence.tokens) {
    if (token.isPunct && token.text !== "$" && token.text !== "?" && token.text !== "!") continue;
    words.push({ word: normalizeLemma(token), negated: token.negated });
  }
  return words;
}

/** Calls `visit` with every feature string of the sentence (duplicates possible). */
export function visitSentenceFeatures(sentence: Sentence, visit: (feature: string) => void): void {
  const words = readWords(sentence);
  let previous = "<s>";
  for (const { word, negated } of words) {
    visit(word);
    if (negated) visit(`!${word}`);
    visit(`${previous} ${word}`);
    previous = word;
  }
}
