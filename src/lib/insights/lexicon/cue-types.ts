import type { Aspect } from "../../schema/review.ts";

/**
 * `cue`: an aspect term with its own polarity ("on time"). `target`: an aspect
 * term with none ("price"), taking the nearest opinion word's. `opinion`: a
 * general evaluation ("great") that defaults to `aspect` with no target in
 * its clause (null: generic, dropped). `block`: another sense of an aspect
 * word ("time flies"), consuming its tokens.
 */
export type CueKind = "cue" | "target" | "opinion" | "block";

export type Polarity = -1 | 0 | 1;

export interface CueData {
  kind: CueKind;
  aspect: Aspect | null;
  polarity: Polarity;
  weight: number;
  /** A second aspect the same words judge: "a scam" is professionalism and price_value. */
  also?: Aspect;
}

export interface LexiconEntry {
  pattern: string;
  data: CueData;
}

/** Patterns may end in `^0.6` to set a weight below the default of 1. */
function parseWeight(source: string, fallback: number): { pattern: string; weight: number } {
  const match = /\s*\^([\d.]+)$/.exec(source);
  return match ? { pattern: source.slice(0, match.index), weight: Number(match[1]) } : { pattern: source, weight: fallback };
}

export interface CueGroups {
  positive?: readonly string[];
  negative?: readonly string[];
  target?: readonly string[];
  block?: readonly string[];
}

/** Expands grouped pattern lists into lexicon entries for one aspect (null for generic opinions). */
export function defineCues(aspect: Aspect | null, groups: CueGroups, extra: Partial<CueData> = {}): LexiconEntry[] {
  const entries: LexiconEntry[] = [];
  const add = (list: readonly string[] | undefined, kind: CueKind, polarity: Polarity) => {
    for (const source of list ?? []) {
      const { pattern, weight } = parseWeight(source, 1);
      entries.push({ pattern, data: { kind, aspect, polarity, weight, ...extra } });
    }
  };
  const opinionKind: CueKind = aspect === null ? "opinion" : "cue";
  add(groups.positive, opinionKind, 1);
  add(groups.negative, opinionKind, -1);
  add(groups.target, "target", 0);
  add(groups.block, "block", 0);
  return entries;
}

/** General opinion words that default to `aspect` when no target is in reach. */
export function defineOpinions(aspect: Aspect | null, groups: Pick<CueGroups, "positive" | "negative">): LexiconEntry[] {
  return defineCues(null, groups).map((entry) => ({ ...entry, data: { ...entry.data, aspect } }));
}
