import type { Sentence, Token } from "../../nlp/read-text.ts";

/**
 * Sparse text features of one sentence for the learned aspect models: word
 * lemmas, lemma bigrams, and lemmas inside a negation scope marked as such
 * ("!late"). Every number collapses to "#num", so "$180" and "$2,000" read
 * alike.
 */
export function normalizeLemma(token: Token): string {
  return /\d/.test(token.lemma) ? "#num" : token.lemma;
}

/** Punctuation is dropped, except the money sign and the marks that carry tone. */
export function isRead(token: Token): boolean {
  return !token.isPunct || token.text === "$" || token.text === "?" || token.text === "!";
}

export interface FeatureVisitor {
  word: (word: string) => void;
  /** A bigram, given as its two words ("<s>" opens the sentence); its feature string is `${first} ${second}`. */
  pair: (first: string, second: string) => void;
  /** A word in a negation scope; its feature string is `!${word}`. */
  negated: (word: string) => void;
}

/** Calls the visitor with every feature of the sentence (duplicates possible), without building bigram strings. */
export function visitFeatures(sentence: Sentence, visitor: FeatureVisitor): void {
  let previous = "<s>";
  for (const token of sentence.tokens) {
    if (!isRead(token)) continue;
    const word = normalizeLemma(token);
    visitor.word(word);
    if (token.negated) visitor.negated(word);
    visitor.pair(previous, word);
    previous = word;
  }
}

/** Calls `visit` with every feature string of the sentence (duplicates possible). */
export function visitSentenceFeatures(sentence: Sentence, visit: (feature: string) => void): void {
  visitFeatures(sentence, { word: visit, pair: (first, second) => visit(`${first} ${second}`), negated: (word) => visit(`!${word}`) });
}
