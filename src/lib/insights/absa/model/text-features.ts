import type { Sentence, Token } from "../../nlp/read-text.ts";

/**
 * Sparse text features of one sentence for the learned aspect models: word
 * lemmas, lemma bigrams and trigrams, and lemmas inside a negation scope
 * marked as such ("!late"). Every number collapses to "#num", so "$180" and
 * "$2,000" read alike. Trigrams carry short phrases a pair of words cannot
 * ("took the time", "on the dot"); with 6,000 reviews they added nothing,
 * with 14,000 they did (bench/RESULTS.md, "Aspect analysis, twenty-fifth
 * session").
 */
function normalizeLemma(token: Token): string {
  return /\d/.test(token.lemma) ? "#num" : token.lemma;
}

/** Punctuation is dropped, except the money sign and the marks that carry tone. */
function isRead(token: Token): boolean {
  return !token.isPunct || token.text === "$" || token.text === "?" || token.text === "!";
}

/**
 * Calls `visit` with every feature string of the sentence (duplicates possible) and how many words it spans (a
 * negated word spans one); "<s>" stands before the first word.
 */
export function visitSentenceFeatures(sentence: Sentence, visit: (feature: string, words: 1 | 2 | 3) => void): void {
  let first = "<s>";
  let previous = "<s>";
  for (const token of sentence.tokens) {
    if (!isRead(token)) continue;
    const word = normalizeLemma(token);
    visit(word, 1);
    if (token.negated) visit(`!${word}`, 1);
    visit(`${previous} ${word}`, 2);
    visit(`${first} ${previous} ${word}`, 3);
    first = previous;
    previous = word;
  }
}
