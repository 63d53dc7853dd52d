import type { Token } from "../nlp/read-text.ts";
import type { CueData } from "../lexicon/cue-types.ts";
import { findAllMatches, selectLongestMatches, type PatternIndex, type PatternMatch, type WordPositions } from "./match-patterns.ts";

export type CueMatch = PatternMatch<CueData>;

function overlaps(a: CueMatch, b: CueMatch): boolean {
  return a.start < b.end && b.start < a.end;
}

function contains(outer: CueMatch, inner: CueMatch): boolean {
  return outer.start <= inner.start && inner.end <= outer.end && outer.end - outer.start > inner.end - inner.start;
}

/**
 * Picks the cue matches of a sentence. Blocks (other senses, such as "late
 * husband" or "clean freak") win over any cue they overlap, unless the cue
 * strictly contains the block ("worked around my schedule" contains "my
 * schedule"). Among the rest the longest match wins. The blocks that took
 * effect are pushed onto `blocks` when it is given.
 */
export function selectCues(index: PatternIndex<CueData>, tokens: readonly Token[], positions: WordPositions, blocks?: CueMatch[]): CueMatch[] {
  const all = findAllMatches(index, tokens, positions);
  if (all.length === 0) return [];
  if (!all.some((m) => m.data.kind === "block")) {
    // The same steps with no blocks: nothing is set aside.
    const opinions = selectLongestMatches(all.filter((m) => m.data.kind !== "target"));
    const targets = selectLongestMatches(all.filter((m) => m.data.kind === "target")).filter((t) => !opinions.some((o) => overlaps(o, t)));
    return [...opinions, ...targets].sort((a, b) => a.start - b.start || a.order - b.order);
  }
  const candidates = selectLongestMatches(all.filter((m) => m.data.kind === "block"));
  const others = all.filter((m) => m.data.kind !== "block");
  const liveBlocks = candidates.filter((block) => !others.some((cue) => contains(cue, block)));
  const survivors = others.filter((cue) => !liveBlocks.some((block) => overlaps(cue, block) && !contains(cue, block)));
  // Opinions first; targets ("the price", "the work") only fill the gaps they leave.
  const opinions = selectLongestMatches([...survivors.filter((m) => m.data.kind !== "target"), ...liveBlocks]);
  if (blocks) for (const m of opinions) if (m.data.kind === "block") blocks.push(m);
  const targets = selectLongestMatches(survivors.filter((m) => m.data.kind === "target")).filter((t) => !opinions.some((o) => overlaps(o, t)));
  return [...opinions, ...targets].filter((m) => m.data.kind !== "block").sort((a, b) => a.start - b.start || a.order - b.order);
}
