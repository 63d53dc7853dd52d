import {
  createSlotMatcher,
  findAnchor,
  firstWords,
  GAP,
  isClauseBreak,
  parseSequence,
  registerWord,
  type Element,
  type SlotMatcher,
  type TokenTest,
} from "./parse-pattern.ts";

/** A pattern compiled to a small NFA: state 0 accepts; a state either tests one token or branches (epsilon). */
interface NfaState {
  test: SlotMatcher | null;
  next: number[];
}

export interface CompiledPattern<T> {
  /** Token tests by state (null: branch or accept). */
  tests: Array<SlotMatcher | null>;
  /** For each state: the states reachable without consuming a token that test a token or accept (0). */
  closures: number[][];
  /** For each testing state, the state it moves to. */
  targets: number[];
  start: number;
  data: T;
  order: number;
  stamp: number;
  /** Words of which at least one must occur in the sentence for the pattern to match (null: no such slot). */
  anchor: string[] | null;
  /** Words the pattern can start with (null: a class, number or gap can start it). */
  firstWords: ReadonlySet<string> | null;
  /** The same words by number (findWordId), in the same order. */
  firstIds: Int32Array | null;
  /**
   * The same NFA as bit sets, when it has at most 31 testing states: bit 0
   * accepts, bit b > 0 tests `bitTests[b]` and on success moves to the states
   * in `bitNext[b]`; `startMask` is where matching begins. Null otherwise.
   */
  bits: { startMask: number; bitTests: SlotMatcher[]; bitNext: Int32Array } | null;
  /** The slot, when the pattern is exactly one required slot ("great", "@staff"): it matches one token, the one that fills it. */
  single: SlotMatcher | null;
}

export interface PatternIndex<T> {
  /** Patterns by their anchor words: a pattern is only tried in sentences that contain one of them. */
  byAnchor: Map<string, CompiledPattern<T>[]>;
  /** Patterns with no literal word to anchor on (tried everywhere). */
  unanchored: CompiledPattern<T>[];
  /** byAnchor by word number (findWordId). */
  byAnchorId: Array<CompiledPattern<T>[] | undefined>;
}

const isGapToken: TokenTest = (t) => !isClauseBreak(t) && t.norm !== "and";
const GAP_TOKEN = createSlotMatcher([], [isGapToken], null);

/** Thompson construction, built back to front: returns the start state of `elements` followed by `out`. */
function buildSequence(states: NfaState[], elements: readonly Element[], out: number): number {
  let current = out;
  for (let e = elements.length - 1; e >= 0; e -= 1) current = buildElement(states, elements[e]!, current);
  return current;
}

function addState(states: NfaState[], test: SlotMatcher | null, next: number[]): number {
  states.push({ test, next });
  return states.length - 1;
}

function buildElement(states: NfaState[], element: Element, out: number): number {
  if (element.kind === "slot") {
    const slot = addState(states, element.matcher, [out]);
    return element.optional ? addState(states, null, [slot, out]) : slot;
  }
  if (element.kind === "gap") {
    let current = out;
    for (let k = 0; k < GAP; k += 1) current = addState(states, null, [out, addState(states, GAP_TOKEN, [current])]);
    return current;
  }
  const starts = element.options.map((option) => buildSequence(states, option, out));
  return addState(states, null, element.optional ? [...starts, out] : starts);
}

export function compilePatterns<T>(entries: ReadonlyArray<{ pattern: string; data: T }>, classes: ReadonlyMap<string, TokenTest>): PatternIndex<T> {
  const index: PatternIndex<T> = { byAnchor: new Map(), unanchored: [], byAnchorId: [] };
  entries.forEach(({ pattern, data }, order) => {
    const elements = parseSequence(pattern.trim(), classes);
    const states: NfaState[] = [{ test: null, next: [] }];
    const start = buildSequence(states, elements, 0);
    const closures = states.map((_, state) => {
      const reach = new Set<number>();
      closeOver(states, state, reach);
      return [...reach].filter((r) => r === 0 || states[r]!.test !== null);
    });
    const first = firstWords(elements);
    const compiled: CompiledPattern<T> = {
      tests: states.map((state) => state.test),
      closures,
      targets: states.map((state) => (state.test === null ? -1 : state.next[0]!)),
      start,
      data,
      order,
      stamp: -1,
      anchor: findAnchor(elements),
      firstWords: first.empty || first.words === null ? null : new Set(first.words),
      firstIds: null,
      bits: toBits(states, closures, start),
      single: null,
    };
    const bits = compiled.bits;
    for (let bit = 1; bits !== null && bit < bits.bitTests.length; bit += 1)
      if (bits.startMask === 1 << bit && bits.bitNext[bit] === 1) compiled.single = bits.bitTests[bit]!;
    if (compiled.firstWords !== null) compiled.firstIds = Int32Array.from([...compiled.firstWords].map(registerWord));
    if (compiled.anchor === null) index.unanchored.push(compiled);
    else
      for (const word of new Set(compiled.anchor)) {
        const list = index.byAnchor.get(word) ?? [];
        list.push(compiled);
        index.byAnchor.set(word, list);
        index.byAnchorId[registerWord(word)] = list;
      }
  });
  return index;
}

/** The NFA as bit sets (CompiledPattern.bits), or null when its testing states do not fit in 31 bits. */
function toBits(states: readonly NfaState[], closures: readonly number[][], start: number): CompiledPattern<unknown>["bits"] {
  const bitOf = new Map<number, number>([[0, 0]]);
  const bitTests: SlotMatcher[] = [GAP_TOKEN];
  states.forEach((state, index) => {
    if (state.test === null) return;
    bitOf.set(index, bitTests.length);
    bitTests.push(state.test);
  });
  if (bitTests.length > 31) return null;
  const mask = (closure: readonly number[]) => closure.reduce((m, state) => m | (1 << bitOf.get(state)!), 0);
  const bitNext = new Int32Array(bitTests.length);
  states.forEach((state, index) => {
    if (state.test !== null) bitNext[bitOf.get(index)!] = mask(closures[state.next[0]!]!);
  });
  return { startMask: mask(closures[start]!), bitTests, bitNext };
}

/** Adds `state` and everything reachable from it without consuming a token. */
function closeOver(states: readonly NfaState[], state: number, into: Set<number>): void {
  if (into.has(state)) return;
  into.add(state);
  const node = states[state]!;
  if (node.test === null) for (const next of node.next) closeOver(states, next, into);
}
