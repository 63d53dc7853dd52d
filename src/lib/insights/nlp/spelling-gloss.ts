import { inWinkLexicon, type Sentence, type Token, type TokenWord } from "./read-text.ts";
import { glossWord, spanishSentences } from "./spanish-gloss.ts";

/**
 * Misspelt words read as the words they misspell ("very thourough",
 * "courtious", "explaned"). People type reviews on phones and do not proofread,
 * and a misspelt judgement word is invisible to the lexicon and the learned
 * models, which know words by their spelling. As with the Spanish gloss, the
 * token keeps its text, so evidence stays verbatim; its normal form and
 * lemma become the correction's.
 *
 * A word is corrected only to a word of the spelling list: the words of at
 * least MIN_REVIEWS labelled reviews, with the lemma they most often read
 * as (`npm run train:absa` builds it into the model file), so a correction
 * is always a word the models learned, and only to one that wink's English
 * lexicon knows, or a form of one (so not a misspelling common in the
 * data, a Spanish word, or a name wink lacks). A word is corrected only
 * when:
 *   - it is four letters or more, a-z only (an accented word is Spanish or a
 *     name), not capitalised (a name, even opening a sentence: "Doug was
 *     great"; a word in capitals is only shrunk, below, as names are
 *     written so too), and not a word the Spanish gloss reads ("gracias");
 *   - neither the list nor wink's English lexicon holds it or the word it
 *     is a form of ("sooty", "couches" and "dents" are words, not slips);
 *   - its sentence reads as English: not Spanish (spanish-gloss.ts), and at
 *     least half its words are known, so a sentence in Portuguese or Haitian
 *     Creole is left as written;
 *   - a letter stretched for emphasis shrinks to a word of the list
 *     ("goooood"), or, in a word of five letters or more that does not
 *     begin a longer word of the list (an abbreviation: "sched",
 *     "resched"), a single edit makes one: a letter left out, added,
 *     changed, or two swapped (Damerau's four kinds of slip; Norvig, "How
 *     to Write a Spelling Corrector"), the first letter kept or swapped
 *     with the second. Of several, the word of the most reviews wins
 *     ("thurough" is "through", not "thorough").
 */

/** A word enters the spelling list when at least this many labelled reviews use it. */
export const MIN_REVIEWS = 5;

/**
 * Only words of this many letters or more are corrected, and only those of MIN_EDITED_LETTERS or more by an edit: a
 * shorter word is often one the list lacks ("ugh", "tho"), and has many neighbours a slip away ("yuck", "luck").
 */
const MIN_LETTERS = 4;
const MIN_EDITED_LETTERS = 5;

/** How many words each memo of a spelling list holds before it starts again. */
const MEMO_SIZE = 50_000;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const PLAIN_WORD = /^[a-z]+$/;

interface Correction {
  norm: string;
  lemma: string;
}

/**
 * The endings English adds to a word, each with the letters that restore the word: "couches" is "couch",
 * "raved" is "rave", "gutting" is "gut" ("-" drops one of a doubled letter). wink's lexicon holds many words
 * but few of their forms.
 */
const ENDINGS: readonly [string, readonly string[]][] = [
  ["ies", ["y"]],
  ["ied", ["y"]],
  ["es", ["", "e"]],
  ["s", [""]],
  ["ed", ["", "e", "-"]],
  ["ing", ["", "e", "-"]],
  ["ers", ["", "e", "-"]],
  ["er", ["", "e", "-"]],
  ["ly", [""]],
  ["y", ["", "-"]],
];

/** Whether wink's lexicon holds the word, or the word it is a form of. */
function isEnglish(word: string): boolean {
  if (inWinkLexicon(word)) return true;
  for (const [ending, restores] of ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 3) continue;
    const stem = word.slice(0, -ending.length);
    for (const restore of restores) {
      const base = restore === "-" ? (stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : null) : stem + restore;
      if (base !== null && inWinkLexicon(base)) return true;
    }
  }
  return false;
}

/** The corrections a spelling list allows. Entries are "word" or "word lemma", most reviews first. */
export class SpellingList {
  readonly entries: readonly string[];
  /** Per word, its rank in the list (0 is the word of the most reviews), its lemma, and whether a correction may give it. */
  private readonly words = new Map<string, { rank: number; lemma: string; target: boolean }>();
  /** Corrections already worked out, and whether words are known, by word; each cleared when full. */
  private readonly memo = new Map<string, Correction | null>();
  private readonly known = new Map<string, boolean>();
  /** The list's words in code-unit order, to find a word that starts with another. */
  private readonly sorted: readonly string[];

  constructor(entries: readonly string[]) {
    this.entries = entries;
    entries.forEach((entry, rank) => {
      const [word, lemma] = entry.split(" ");
      // A correction gives an English word: never a misspelling common in the data ("recomend"), a name or Spanish.
      const target = isEnglish(word!) && glossWord(word!, false) === undefined;
      this.words.set(word!, { rank, lemma: lemma ?? word!, target });
    });
    this.sorted = [...this.words.keys()].sort();
  }

  /** Whether a word of the list starts with `word` and is two letters or more longer: "sched" is short for "schedule". */
  private abbreviates(word: string): boolean {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.sorted[middle]! < word) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.sorted.length && this.sorted[i]!.startsWith(word); i += 1) if (this.sorted[i]!.length >= word.length + 2) return true;
    return false;
  }

  /** Whether the word is known as written: a word of the list, or English as wink's lexicon knows it (isEnglish). */
  knows(word: string): boolean {
    let found = this.known.get(word);
    if (found === undefined) {
      found = this.words.has(word) || isEnglish(word);
      if (this.known.size >= MEMO_SIZE) this.known.clear();
      this.known.set(word, found);
    }
    return found;
  }

  /** The word a lower-case word misspells, or null (see the module comment for when). */
  correct(word: string): Correction | null {
    let found = this.memo.get(word);
    if (found !== undefined) return found;
    const corrigible = word.length >= MIN_LETTERS && PLAIN_WORD.test(word) && glossWord(word, false) === undefined && !this.knows(word);
    found = corrigible ? this.search(word) : null;
    if (this.memo.size >= MEMO_SIZE) this.memo.clear();
    this.memo.set(word, found);
    return found;
  }

  /** A word in capitals is only shrunk ("SOOOO" is "so"): names are often written so ("BRIAN WAS GREAT"). */
  shrink(word: string): Correction | null {
    return PLAIN_WORD.test(word) && !this.knows(word) ? this.unstretch(word) : null;
  }

  private search(word: string): Correction | null {
    const shrunk = this.unstretch(word);
    if (shrunk !== null || word.length < MIN_EDITED_LETTERS || this.abbreviates(word)) return shrunk;
    let best: string | null = null;
    let bestRank = Infinity;
    const consider = (candidate: string) => {
      const found = this.words.get(candidate);
      if (found !== undefined && found.target && found.rank < bestRank) [best, bestRank] = [candidate, found.rank];
    };
    // The first letter stays, or swaps with the second: people seldom slip on it (Pollock and Zamora, CACM 1984),
    // and a word with another first letter is more often another word ("gable", "table").
    consider(word[1]! + word[0]! + word.slice(2));
    for (let i = 1; i <= word.length; i += 1) {
      const before = word.slice(0, i);
      if (i < word.length) consider(before + word.slice(i + 1));
      if (i < word.length - 1) consider(before + word[i + 1]! + word[i]! + word.slice(i + 2));
      for (const letter of LETTERS) {
        if (i < word.length) consider(before + letter + word.slice(i + 1));
        consider(before + letter + word.slice(i));
      }
    }
    return best === null ? null : this.entry(best);
  }

  /** A run of three or more of one letter, shortened to two and then to one: the first form the list may give. */
  private unstretch(word: string): Correction | null {
    if (!/(.)\1\1/.test(word)) return null;
    for (const form of [word.replace(/(.)\1{2,}/g, "$1$1"), word.replace(/(.)\1{2,}/g, "$1")])
      if (this.words.get(form)?.target === true) return this.entry(form);
    return null;
  }

  private entry(word: string): Correction {
    return { norm: word, lemma: this.words.get(word)!.lemma };
  }
}

/**
 * The token's correction, or null: a word of MIN_LETTERS or more, never one with a capital first letter (a name, even
 * opening a sentence), except that a word in capitals may be shrunk (SpellingList checks the rest).
 */
function correctionOf(token: Token, spelling: SpellingList): Correction | null {
  if (token.isPunct || token.lower.length < MIN_LETTERS) return null;
  if (!/^[A-Z]/.test(token.text)) return spelling.correct(token.lower);
  return token.text === token.text.toUpperCase() ? spelling.shrink(token.lower) : null;
}

/** At least half the sentence's words are known: it reads as English, not another language. */
function readsAsEnglish(sentence: Sentence, spelling: SpellingList): boolean {
  let words = 0;
  let known = 0;
  for (const token of sentence.tokens) {
    if (token.isPunct) continue;
    words += 1;
    if (spelling.knows(token.lower)) known += 1;
  }
  return known * 2 >= words;
}

/** The review's sentences with their misspelt words read as the list's words: a sentence without one as it was, and `sentences` itself when none has one. */
export function glossSpelling(sentences: readonly Sentence[], spelling: SpellingList): readonly Sentence[] {
  const fixes = sentences.map((sentence) => sentence.tokens.map((token) => correctionOf(token, spelling)));
  if (fixes.every((row) => row.every((fix) => fix === null))) return sentences;
  const spanish = spanishSentences(sentences);
  return sentences.map((sentence, s) => {
    if (spanish[s] || fixes[s]!.every((fix) => fix === null) || !readsAsEnglish(sentence, spelling)) return sentence;
    const tokens = sentence.tokens.map((token, i) => {
      const fix = fixes[s]![i];
      if (fix === null || fix === undefined) return token;
      // A word object of its own, describing the corrected token: the pattern matcher caches on it (match-patterns.ts).
      const word: TokenWord = { ...token.word, norm: fix.norm, lemma: fix.lemma, patternForms: null, patternWords: 0, patternTests: [] };
      return { ...token, norm: fix.norm, lemma: fix.lemma, word };
    });
    return { ...sentence, tokens };
  });
}

/** The spelling list of some review texts: words of at least MIN_REVIEWS reviews, most reviews first, each with its commonest lemma. */
export function buildSpellingList(documents: readonly (readonly Sentence[])[]): SpellingList {
  const reviews = new Map<string, number>();
  const lemmas = new Map<string, Map<string, number>>();
  for (const sentences of documents) {
    const seen = new Set<string>();
    for (const sentence of sentences)
      for (const token of sentence.tokens) {
        if (token.isPunct || !PLAIN_WORD.test(token.lower)) continue;
        seen.add(token.lower);
        const counts = lemmas.get(token.lower) ?? new Map<string, number>();
        counts.set(token.lemma, (counts.get(token.lemma) ?? 0) + 1);
        lemmas.set(token.lower, counts);
      }
    for (const word of seen) reviews.set(word, (reviews.get(word) ?? 0) + 1);
  }
  const byCount = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const entries = [...reviews]
    .filter(([, count]) => count >= MIN_REVIEWS)
    .sort(byCount)
    .map(([word]) => {
      const [lemma] = [...lemmas.get(word)!].sort(byCount)[0]!;
      return lemma === word || lemma.includes(" ") ? word : `${word} ${lemma}`;
    });
  return new SpellingList(entries);
}
