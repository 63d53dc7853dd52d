import type { Sentence, Token } from "../nlp/read-text.ts";

/**
 * A sentence this long (tokens, punctuation included) is read clause by
 * clause. Text typed or dictated without stops ("came out right on time and
 * he was super polite and careful we paid a hundred and fifty which seemed
 * fair they explained everything they found") and comma splices arrive as
 * one sentence about everything in it, and the detectors, which learned
 * from sentences, miss much of what it says (bench/RESULTS.md, "Aspect
 * analysis, twentieth session").
 */
const LONG_SENTENCE_TOKENS = 25;
/** No clause is shorter than this, counting the comma that ends it (and that the clause leaves out). */
const MIN_CLAUSE_TOKENS = 3;
/**
 * A clause starts at a subject pronoun, or at "and", "but", "so" or "then"
 * before one. English words, read as written: a Spanish run-on is cut at its
 * commas only (and "he" is also a Spanish verb form, "yo he quedado").
 */
const SUBJECTS = new Set(["i", "we", "they", "he", "she"]);
const JOINERS = new Set(["and", "but", "so", "then"]);

/** A review's sentences read clause by clause. */
export interface ReadClauses {
  /** The sentences, each long one cut into clauses, numbered in order. */
  clauses: Sentence[];
  /** Per clause, the index of the sentence it was cut from: evidence is quoted as that whole sentence. */
  sentenceOf: number[];
}

/**
 * Cuts each long sentence into clauses, after a comma and where a clause
 * opens. A clause is a verbatim slice of the text (a comma that ends one is
 * left out); short sentences pass unchanged, renumbered.
 */
export function splitLongSentences(text: string, sentences: readonly Sentence[]): ReadClauses {
  const clauses: Sentence[] = [];
  const sentenceOf: number[] = [];
  sentences.forEach((sentence, at) => {
    const parts = sentence.tokens.length < LONG_SENTENCE_TOKENS ? [sentence.tokens] : splitClauses(sentence.tokens);
    for (const tokens of parts) {
      const start = tokens[0]!.start;
      const end = tokens[tokens.length - 1]!.end;
      clauses.push({ index: clauses.length, text: text.slice(start, end), start, end, tokens });
      sentenceOf.push(at);
    }
  });
  return { clauses, sentenceOf };
}

function opensClause(tokens: readonly Token[], at: number): boolean {
  const previous = tokens[at - 1]!;
  if (previous.text === ",") return true;
  const word = tokens[at]!.lower;
  if (SUBJECTS.has(word)) return !JOINERS.has(previous.lower);
  return JOINERS.has(word) && SUBJECTS.has(tokens[at + 1]?.lower ?? "");
}

function splitClauses(tokens: readonly Token[]): Token[][] {
  const clauses: Token[][] = [];
  let from = 0;
  for (let at = MIN_CLAUSE_TOKENS; at <= tokens.length - MIN_CLAUSE_TOKENS; at += 1) {
    if (at - from < MIN_CLAUSE_TOKENS || !opensClause(tokens, at)) continue;
    clauses.push(tokens.slice(from, tokens[at - 1]!.text === "," ? at - 1 : at));
    from = at;
  }
  clauses.push(tokens.slice(from));
  return clauses;
}
