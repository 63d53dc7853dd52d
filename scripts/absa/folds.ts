/**
 * Cross-validation of the aspect analysis for `npm run eval:absa`: 5 folds by
 * review, each review's fold the FNV-1a hash of "set/id" (it never changes
 * when other reviews are added). Each fold's model is trained on the other
 * four and goes through its file format before scoring, as the shipped model
 * does. Folds run on worker threads, one per core.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { trainAbsaModel, type AbsaModel } from "../../src/lib/insights/absa/model/aspect-model.ts";
import { freezeAbsaModel, thawAbsaModel } from "../../src/lib/insights/absa/model/model-file.ts";
import type { RuleFamily, RulesOff } from "../../src/lib/insights/absa/rule-families.ts";
import type { AbsaItem } from "../../src/lib/insights/score-absa.ts";
import type { ReviewAspect } from "../../src/lib/schema/review.ts";
import type { LabelledSet } from "./labelled-data.ts";

export const FOLDS = 5;

export interface FoldedEntry {
  set: string;
  item: AbsaItem;
  fold: number;
}

/** A model trained on `items` and sent through its file format, as the shipped model is. */
export function trainAsShipped(items: readonly AbsaItem[], off: RulesOff = new Set()): AbsaModel {
  return thawAbsaModel(freezeAbsaModel(trainAbsaModel(items, off), { reviews: 0, data_sha256: "", code_sha256: "" }));
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
export function listFoldedEntries(sets: readonly LabelledSet[]): FoldedEntry[] {
  return sets.flatMap((set) => set.items.map((item) => ({ set: set.name, item, fold: foldOf(`${set.name}/${item.id}`) })));
}

/** One fold of one configuration: train on `train` with the families in `off` switched off, predict `test`. */
export interface FoldJob {
  off: RuleFamily[];
  train: AbsaItem[];
  test: AbsaItem[];
}

/**
 * Each entry's aspects as predicted by a model trained on the other folds,
 * for each configuration (a list of rule families switched off).
 */
export async function predictCrossValidated(entries: readonly FoldedEntry[], configs: readonly RuleFamily[][]): Promise<Map<AbsaItem, ReviewAspect[]>[]> {
  const jobs = configs.flatMap((off, config) =>
    Array.from({ length: FOLDS }, (_, fold) => {
      const test = entries.filter((e) => e.fold === fold).map((e) => e.item);
      return { config, job: { off, train: entries.filter((e) => e.fold !== fold).map((e) => e.item), test } satisfies FoldJob };
    }),
  );
  const results = configs.map(() => new Map<AbsaItem, ReviewAspect[]>());
  let next = 0;
  const work = async () => {
    const worker = new Worker(new URL("./fold-worker.ts", import.meta.url));
    try {
      while (next < jobs.length) {
        const { config, job } = jobs[next++]!;
        const predicted = await new Promise<ReviewAspect[][]>((resolve, reject) => {
          worker.once("error", reject);
          worker.once("message", (message: ReviewAspect[][]) => {
            worker.off("error", reject);
            resolve(message);
          });
          worker.postMessage(job);
        });
        job.test.forEach((item, i) => results[config]!.set(item, predicted[i]!));
      }
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), jobs.length) }, work));
  return results;
}
