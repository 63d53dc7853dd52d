/**
 * The folds of the aspect analysis's cross-validation, shared by
 * eval-absa.ts, analyze-polarity.ts and analyze-detection.ts so that all
 * three score the same splits: 5 folds by review, each review's fold the
 * FNV-1a hash of "set/id", which never changes when other reviews are added.
 */
import { analyzeReviewText } from "../src/lib/insights/absa/analyze-review.ts";
import { trainAbsaModel, type AbsaModel } from "../src/lib/insights/absa/model/aspect-model.ts";
import { LABELLED_SETS } from "../src/lib/insights/absa/model/labelled-data.ts";
import type { AbsaItem } from "../src/lib/insights/score-absa.ts";
import type { ReviewAspect } from "../src/lib/schema/review.ts";

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

/**
 * Each entry's aspects as predicted by a model trained on the other folds
 * (one model per fold, in fold order, also returned for further scoring).
 */
export function predictCrossValidated(entries: readonly FoldedEntry[]): { predicted: Map<AbsaItem, ReviewAspect[]>; models: AbsaModel[] } {
  const predicted = new Map<AbsaItem, ReviewAspect[]>();
  const models: AbsaModel[] = [];
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const model = trainAbsaModel(entries.filter((e) => e.fold !== fold).map((e) => e.item));
    models.push(model);
    for (const entry of entries.filter((e) => e.fold === fold))
      predicted.set(entry.item, analyzeReviewText({ text: entry.item.text, rating: entry.item.rating }, model));
  }
  return { predicted, models };
}
