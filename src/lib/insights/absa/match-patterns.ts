import type { Token } from "../nlp/read-text.ts";
import type { CompiledPattern, PatternIndex } from "./compile-patterns.ts";

export { compilePatterns, type CompiledPattern, type PatternIndex } from "./compile-patterns.ts";
export { isClauseBreak, type TokenTest } from "./parse-pattern.ts";

export interface PatternMatch<T> {
  start: number;
  /** Exclusive end token index. */
  end: number;
  data: T;
  order: number;
}

/** The longest match of a compiled pattern starting at token `i` (exclusive end), or -1. */
function matchLongest(pattern: CompiledPattern<unknown>, tokens: readonly Token[], i: number): number {
  const { tests, closures, targets } = pattern;
  let current = closures[pattern.start]!;
  let best = current.includes(0) ? i : -1;
  for (let j = i; j < tokens.length && current.length > 0; j += 1) {
    const token = tokens[j]!;
    let next: number[] | null = null;
    let shared = false;
    for (const state of current) {
      const test = tests[state];
      if (!test || !test(token)) continue;
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

/** Where each word form (normal form, lemma, lower-case text) occurs in a token list. */
export type WordPositions = ReadonlyMap<string, readonly number[]>;

export function indexPositions(tokens: readonly Token[]): WordPositions {
  const positions = new Map<string, number[]>();
  const note = (key: string, i: number) => {
    const list = positions.get(key);
    if (list === undefined) positions.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  tokens.forEach((token, i) => {
    note(token.norm, i);
    note(token.lemma, i);
    note(token.lower, i);
  });
  return positions;
}

/**
 * Every match of every pattern in the token list (overlapping matches
 * included). Only patterns whose anchor word occurs in the tokens are tried,
 * and only where one of their first words is.
 */
export function findAllMatches<T>(index: PatternIndex<T>, tokens: readonly Token[], positions: WordPositions = indexPositions(tokens)): PatternMatch<T>[] {
  const stamp = (stampCounter += 1);
  const viable: CompiledPattern<T>[] = [];
  const consider = (list: readonly CompiledPattern<T>[] | undefined) => {
    if (list)
      for (const pattern of list)
        if (pattern.stamp !== stamp) {
          pattern.stamp = stamp;
          viable.push(pattern);
        }
  };
  consider(index.unanchored);
  for (const key of positions.keys()) consider(index.byAnchor.get(key));
  const found: PatternMatch<T>[] = [];
  const tryAt = (pattern: CompiledPattern<T>, i: number) => {
    const end = matchLongest(pattern, tokens, i);
    if (end > i) found.push({ start: i, end, data: pattern.data, order: pattern.order });
  };
  for (const pattern of viable) {
    if (pattern.firstWords === null) {
      for (let i = 0; i < tokens.length; i += 1) if (!tokens[i]!.isPunct || tokens[i]!.text === "$") tryAt(pattern, i);
      continue;
    }
    const starts: number[] = [];
    for (const word of pattern.firstWords) {
      const at = positions.get(word);
      if (at) for (const i of at) if (!starts.includes(i)) starts.push(i);
    }
    for (const i of starts) tryAt(pattern, i);
  }
  return found;
}

/** Keeps the longest non-overlapping matches (ties: earlier start, then earlier pattern). */
export function selectLongestMatches<T>(matches: readonly PatternMatch<T>[]): PatternMatch<T>[] {
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
