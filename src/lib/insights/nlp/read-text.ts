import { createRequire } from "node:module";
import type { default as WinkNLP, ItemToken, ItsFunction, PartOfSpeech, WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";

/** One token with its exact character span in the source text. */
export interface Token {
  /** Verbatim token text. */
  text: string;
  /** Lower-cased normal form ("n't" becomes "not", "wo" becomes "will"). */
  norm: string;
  /** Lower-cased text as written (wink's normal form also fixes spelling: "cancellation" becomes "cancelation"). */
  lower: string;
  lemma: string;
  pos: PartOfSpeech;
  start: number;
  end: number;
  /** wink-nlp's negation flag (token inside the scope of a "not"/"never"/"no"). */
  negated: boolean;
  isPunct: boolean;
  /** Token starts a new line in the source (paragraph or line break before it). */
  lineStart: boolean;
  /** Shared by every token with the same text, normal form, lemma and tag. */
  word: TokenWord;
}

/**
 * A word as tokens carry it, with its tag: everything about a token but its
 * place and flags (`start`, `end`, `negated`, `lineStart`). One object per
 * distinct word and tag, shared by all its tokens in every document: a place
 * to cache what depends on the word alone.
 */
export interface TokenWord {
  readonly text: string;
  readonly norm: string;
  readonly lemma: string;
  readonly lower: string;
  readonly pos: PartOfSpeech;
  readonly isPunct: boolean;
  /** The word's forms numbered by the pattern matcher (match-patterns.ts), and how many words were numbered then. */
  patternForms: readonly number[] | null;
  patternWords: number;
  /** Results of the pattern matcher's token tests on this word, by test number (0 unknown, 1 fails, 2 passes). */
  patternTests: number[];
}

/**
 * Whether the token's shared word object describes it (every word field the
 * same): true for every token readSentences makes; a token made by hand may
 * carry another word's object, or none, and must not use its caches.
 */
export function hasOwnWord(token: Token): boolean {
  const word = token.word as TokenWord | undefined;
  return (
    word !== undefined &&
    word.text === token.text &&
    word.norm === token.norm &&
    word.lemma === token.lemma &&
    word.lower === token.lower &&
    word.pos === token.pos &&
    word.isPunct === token.isPunct
  );
}

export interface Sentence {
  index: number;
  /** Sentence text, sliced verbatim from the source. */
  text: string;
  start: number;
  end: number;
  tokens: Token[];
}

let nlp: WinkMethods | null = null;
/** The history-free cache of that instance, set as createHistoryFreeWink makes it: it answers for wink's own lexicon only. */
let lexicon: WinkCache | null = null;

/** The part of wink-nlp's lexicon cache (src/cache.js) that its tokenizer consults. */
interface WinkCache {
  lookup: (text: string) => number[] | null;
  add: (text: string, category: number) => number;
  intrinsicSize: () => number;
}
/** wink's cache factory; once wrapped, `made` counts the caches it has made and `last` is the latest. */
type WinkCacheFactory = ((...args: unknown[]) => WinkCache) & { made?: number; last?: WinkCache };

/**
 * wink-nlp whose tokenizer reads a text the same way whatever it read before:
 * wink caches every new word and then keeps such a word whole ("year's,"), so
 * one review could change how another was tokenized. The cache here answers
 * the tokenizer for the model's own lexicon only. wink keeps the cache
 * private, so its factory is wrapped before wink-nlp loads (only this module
 * loads it).
 */
function createHistoryFreeWink(): typeof WinkNLP {
  const require = createRequire(import.meta.url);
  const cachePath = require.resolve("wink-nlp/src/cache.js");
  const factory = require(cachePath) as WinkCacheFactory;
  // Wrapped once per process: a module graph evaluated again (a test runner's isolation) finds it wrapped.
  if (factory.made === undefined) {
    const wrapped: WinkCacheFactory = (...args) => {
      const cache = factory(...args);
      const { lookup, add } = cache;
      const intrinsic = cache.intrinsicSize();
      let adding = false;
      cache.add = (text, category) => {
        adding = true;
        try {
          return add(text, category);
        } finally {
          adding = false;
        }
      };
      cache.lookup = (text) => {
        const found = lookup(text);
        return adding || found === null || found.length !== 1 || found[0]! < intrinsic ? found : null;
      };
      wrapped.made! += 1;
      wrapped.last = cache;
      return cache;
    };
    wrapped.made = 0;
    require.cache[cachePath]!.exports = wrapped;
  }
  const winkNLP = require("wink-nlp") as typeof WinkNLP;
  return (...args) => {
    const wrapped = require(cachePath) as WinkCacheFactory;
    const before = wrapped.made;
    const instance = winkNLP(...args);
    if (before === undefined || wrapped.made === before) throw new Error("wink-nlp was loaded before read-text.ts could make its tokenizer history-free");
    lexicon = wrapped.last!;
    return instance;
  };
}

/** Loads the installed wink English model once, on first use (never downloads anything). */
function loadNlp(): WinkMethods {
  nlp ??= createHistoryFreeWink()(model, ["sbd", "negation", "pos"]);
  return nlp;
}

/** Whether wink's English lexicon (the model's own words, not one met in a text) holds `word` as written. */
export function inWinkLexicon(word: string): boolean {
  loadNlp();
  return lexicon!.lookup(word) !== null;
}

/** What wink's token stream says about one lexeme (by its unique id), the same in every document. */
interface Lexeme {
  value: string;
  lower: string;
  /** Lower-cased normal form of a token that is not part of a contraction (null until one is read). */
  norm: string | null;
  isPunct: boolean;
  /** A line break token ("tabCRLF") or only white space: dropped from the sentences. */
  blank: boolean;
  /** The blank token holds a line break. */
  breaks: boolean;
  /** The first part of speech seen and the word form under it (the common case, without the arrays below). */
  tag0: PartOfSpeech | null;
  word0: TokenWord | null;
  /** Parts of speech seen, and the word form (lower-cased lemma) under each (wink lemmatizes some words by their tag). */
  tags: PartOfSpeech[];
  words: TokenWord[];
  /** Forms of the lexeme as part of a contraction (normal form and lemma from the expansion). */
  contracted: TokenWord[];
}

function createWord(lexeme: Lexeme, norm: string, lemma: string, pos: PartOfSpeech): TokenWord {
  return {
    text: lexeme.value,
    norm,
    lemma,
    lower: lexeme.lower,
    pos,
    isPunct: lexeme.isPunct,
    patternForms: null,
    patternWords: 0,
    patternTests: [],
  };
}

/**
 * Lexemes by wink's unique id. A non-contraction token's value, type and
 * normal form depend on its id alone, and its lemma on its id and part of
 * speech, so they are read from wink once per lexeme rather than once per
 * token (wink's cache only grows, and never renumbers a lexeme).
 */
const lexemes = new Map<number, Lexeme>();
const MAX_LEXEMES = 200_000;

function readLexeme(item: ItemToken, type: string): Lexeme {
  const value = item.out();
  return {
    value,
    lower: value.toLowerCase(),
    norm: null,
    isPunct: type === "punctuation" || type === "emoticon" || type === "emoji",
    blank: type === "tabCRLF" || value.trim() === "",
    breaks: value.includes("\n") || value.includes("\r"),
    tag0: null,
    word0: null,
    tags: [],
    words: [],
    contracted: [],
  };
}

/**
 * Splits `text` into sentences of tokens with wink-nlp. Spans are computed from
 * wink's lossless token stream (value plus preceding spaces), so
 * `text.slice(sentence.start, sentence.end)` is always the sentence verbatim.
 */
export function readSentences(text: string): Sentence[] {
  const winkApi = loadNlp();
  const its = winkApi.its;
  const doc = winkApi.readDoc(text);
  const tokens = doc.tokens();
  const ids = tokens.out(its.uniqueId) as unknown as number[];
  const contracted = tokens.out(its.contractionFlag) as unknown as boolean[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const tags = tokens.out(its.pos) as PartOfSpeech[];
  const flags = tokens.out(its.negationFlag) as unknown as boolean[];
  // wink's typings declare its.lemma with an extra addons parameter; at run time it is an ordinary its function.
  const lemmaOf = its.lemma as unknown as ItsFunction<string>;

  const all: Array<Token | null> = [];
  let offset = 0;
  let afterBreak = true;
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i]!;
    let lexeme = lexemes.get(id);
    if (lexeme === undefined) {
      const item = tokens.itemAt(i);
      lexeme = readLexeme(item, item.out(its.type) as string);
      if (lexemes.size < MAX_LEXEMES) lexemes.set(id, lexeme);
    }
    const space = spaces[i] ?? "";
    const value = lexeme.value;
    const start = offset + space.length;
    const end = start + value.length;
    offset = end;
    // Line breaks arrive as their own "tabCRLF" tokens: drop them, remember the break.
    if (lexeme.blank) {
      all.push(null);
      afterBreak ||= lexeme.breaks;
      continue;
    }
    const pos = tags[i] ?? "X";
    let word: TokenWord | undefined;
    if (contracted[i] === true) {
      // A contraction's parts ("do" + "n't") take their normal form and lemma from the expansion, not the lexeme.
      const item = tokens.itemAt(i);
      const norm = ((item.out(its.normal) as string | undefined) ?? lexeme.value).toLowerCase();
      // wink has no lemma for some tokens: the normal form stands in, as it always has.
      const lemma = ((item.out(lemmaOf) as string | undefined) ?? norm).toLowerCase();
      word = lexeme.contracted.find((w) => w.norm === norm && w.lemma === lemma && w.pos === pos);
      if (word === undefined) lexeme.contracted.push((word = createWord(lexeme, norm, lemma, pos)));
    } else if (lexeme.tag0 === pos) word = lexeme.word0!;
    else {
      const seen = lexeme.tags.indexOf(pos);
      if (seen >= 0) word = lexeme.words[seen]!;
      else {
        const norm = (lexeme.norm ??= ((tokens.itemAt(i).out(its.normal) as string | undefined) ?? lexeme.value).toLowerCase());
        const read = ((tokens.itemAt(i).out(lemmaOf) as string | undefined) ?? norm).toLowerCase();
        // Tags that give the same lemma share its string.
        const lemma = lexeme.words.find((w) => w.lemma === read)?.lemma ?? read;
        word = createWord(lexeme, norm, lemma, pos);
        lexeme.tags.push(pos);
        lexeme.words.push(word);
        if (lexeme.tag0 === null) {
          lexeme.tag0 = pos;
          lexeme.word0 = word;
        }
      }
    }
    const lineStart = afterBreak || space.includes("\n");
    afterBreak = false;
    all.push({
      text: value,
      norm: word.norm,
      lower: word.lower,
      lemma: word.lemma,
      pos,
      start,
      end,
      negated: flags[i] === true,
      isPunct: lexeme.isPunct,
      lineStart,
      word,
    });
  }

  const sentences: Sentence[] = [];
  let cursor = 0;
  for (const [first, last] of doc.sentences().out(its.span) as unknown as Array<[number, number]>) {
    const end = Math.min(all.length, cursor + last - first + 1);
    // A sentence is split again at line breaks (wink keeps "10/10\nGreat" together).
    let part: Token[] = [];
    for (; cursor < end; cursor += 1) {
      const token = all[cursor];
      if (!token) continue;
      if (token.lineStart && part.length > 0) {
        pushSentence(text, part, sentences);
        part = [];
      }
      part.push(token);
    }
    if (part.length > 0) pushSentence(text, part, sentences);
  }
  return sentences;
}

function pushSentence(text: string, tokens: Token[], sentences: Sentence[]): void {
  const start = tokens[0]!.start;
  const end = tokens[tokens.length - 1]!.end;
  sentences.push({ index: sentences.length, text: text.slice(start, end), start, end, tokens });
}
