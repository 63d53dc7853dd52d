import type { Keyphrase } from "./extract-keyphrases.ts";
import { CALENDAR_WORDS, GENERIC_NOUNS } from "./stopwords.ts";
import { compareText } from "./tokenize-words.ts";

/** A recurring theme: noun phrases that are near-duplicates or that keep occurring in the same reviews. */
export interface ThemeGroup {
  /** Strongest first. */
  members: Keyphrase[];
  docs: number[];
  score: number;
}

/** How many lexical groups take part in clustering (bounds the pairwise work on big corpora). */
const MAX_GROUPS = 60;
/** Near-duplicates merge when this share of the rarer one's reviews also hold the other. */
const MIN_CONTAINMENT = 0.5;
/** Two groups merge when their reviews overlap at least this much (Jaccard). */
const MIN_OVERLAP = 0.3;
/** A topic may not grow beyond this share of all reviews (it would stop being a theme). */
const MAX_SHARE = 0.4;

/** The words that carry meaning: generic nouns and calendar words do not make two phrases similar. */
function contentWords(phrase: Keyphrase): string[] {
  return phrase.words.filter((w) => !GENERIC_NOUNS.has(w) && !CALENDAR_WORDS.has(w));
}

/** Similar wording: the same head noun, or a shared content word ("stainless liner", "liner install"). */
function isSimilar(a: Keyphrase, b: Keyphrase): boolean {
  if (a.words[a.words.length - 1] === b.words[b.words.length - 1]) return true;
  const words = new Set(contentWords(a));
  return contentWords(b).some((w) => words.has(w));
}

/** Union of two ascending document lists. */
function union(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) out.push(b[j++]!);
    else {
      out.push(a[i++]!);
      j += 1;
    }
  }
  return out;
}

/** |a ∩ b| for ascending lists. */
function overlap(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (a[i]! < b[j]!) i += 1;
    else j += 1;
  }
  return shared;
}

function byScore(a: Keyphrase, b: Keyphrase): number {
  return b.score - a.score || compareText(a.key, b.key);
}

/** A theme ranks by its best phrase, plus a little for each further phrase (big clusters should not win on size alone). */
function rankScore(members: readonly Keyphrase[]): number {
  const scores = members.map((m) => m.score).sort((a, b) => b - a);
  return scores[0]! + 0.25 * scores.slice(1).reduce((sum, s) => sum + s, 0);
}

function addMember(group: ThemeGroup, phrase: Keyphrase): void {
  group.members.push(phrase);
  group.members.sort(byScore);
  group.docs = union(group.docs, phrase.docs);
  group.score = rankScore(group.members);
}

/**
 * Step 1: near-duplicates merge: similar wording ("dryer vent", "dryer vent
 * hood", "vent hood") and mostly the same reviews. Multi-word phrases go
 * first, so a single noun ("lint", "cap") joins the phrase that holds it
 * rather than the other way round.
 */
function mergeNearDuplicates(phrases: readonly Keyphrase[], cap: number): ThemeGroup[] {
  const groups: ThemeGroup[] = [];
  const ordered = [...phrases.filter((p) => p.words.length > 1), ...phrases.filter((p) => p.words.length === 1)];
  for (const phrase of ordered) {
    const home = groups.find((g) => {
      if (!g.members.some((m) => isSimilar(m, phrase))) return false;
      const shared = overlap(g.docs, phrase.docs);
      return shared / Math.min(g.docs.length, phrase.docs.length) >= MIN_CONTAINMENT && g.docs.length + phrase.docs.length - shared <= cap;
    });
    if (home) addMember(home, phrase);
    else groups.push({ members: [phrase], docs: [...phrase.docs], score: phrase.score });
  }
  return groups;
}

function byGroupScore(a: ThemeGroup, b: ThemeGroup): number {
  return b.score - a.score || compareText(a.members[0]!.key, b.members[0]!.key);
}

/**
 * Groups noun phrases into themes: near-duplicates first, then, among the
 * best-scored groups, agglomerative clustering by how much their reviews
 * overlap (creosote buildup, glazed creosote and chimney fire keep turning
 * up together), in at least `minShared` reviews. Strongest first; deterministic: ties break on the phrase key.
 */
export function groupThemes(phrases: readonly Keyphrase[], totalDocs: number, minShared: number): ThemeGroup[] {
  const cap = Math.max(3, Math.floor(totalDocs * MAX_SHARE));
  const groups = mergeNearDuplicates(phrases, cap).sort(byGroupScore).slice(0, MAX_GROUPS);
  // Pairwise overlaps, kept up to date as groups merge (only the merged row changes).
  const shared = groups.map((a) => groups.map((b) => overlap(a.docs, b.docs)));
  for (;;) {
    let best: { i: number; j: number; value: number } | null = null;
    for (let i = 0; i < groups.length; i += 1)
      for (let j = i + 1; j < groups.length; j += 1) {
        const both = shared[i]![j]!;
        const size = groups[i]!.docs.length + groups[j]!.docs.length - both;
        const value = both / Math.max(1, size);
        if (value >= MIN_OVERLAP && both >= minShared && (!best || value > best.value) && size <= cap) best = { i, j, value };
      }
    if (!best) break;
    const [a, b] = [groups[best.i]!, groups[best.j]!];
    const members = [...a.members, ...b.members].sort(byScore);
    groups[best.i] = { members, docs: union(a.docs, b.docs), score: rankScore(members) };
    groups.splice(best.j, 1);
    shared.splice(best.j, 1);
    for (const row of shared) row.splice(best.j, 1);
    for (let k = 0; k < groups.length; k += 1) {
      const value = k === best.i ? groups[k]!.docs.length : overlap(groups[best.i]!.docs, groups[k]!.docs);
      shared[best.i]![k] = value;
      shared[k]![best.i] = value;
    }
  }
  return groups.sort(byGroupScore);
}
