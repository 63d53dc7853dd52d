import type { Keyphrase } from "./extract-keyphrases.ts";

/** A recurring theme: keyphrases that are near-duplicates or that keep occurring in the same reviews. */
export interface TopicGroup {
  members: Keyphrase[];
  docs: number[];
  score: number;
}

const MAX_TERMS = 6;
/** How many lexical groups take part in clustering (bounds the pairwise work on big corpora). */
const MAX_GROUPS = 60;
/** Two groups merge when their reviews overlap at least this much (Jaccard). */
const MIN_OVERLAP = 0.3;
/** A topic may not grow beyond this share of all reviews (it would stop being a theme). */
const MAX_SHARE = 0.4;

function sameHead(a: Keyphrase, b: Keyphrase): boolean {
  return a.words[a.words.length - 1] === b.words[b.words.length - 1];
}

function isSubPhrase(a: Keyphrase, b: Keyphrase): boolean {
  const [short, long] = a.words.length <= b.words.length ? [a, b] : [b, a];
  return ` ${long.key} `.includes(` ${short.key} `);
}

/** Union of two sorted document lists. */
function union(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/** |a ∩ b| for sorted lists. */
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

/** A theme ranks by its best phrase, plus a little for each further phrase (big clusters should not win on size alone). */
function rankScore(members: readonly Keyphrase[]): number {
  const scores = members.map((m) => m.score).sort((a, b) => b - a);
  return scores[0]! + 0.25 * scores.slice(1).reduce((sum, s) => sum + s, 0);
}

/** Step 1: near-duplicates ("dryer lint" / "lint", "bird nests" / "nest") merge when they mostly share reviews. */
function mergeNearDuplicates(phrases: readonly Keyphrase[]): TopicGroup[] {
  const groups: TopicGroup[] = [];
  for (const phrase of phrases) {
    const home = groups.find((g) => {
      const head = g.members[0]!;
      const lexical = sameHead(head, phrase) || g.members.some((m) => isSubPhrase(m, phrase));
      return lexical && overlap(g.docs, phrase.docs) / Math.min(g.docs.length, phrase.docs.length) >= 0.5;
    });
    if (home) {
      home.members.push(phrase);
      home.docs = union(home.docs, phrase.docs);
      home.score = rankScore(home.members);
    } else groups.push({ members: [phrase], docs: [...phrase.docs], score: phrase.score });
  }
  return groups;
}

/**
 * Groups keyphrases into themes: near-duplicates first, then, among the
 * best-scored groups, agglomerative clustering by how much their reviews
 * overlap (creosote, glaze and chimney fire keep turning up together). The
 * highest-scored phrase of a theme is its label. Deterministic: ties break on
 * the phrase key.
 */
export function groupTopics(phrases: readonly Keyphrase[], totalDocs: number, maxTopics: number): TopicGroup[] {
  const groups = mergeNearDuplicates(phrases)
    .sort((a, b) => b.score - a.score || a.members[0]!.key.localeCompare(b.members[0]!.key))
    .slice(0, MAX_GROUPS);
  const cap = Math.max(3, Math.floor(totalDocs * MAX_SHARE));
  // Pairwise overlaps, kept up to date as groups merge (only the merged row changes).
  const shared = groups.map((a) => groups.map((b) => overlap(a.docs, b.docs)));
  for (;;) {
    let best: { i: number; j: number; value: number } | null = null;
    for (let i = 0; i < groups.length; i += 1)
      for (let j = i + 1; j < groups.length; j += 1) {
        const both = shared[i]![j]!;
        const size = groups[i]!.docs.length + groups[j]!.docs.length - both;
        const value = both / Math.max(1, size);
        if (value >= MIN_OVERLAP && (!best || value > best.value) && size <= cap) best = { i, j, value };
      }
    if (!best) break;
    const [a, b] = [groups[best.i]!, groups[best.j]!];
    const members = [...a.members, ...b.members].sort((x, y) => y.score - x.score || x.key.localeCompare(y.key));
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
  return groups
    .sort((a, b) => b.score - a.score || a.members[0]!.key.localeCompare(b.members[0]!.key))
    .slice(0, maxTopics)
    .map((g) => ({ ...g, members: g.members.slice(0, MAX_TERMS) }));
}
