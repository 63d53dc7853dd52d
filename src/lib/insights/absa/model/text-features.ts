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

/** "!late": a word read inside a negation scope (one word, so never a bigram or trigram). */
function isNegatedWord(feature: string): boolean {
  return feature.length > 1 && feature.startsWith("!") && !feature.includes(" ");
}

/**
 * The features the learned models know, by index, and the encoder of a
 * sentence into them. Analysis encodes every sentence of every review, and
 * building each bigram's and trigram's string to look it up took 13% of its
 * time (bench/RESULTS.md, "Aspect analysis, twenty-sixth session"; the
 * throughput target). So the vocabulary is also kept as a trie over word
 * numbers: a sentence is read once, word by word, each word's number looked
 * up once, and each n-gram found from the (n-1)-gram before it by number.
 * encode finds exactly the features visitSentenceFeatures visits that the
 * vocabulary holds, in the same order (a test checks it on real reviews).
 */
export class Vocabulary {
  /** In index order. */
  readonly features: readonly string[];
  readonly size: number;
  private readonly index: ReadonlyMap<string, number>;
  /** Every word that is part of a feature ("late" for "!late"); its number is its node in the trie. */
  private readonly words = new Map<string, number>();
  /** Child node of a trie node, by node * words.size + word number. */
  private readonly children = new Map<number, number>();
  /** Per node, the feature index of the word or word run it spells, or -1 (a trigram's first two words may be no feature). */
  private readonly nodeFeature: number[] = [];
  /** Per word number, the index of its negated feature ("!late"), or -1. */
  private readonly negatedFeature: number[] = [];
  /** Marks the features already found in the sentence being encoded (marked with its number, so never cleared). */
  private readonly foundIn: Int32Array;
  private sentences = 0;

  /** `features` in index order. */
  constructor(features: readonly string[]) {
    this.features = features;
    this.size = features.length;
    this.index = new Map(features.map((feature, index) => [feature, index]));
    this.foundIn = new Int32Array(features.length).fill(-1);
    for (const feature of features)
      for (const word of isNegatedWord(feature) ? [feature.slice(1)] : feature.split(" "))
        if (!this.words.has(word)) {
          this.words.set(word, this.words.size);
          this.nodeFeature.push(-1);
          this.negatedFeature.push(-1);
        }
    features.forEach((feature, index) => {
      if (isNegatedWord(feature)) this.negatedFeature[this.words.get(feature.slice(1))!] = index;
      else {
        const [first, ...rest] = feature.split(" ");
        let node = this.words.get(first!)!;
        for (const word of rest) node = this.child(node, this.words.get(word)!) ?? this.addChild(node, this.words.get(word)!);
        this.nodeFeature[node] = index;
      }
    });
  }

  has(feature: string): boolean {
    return this.index.has(feature);
  }

  /** The indices of the sentence's features that the vocabulary holds, each once, in first-seen order, then `extra`'s if held. */
  encode(sentence: Sentence, extra: string): Int32Array {
    if (this.sentences === 2 ** 31 - 1) {
      this.foundIn.fill(-1);
      this.sentences = 0;
    }
    const mark = this.sentences++;
    const found: number[] = [];
    const add = (index: number) => {
      if (index < 0 || this.foundIn[index] === mark) return;
      this.foundIn[index] = mark;
      found.push(index);
    };
    const start = this.words.get("<s>") ?? -1;
    // The nodes of the word before and of the two words before ("<s>" stands before the first word); -1 if unknown.
    let previous = start;
    let pair = start < 0 ? -1 : (this.child(start, start) ?? -1);
    for (const token of sentence.tokens) {
      if (!isRead(token)) continue;
      const word = this.words.get(normalizeLemma(token));
      if (word === undefined) {
        previous = pair = -1;
        continue;
      }
      add(this.nodeFeature[word]!);
      if (token.negated) add(this.negatedFeature[word]!);
      const bigram = previous < 0 ? -1 : (this.child(previous, word) ?? -1);
      if (bigram >= 0) add(this.nodeFeature[bigram]!);
      const trigram = pair < 0 ? -1 : (this.child(pair, word) ?? -1);
      if (trigram >= 0) add(this.nodeFeature[trigram]!);
      previous = word;
      pair = bigram;
    }
    add(this.index.get(extra) ?? -1);
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
