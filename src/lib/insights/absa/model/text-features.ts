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
 * negated word spans one); "<s>" stands before the first word. Vocabulary.encode finds the same features by number:
 * keep the two in step.
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

/** "!late": a word read inside a negation scope (one word, so never part of a bigram or trigram). */
function isNegatedWord(feature: string): boolean {
  return feature.length > 1 && feature.startsWith("!") && !feature.includes(" ");
}

/**
 * The features the learned models know, by index, and the encoder of a
 * sentence into them. Analysis encodes every sentence of every review, and
 * building each bigram's and trigram's string only to look it up was the
 * largest cost left in it (bench/RESULTS.md, "Aspect analysis,
 * twenty-sixth session"; the throughput target). So the vocabulary is also
 * kept as a trie over word numbers: each word of a sentence is looked up
 * once, and each bigram and trigram is found from the run of words before
 * it, by number. `encode` finds exactly the features visitSentenceFeatures
 * visits that the vocabulary holds, in the same order (a test checks it on
 * real reviews), for lemmas without spaces that do not start with "!":
 * the tokenizer splits off every "!", and the feature strings themselves
 * would be ambiguous otherwise.
 */
export class Vocabulary {
  /** In index order. */
  readonly features: readonly string[];
  /** Every word that is part of a feature ("late" for "!late"); a word's number is also its node in the trie. */
  private readonly words = new Map<string, number>();
  /**
   * Child node of a trie node, keyed by node * words.size + word number: unique, since every word number is below
   * words.size and words.size is fixed before the first child is added.
   */
  private readonly children = new Map<number, number>();
  /** Per node, the index of the feature its word or run of words spells, or -1 (the first two words of a trigram may be no feature). */
  private readonly nodeFeature: number[] = [];
  /** Per word number, the index of its negated feature ("!late"), or -1. */
  private readonly negatedFeature: number[] = [];
  /** Marks the features found so far in the sentence being encoded (cleared before encode returns). */
  private readonly marked: Uint8Array;

  /** `features` in index order. */
  constructor(features: readonly string[]) {
    this.features = features;
    this.marked = new Uint8Array(features.length);
    // Words are numbered first, so the keys of the children (below) are fixed. Each feature is split twice rather
    // than its words kept between the passes, which would hold some 85,000 arrays through the build's peak.
    for (const feature of features)
      for (const word of isNegatedWord(feature) ? [feature.slice(1)] : feature.split(" "))
        if (!this.words.has(word)) {
          this.words.set(word, this.words.size);
          this.nodeFeature.push(-1);
          this.negatedFeature.push(-1);
        }
    features.forEach((feature, index) => {
      if (isNegatedWord(feature)) {
        this.negatedFeature[this.words.get(feature.slice(1))!] = index;
        return;
      }
      const [first, ...rest] = feature.split(" ");
      let node = this.words.get(first!)!;
      for (const word of rest) node = this.child(node, this.words.get(word)!) ?? this.addChild(node, this.words.get(word)!);
      this.nodeFeature[node] = index;
    });
  }

  get size(): number {
    return this.features.length;
  }

  has(feature: string): boolean {
    return this.indexOf(feature) >= 0;
  }

  /** The feature's index, or -1, found as encode finds it (no map of the feature strings is kept: the trie holds them). */
  private indexOf(feature: string): number {
    if (isNegatedWord(feature)) {
      const word = this.words.get(feature.slice(1));
      return word === undefined ? -1 : this.negatedFeature[word]!;
    }
    const [first, ...rest] = feature.split(" ");
    let node = this.words.get(first!);
    for (const word of rest) {
      const number = this.words.get(word);
      if (node === undefined || number === undefined) return -1;
      node = this.child(node, number);
    }
    return node === undefined ? -1 : this.nodeFeature[node]!;
  }

  /** The indices of the sentence's features that the vocabulary holds, each once, in first-seen order, then `extra`'s if held. */
  encode(sentence: Sentence, extra: string): Int32Array {
    const found: number[] = [];
    const add = (index: number) => {
      if (index < 0 || this.marked[index] === 1) return;
      this.marked[index] = 1;
      found.push(index);
    };
    const start = this.words.get("<s>") ?? -1;
    // The nodes of the word before and of the two words before ("<s>" stands before the first word); -1 if unknown.
    let previousNode = start;
    let pairNode = start < 0 ? -1 : (this.child(start, start) ?? -1);
    for (const token of sentence.tokens) {
      if (!isRead(token)) continue;
      const word = this.words.get(normalizeLemma(token));
      if (word === undefined) {
        previousNode = pairNode = -1;
        continue;
      }
      add(this.nodeFeature[word]!);
      if (token.negated) add(this.negatedFeature[word]!);
      const bigram = previousNode < 0 ? -1 : (this.child(previousNode, word) ?? -1);
      if (bigram >= 0) add(this.nodeFeature[bigram]!);
      const trigram = pairNode < 0 ? -1 : (this.child(pairNode, word) ?? -1);
      if (trigram >= 0) add(this.nodeFeature[trigram]!);
      previousNode = word;
      pairNode = bigram;
    }
    add(this.indexOf(extra));
    for (const index of found) this.marked[index] = 0;
    return new Int32Array(found);
  }

  private child(node: number, word: number): number | undefined {
    return this.children.get(node * this.words.size + word);
  }

  private addChild(node: number, word: number): number {
    const child = this.nodeFeature.length;
    this.nodeFeature.push(-1);
    this.children.set(node * this.words.size + word, child);
    return child;
  }
}
