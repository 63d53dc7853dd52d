import { hasOwnWord, type Token } from "../nlp/read-text.ts";
import type { CompiledPattern, PatternIndex } from "./compile-patterns.ts";

export { compilePatterns, type CompiledPattern, type PatternIndex } from "./compile-patterns.ts";
export { isClauseBreak, type TokenTest } from "./parse-pattern.ts";
import { countWords, findWordId, matchSlot, type TokenForms } from "./parse-pattern.ts";

export interface PatternMatch<T> {
  start: number;
  /** Exclusive end token index. */
  end: number;
  data: T;
  order: number;
}

/** The longest match of a compiled pattern starting at token `i` (exclusive end), or -1. */
function matchLongest(pattern: CompiledPattern<unknown>, tokens: readonly Token[], forms: WordPositions["forms"], i: number): number {
  const bits = pattern.bits;
  if (bits === null) return matchLongestSlow(pattern, tokens, forms, i);
  const { bitTests, bitNext } = bits;
  let current = bits.startMask;
  let best = (current & 1) !== 0 ? i : -1;
  for (let j = i; j < tokens.length; j += 1) {
    const token = tokens[j]!;
    let next = 0;
    // Bit 0 accepts; every other bit tests the token.
    let pending = current & ~1;
    while (pending !== 0) {
      const low = pending & -pending;
      pending ^= low;
      const bit = 31 - Math.clz32(low);
      if (matchSlot(bitTests[bit]!, token, forms[j]!)) next |= bitNext[bit]!;
    }
    if (next === 0) break;
    current = next;
    if ((current & 1) !== 0) best = j + 1;
  }
  return best;
}

/** matchLongest for an NFA too large for bit sets. */
function matchLongestSlow(pattern: CompiledPattern<unknown>, tokens: readonly Token[], forms: WordPositions["forms"], i: number): number {
  const { tests, closures, targets } = pattern;
  let current = closures[pattern.start]!;
  let best = current.includes(0) ? i : -1;
  for (let j = i; j < tokens.length && current.length > 0; j += 1) {
    const token = tokens[j]!;
    let next: number[] | null = null;
    let shared = false;
    for (const state of current) {
      const test = tests[state];
      if (!test || !matchSlot(test, token, forms[j]!)) continue;
      const reach = closures[targets[state]!]!;
      if (next === null) {
        next = reach;
        shared = true;
      } else {
        if (shared) {
          next = [...next];
          shared = false;
        }
        for (const r of reach) if (!next.includes(r)) next.push(r);
      }
    }
    if (next === null) break;
    current = next;
    if (current.includes(0)) best = j + 1;
  }
  return best;
}

let stampCounter = 0;

/**
 * The pattern words in a token list: each token's numbered forms (normal
 * form, lemma, lower-case text; findWordId), and where each numbered word
 * occurs, words in order of first occurrence.
 */
export interface WordPositions {
  /** Per token: its distinct numbered forms and test results. */
  readonly forms: readonly TokenForms[];
  /** Numbered words of the tokens, in order of first occurrence. */
  readonly ids: readonly number[];
  /** Positions of each of `ids`, ascending. */
  readonly lists: ReadonlyArray<readonly number[]>;
  /** How many words were numbered when this was built. */
  readonly known: number;
}

/**
 * What the matcher knows of a token: its numbered forms (normal form, lemma,
 * lower-case text; each form once) and its test results, kept on its word
 * object, or, for a token made by hand whose word object does not describe
 * it, for this sentence only.
 */
function readToken(token: Token, known: number): TokenForms {
  if (!hasOwnWord(token)) return { patternForms: numberForms(token), patternTests: [] };
  const word = token.word;
  if (word.patternForms === null || word.patternWords !== known) {
    word.patternForms = numberForms(token);
    word.patternWords = known;
  }
  return word;
}

function numberForms({ norm, lemma, lower }: Token): number[] {
  const ids: number[] = [];
  const note = (form: string) => {
    const id = findWordId(form);
    if (id !== undefined) ids.push(id);
  };
  note(norm);
  if (lemma !== norm) note(lemma);
  if (lower !== norm && lower !== lemma) note(lower);
  return ids;
}

export function indexPositions(tokens: readonly Token[]): WordPositions {
  const forms: TokenForms[] = [];
  const ids: number[] = [];
  const lists: number[][] = [];
  const known = countWords();
  const generation = claimScratch(known);
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const read = readToken(token, known);
    forms.push(read);
    const here = read.patternForms!;
    for (let k = 0; k < here.length; k += 1) {
      const id = here[k]!;
      if (scratchStamp[id] !== generation) {
        scratchStamp[id] = generation;
        scratchSlot[id] = ids.length;
        ids.push(id);
        lists.push([i]);
      } else lists[scratchSlot[id]!]!.push(i);
    }
  }
  scratchOwner = { ids, known };
  return { forms, ids, lists, known };
}

/** Scratch arrays by word number: the generation that last saw the word and its place in `ids`. */
let scratchStamp = new Int32Array(0);
let scratchSlot = new Int32Array(0);
let scratchGeneration = 0;
let scratchOwner: { ids: readonly number[]; known: number } | null = null;

function claimScratch(known: number): number {
  if (scratchStamp.length < known) {
    scratchStamp = new Int32Array(known * 2);
    scratchSlot = new Int32Array(known * 2);
  }
  scratchOwner = null;
  return (scratchGeneration += 1);
}

/** Points the scratch arrays at `positions` (they hold the last token list indexed, usually this one). */
function useScratch(positions: WordPositions): number {
  if (scratchOwner !== null && scratchOwner.ids === positions.ids) return scratchGeneration;
  const generation = claimScratch(positions.known);
  positions.ids.forEach((id, k) => {
    scratchStamp[id] = generation;
    scratchSlot[id] = k;
  });
  scratchOwner = { ids: positions.ids, known: positions.known };
  return generation;
}

/**
 * Every match of every pattern in the token list (overlapping matches
 * included). Only patterns whose anchor word occurs in the tokens are tried,
 * and only where one of their first words is.
 */
export function findAllMatches<T>(index: PatternIndex<T>, tokens: readonly Token[], positions: WordPositions = indexPositions(tokens)): PatternMatch<T>[] {
  // Words numbered since the positions were built (another lexicon compiled) would be missed: index again.
  if (positions.known !== countWords()) positions = indexPositions(tokens);
  const generation = useScratch(positions);
  const { forms, ids, lists } = positions;
  const stamp = (stampCounter += 1);
  // The patterns to try: unanchored ones, then those anchored on each word of the sentence, in order of first occurrence.
  const viable = viableScratch as CompiledPattern<T>[];
  viable.length = 0;
  for (let k = -1; k < ids.length; k += 1) {
    const list = k < 0 ? index.unanchored : index.byAnchorId[ids[k]!];
    if (list !== undefined)
      for (let p = 0; p < list.length; p += 1) {
        const pattern = list[p]!;
        if (pattern.stamp !== stamp) {
          pattern.stamp = stamp;
          viable.push(pattern);
        }
      }
  }
  const found: PatternMatch<T>[] = [];
  for (let p = 0; p < viable.length; p += 1) {
    const pattern = viable[p]!;
    const firstIds = pattern.firstIds;
    const single = pattern.single;
    if (firstIds === null) {
      for (let i = 0; i < tokens.length; i += 1)
        if (!tokens[i]!.isPunct || tokens[i]!.text === "$") {
          const end = single !== null ? (matchSlot(single, tokens[i]!, forms[i]!) ? i + 1 : -1) : matchLongest(pattern, tokens, forms, i);
          if (end > i) found.push({ start: i, end, data: pattern.data, order: pattern.order });
        }
      continue;
    }
    // Positions of the first words in the sentence, in the order of the pattern's first words (each position once).
    let only: readonly number[] | null = null;
    let starts: number[] | null = null;
    for (let w = 0; w < firstIds.length; w += 1) {
      const id = firstIds[w]!;
      if (scratchStamp[id] !== generation) continue;
      const at = lists[scratchSlot[id]!]!;
      if (only === null) only = at;
      else {
        starts ??= [...only];
        for (const i of at) if (!starts.includes(i)) starts.push(i);
      }
    }
    const tried = starts ?? only;
    if (tried !== null)
      for (let k = 0; k < tried.length; k += 1) {
        const i = tried[k]!;
        const end = single !== null ? (matchSlot(single, tokens[i]!, forms[i]!) ? i + 1 : -1) : matchLongest(pattern, tokens, forms, i);
        if (end > i) found.push({ start: i, end, data: pattern.data, order: pattern.order });
      }
  }
  viable.length = 0;
  return found;
}

/** Reused by findAllMatches for its list of patterns to try (emptied after each call). */
const viableScratch: Array<CompiledPattern<unknown>> = [];

/** Keeps the longest non-overlapping matches (ties: earlier start, then earlier pattern). */
export function selectLongestMatches<T>(matches: readonly PatternMatch<T>[]): PatternMatch<T>[] {
  if (matches.length <= 1) return [...matches];
  const sorted = [...matches].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || a.order - b.order);
  const taken: boolean[] = [];
  const kept: PatternMatch<T>[] = [];
  for (const match of sorted) {
    let free = true;
    for (let i = match.start; i < match.end; i += 1) if (taken[i]) free = false;
    if (!free) continue;
    for (let i = match.start; i < match.end; i += 1) taken[i] = true;
    kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start || a.order - b.order);
}
