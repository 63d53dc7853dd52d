import type { Token } from "../nlp/read-text.ts";

/**
 * The lexicons' phrase-pattern language over tokens (`a|b`, `(a b)?`,
 * `word/ADJ`, `..`, `#num`, `#time`, `#money`, `@class`), described in
 * docs/insights.md, "The lexicon's pattern language".
 */
/**
 * A test of what a token is: its text, forms, tag and whether it is
 * punctuation, never where it is or its flags (`start`, `end`, `negated`,
 * `lineStart`). The matcher caches results per word and tag (Token.word).
 */
export type TokenTest = (token: Token) => boolean;

/** Token tests by number, so a word can keep their results in an array. */
const TEST_IDS = new Map<TokenTest, number>();

function numberTest(test: TokenTest): number {
  let id = TEST_IDS.get(test);
  if (id === undefined) TEST_IDS.set(test, (id = TEST_IDS.size));
  return id;
}

/**
 * Every literal word a pattern names, numbered on first sight. A sentence's
 * tokens are looked up here once (norm, lemma and lower-case text), so a slot
 * tests word numbers instead of looking each form up in its own set.
 */
const WORD_IDS = new Map<string, number>();

/** A word's number, given on first sight. */
export function registerWord(word: string): number {
  let id = WORD_IDS.get(word);
  if (id === undefined) WORD_IDS.set(word, (id = WORD_IDS.size));
  return id;
}

/** The number of a word some pattern names, or undefined. */
export function findWordId(word: string): number | undefined {
  return WORD_IDS.get(word);
}

/** How many words are numbered so far. */
export function countWords(): number {
  return WORD_IDS.size;
}

/**
 * What one slot accepts: a token whose part of speech is in `tags` (when
 * given) and either one of whose forms is a word in `ids`, or that passes one
 * of `tests` (word classes, numbers, any word).
 */
export interface SlotMatcher {
  /** The only word, when the slot accepts exactly one word and nothing else (-1 otherwise): checked without reading `ids`. */
  one: number;
  ids: Int32Array;
  /** The same words as a set, when there are many of them. */
  idSet: ReadonlySet<number> | null;
  tests: readonly TokenTest[];
  /** The tests' numbers (numberTest). */
  testIds: Int32Array;
  tags: ReadonlySet<string> | null;
}

/** Word ids up to this many are scanned; more go in a set. */
const SCAN = 8;

export function createSlotMatcher(words: Iterable<string>, tests: readonly TokenTest[], tags: ReadonlySet<string> | null): SlotMatcher {
  const ids = Int32Array.from([...words].map(registerWord));
  return {
    one: ids.length === 1 && tests.length === 0 ? ids[0]! : -1,
    ids,
    idSet: ids.length > SCAN ? new Set(ids) : null,
    tests,
    testIds: Int32Array.from(tests.map(numberTest)),
    tags,
  };
}

/** What the matcher knows of one token (its word object, see Token.word): its distinct numbered forms, and its test results. */
export interface TokenForms {
  patternForms: readonly number[] | null;
  /** Token test results by test number (0 unknown, 1 fails, 2 passes). */
  patternTests: number[];
}

/** Does the token fill the slot? */
export function matchSlot(slot: SlotMatcher, token: Token, known: TokenForms): boolean {
  if (slot.tags !== null && !slot.tags.has(token.pos)) return false;
  const here = known.patternForms!;
  const one = slot.one;
  if (one >= 0) {
    for (let k = 0; k < here.length; k += 1) if (here[k] === one) return true;
    return false;
  }
  const ids = slot.ids;
  if (ids.length > 0) {
    const set = slot.idSet;
    for (let k = 0; k < here.length; k += 1) {
      const form = here[k]!;
      if (set !== null) {
        if (set.has(form)) return true;
      } else for (let w = 0; w < ids.length; w += 1) if (ids[w] === form) return true;
    }
  }
  const tests = slot.tests;
  for (let k = 0; k < tests.length; k += 1) {
    const id = slot.testIds[k]!;
    let result = known.patternTests[id];
    if (result === undefined || result === 0) known.patternTests[id] = result = tests[k]!(token) ? 2 : 1;
    if (result === 2) return true;
  }
  return false;
}

export type Element =
  | { kind: "slot"; matcher: SlotMatcher; optional: boolean; words: string[] | null; key: string }
  | { kind: "gap" }
  | { kind: "group"; options: Element[][]; optional: boolean };

/** How many tokens a `..` gap may skip. */
export const GAP = 3;
const CLAUSE_WORDS = new Set(["but", "though", "although", "however", "because", "except", "whereas", "yet"]);

const NUMBER_WORDS = new Set([
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "fifteen",
  "twenty",
  "thirty",
  "forty",
  "forty-five",
  "fifty",
  "ninety",
  "a",
  "an",
  "few",
  "couple",
  "several",
  "half",
]);

const SPECIAL: Readonly<Record<string, TokenTest>> = {
  "#num": (t) => /\d/.test(t.text) || NUMBER_WORDS.has(t.norm),
  "#time": (t) => /^\d{1,2}(:\d\d)?(am|pm|a\.m\.|p\.m\.)?$/i.test(t.text) || t.norm === "noon",
  "#money": (t) => t.text === "$" || (t.text.charCodeAt(0) === 36 && /^\$\d/.test(t.text)),
  "*": (t) => !t.isPunct,
};

/** Punctuation that does not break a clause. */
const JOINING_PUNCTUATION = new Set(["-", "'", '"', "“", "”", "/"]);

export function isClauseBreak(token: Token): boolean {
  return (token.isPunct && !JOINING_PUNCTUATION.has(token.text)) || CLAUSE_WORDS.has(token.norm);
}

const HYPHENATED = /^[a-z]+(-[a-z]+)+$/i;

function compileSlot(source: string, classes: ReadonlyMap<string, TokenTest>, literal = false): Element {
  const optional = source.endsWith("?") && source.length > 1;
  const body = optional ? source.slice(0, -1) : source;
  const [choiceList, pos] = body.split("/") as [string, string | undefined];
  const choices = choiceList.split("|");
  // "double-booked|overbooked" becomes a group so the split form "double - booked" matches too.
  if (!literal && pos === undefined && choices.some((c) => HYPHENATED.test(c)))
    return {
      kind: "group",
      optional,
      options: choices.flatMap((c) => {
        const whole = [compileSlot(c, classes, true)];
        return HYPHENATED.test(c)
          ? [
              whole,
              c
                .split("-")
                .flatMap((part, i) => (i === 0 ? [compileSlot(part, classes, true)] : [compileSlot("-", classes, true), compileSlot(part, classes, true)])),
            ]
          : [whole];
      }),
    };
  const words = new Set<string>();
  const tests: TokenTest[] = [];
  for (const choice of choices) {
    const special = SPECIAL[choice];
    if (special) tests.push(special);
    else if (choice.startsWith("@") && choice.length > 1) {
      const test = classes.get(choice.slice(1));
      if (!test) throw new Error(`unknown word class ${choice}`);
      tests.push(test);
    } else words.add(choice);
  }
  const tags = pos === undefined ? null : new Set(pos.split(","));
  return { kind: "slot", matcher: createSlotMatcher(words, tests, tags), optional, words: tests.length === 0 ? [...words] : null, key: body };
}

/** Index of the ")" closing the "(" at `open`. */
function findClose(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === "(") depth += 1;
    else if (source[i] === ")" && --depth === 0) return i;
  }
  throw new Error(`unbalanced parentheses in pattern "${source}"`);
}

/** Splits on "|" outside parentheses. */
function splitOptions(source: string): string[] {
  const options: string[] = [];
  let depth = 0;
  let last = 0;
  for (let i = 0; i < source.length; i += 1) {
    if (source[i] === "(") depth += 1;
    else if (source[i] === ")") depth -= 1;
    else if (source[i] === "|" && depth === 0) {
      options.push(source.slice(last, i));
      last = i + 1;
    }
  }
  options.push(source.slice(last));
  return options;
}

/** "(dryer|stove|fireplace)": single-word options become one slot, so matching tests the token once. */
function mergeWordOptions(group: Extract<Element, { kind: "group" }>, classes: ReadonlyMap<string, TokenTest>): Element {
  const isPlainWord = (option: Element[]) => {
    const only = option[0];
    return option.length === 1 && only?.kind === "slot" && !only.optional && only.words !== null && !only.key.includes("/");
  };
  const plain = group.options.filter(isPlainWord);
  if (plain.length < 2) return group;
  const words = plain.flatMap((option) => (option[0] as { words: string[] }).words);
  const merged = compileSlot(words.join("|"), classes, true);
  const rest = group.options.filter((option) => !isPlainWord(option) && option.length > 0);
  if (rest.length === 0) return { ...merged, optional: group.optional } as Element;
  return { kind: "group", options: [[merged], ...rest], optional: group.optional };
}

export function parseSequence(source: string, classes: ReadonlyMap<string, TokenTest>): Element[] {
  const elements: Element[] = [];
  let i = 0;
  while (i < source.length) {
    if (source[i] === " ") {
      i += 1;
      continue;
    }
    if (source[i] === "(") {
      const close = findClose(source, i);
      const optional = source[close + 1] === "?";
      const options = splitOptions(source.slice(i + 1, close)).map((option) => parseSequence(option, classes));
      elements.push(mergeWordOptions({ kind: "group", options, optional: optional || options.some((o) => o.length === 0) }, classes));
      i = close + (optional ? 2 : 1);
      continue;
    }
    let end = source.indexOf(" ", i);
    if (end < 0) end = source.length;
    const word = source.slice(i, end);
    if (word === "..") elements.push({ kind: "gap" });
    else {
      elements.push(compileSlot(word, classes));
      // wink splits "$50" into "$" and "50": "#money" takes the number with it.
      if (word === "#money") elements.push(compileSlot("#num?", classes));
    }
    i = end;
  }
  return elements;
}

const COMMON = new Set(
  (
    "the a an to of and i it was is in on for my me us we they he she be at with that this not no up out back off get got did do does have had " +
    "has one what like time all so just very really more would could there here came come went go said told call called good great new them " +
    "his her their our your about after before when then than as by from if or but are were been being will can day"
  ).split(" "),
);

/** A required slot of literal words (one of them must be in the sentence), preferring rare words. */
export function findAnchor(elements: readonly Element[]): string[] | null {
  let best: string[] | null = null;
  let bestScore = Infinity;
  for (const element of elements) {
    let words: string[] | null = null;
    if (element.kind === "slot" && !element.optional) words = element.words;
    else if (element.kind === "group" && !element.optional) {
      const options = element.options.map(findAnchor);
      words = options.every((o) => o !== null) ? (options.flat() as string[]) : null;
    }
    if (!words || words.length === 0) continue;
    const score = words.filter((w) => COMMON.has(w)).length * 100 + words.length;
    if (score < bestScore) {
      best = words;
      bestScore = score;
    }
  }
  return best;
}

/** Words an element can start with, and whether it can match nothing; null words: anything (class, gap). */
function firstOf(element: Element): { words: string[] | null; empty: boolean } {
  if (element.kind === "gap") return { words: null, empty: true };
  if (element.kind === "slot") return { words: element.words, empty: element.optional };
  const words: string[] = [];
  let empty = element.optional;
  for (const option of element.options) {
    const first = firstWords(option);
    if (first.words === null) return { words: null, empty: true };
    words.push(...first.words);
    empty ||= first.empty;
  }
  return { words, empty };
}

/** Words a sequence must start with (looking through optional elements), or null when it can start with anything. */
export function firstWords(elements: readonly Element[]): { words: string[] | null; empty: boolean } {
  const words: string[] = [];
  for (const element of elements) {
    const first = firstOf(element);
    if (first.words === null) return { words: null, empty: true };
    words.push(...first.words);
    if (!first.empty) return { words, empty: false };
  }
  return { words, empty: true };
}
