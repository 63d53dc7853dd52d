/**
 * The folds of the aspect analysis's cross-validation, shared by
 * eval-absa.ts, analyze-polarity.ts and analyze-detection.ts so that all
 * three score the same splits: 5 folds by review, each review's fold the
 * FNV-1a hash of "set/id", which never changes when other reviews are added.
 */
import { LABELLED_SETS } from "../src/lib/insights/absa/model/labelled-data.ts";
import type { AbsaItem } from "../src/lib/insights/score-absa.ts";

export const FOLDS = 5;

export interface FoldedEntry {
  set: string;
  item: AbsaItem;
  fold: number;
}

/** FNV-1a of the id, modulo FOLDS. */
export function foldOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % FOLDS;
}

/** Every labelled review with its set and fold, in the labelled sets' order. */
export function listFoldedEntries(): FoldedEntry[] {
  return LABELLED_SETS.flatMap((set) => set.items.map((item) => ({ set: set.name, item, fold: foldOf(`${set.name}/${item.id}`) })));
}
