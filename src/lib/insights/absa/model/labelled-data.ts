import type { AbsaItem } from "../../score-absa.ts";
import devset from "../../../../../test/fixtures/absa/devset.json" with { type: "json" };
import batch1 from "../../../../../test/fixtures/absa/batches/batch-1.json" with { type: "json" };
import batch2 from "../../../../../test/fixtures/absa/batches/batch-2.json" with { type: "json" };
import batch3 from "../../../../../test/fixtures/absa/batches/batch-3.json" with { type: "json" };
import batch4 from "../../../../../test/fixtures/absa/batches/batch-4.json" with { type: "json" };
import batch5 from "../../../../../test/fixtures/absa/batches/batch-5.json" with { type: "json" };
import batch6 from "../../../../../test/fixtures/absa/batches/batch-6.json" with { type: "json" };
import batch7 from "../../../../../test/fixtures/absa/batches/batch-7.json" with { type: "json" };
import batch8 from "../../../../../test/fixtures/absa/batches/batch-8.json" with { type: "json" };
import batch9 from "../../../../../test/fixtures/absa/batches/batch-9.json" with { type: "json" };
import batch10 from "../../../../../test/fixtures/absa/batches/batch-10.json" with { type: "json" };
import batch11 from "../../../../../test/fixtures/absa/batches/batch-11.json" with { type: "json" };
import batch12 from "../../../../../test/fixtures/absa/batches/batch-12.json" with { type: "json" };
import batch13 from "../../../../../test/fixtures/absa/batches/batch-13.json" with { type: "json" };
import batch16 from "../../../../../test/fixtures/absa/batches/batch-16.json" with { type: "json" };
import batch17 from "../../../../../test/fixtures/absa/batches/batch-17.json" with { type: "json" };
import batch18 from "../../../../../test/fixtures/absa/batches/batch-18.json" with { type: "json" };
import batch19 from "../../../../../test/fixtures/absa/batches/batch-19.json" with { type: "json" };
import batch20 from "../../../../../test/fixtures/absa/batches/batch-20.json" with { type: "json" };
import batch21 from "../../../../../test/fixtures/absa/batches/batch-21.json" with { type: "json" };
import batch22 from "../../../../../test/fixtures/absa/batches/batch-22.json" with { type: "json" };
import batch23 from "../../../../../test/fixtures/absa/batches/batch-23.json" with { type: "json" };
import batch14 from "../../../../../test/fixtures/absa/batches/batch-14.json" with { type: "json" };
import batch15 from "../../../../../test/fixtures/absa/batches/batch-15.json" with { type: "json" };
import batch24 from "../../../../../test/fixtures/absa/batches/batch-24.json" with { type: "json" };
import batch25 from "../../../../../test/fixtures/absa/batches/batch-25.json" with { type: "json" };
import batch26 from "../../../../../test/fixtures/absa/batches/batch-26.json" with { type: "json" };
import batch27 from "../../../../../test/fixtures/absa/batches/batch-27.json" with { type: "json" };
import batch28 from "../../../../../test/fixtures/absa/batches/batch-28.json" with { type: "json" };
import batch29 from "../../../../../test/fixtures/absa/batches/batch-29.json" with { type: "json" };
import batch32 from "../../../../../test/fixtures/absa/batches/batch-32.json" with { type: "json" };
import batch33 from "../../../../../test/fixtures/absa/batches/batch-33.json" with { type: "json" };
import batch34 from "../../../../../test/fixtures/absa/batches/batch-34.json" with { type: "json" };
import batch35 from "../../../../../test/fixtures/absa/batches/batch-35.json" with { type: "json" };
import batch36 from "../../../../../test/fixtures/absa/batches/batch-36.json" with { type: "json" };
import batch37 from "../../../../../test/fixtures/absa/batches/batch-37.json" with { type: "json" };
import batch38 from "../../../../../test/fixtures/absa/batches/batch-38.json" with { type: "json" };
import batch39 from "../../../../../test/fixtures/absa/batches/batch-39.json" with { type: "json" };
import batch40 from "../../../../../test/fixtures/absa/batches/batch-40.json" with { type: "json" };
import batch41 from "../../../../../test/fixtures/absa/batches/batch-41.json" with { type: "json" };
import batch42 from "../../../../../test/fixtures/absa/batches/batch-42.json" with { type: "json" };
import batch43 from "../../../../../test/fixtures/absa/batches/batch-43.json" with { type: "json" };
import batch30 from "../../../../../test/fixtures/absa/batches/batch-30.json" with { type: "json" };
import batch31 from "../../../../../test/fixtures/absa/batches/batch-31.json" with { type: "json" };
import batch44 from "../../../../../test/fixtures/absa/batches/batch-44.json" with { type: "json" };
import batch45 from "../../../../../test/fixtures/absa/batches/batch-45.json" with { type: "json" };
import batch46 from "../../../../../test/fixtures/absa/batches/batch-46.json" with { type: "json" };
import batch47 from "../../../../../test/fixtures/absa/batches/batch-47.json" with { type: "json" };
import batch48 from "../../../../../test/fixtures/absa/batches/batch-48.json" with { type: "json" };
import batch49 from "../../../../../test/fixtures/absa/batches/batch-49.json" with { type: "json" };
import batch50 from "../../../../../test/fixtures/absa/batches/batch-50.json" with { type: "json" };
import batch51 from "../../../../../test/fixtures/absa/batches/batch-51.json" with { type: "json" };

/** One labelled set: the original dev set, then the batches written later in other voices (test/fixtures/absa). */
export interface LabelledSet {
  name: string;
  items: readonly AbsaItem[];
}

/** Every labelled review in the repo, in a fixed order: the learned models train on all of them. */
export const LABELLED_SETS: readonly LabelledSet[] = [
  { name: "devset", items: devset as AbsaItem[] },
  { name: "batch-1", items: batch1 as AbsaItem[] },
  { name: "batch-2", items: batch2 as AbsaItem[] },
  { name: "batch-3", items: batch3 as AbsaItem[] },
  { name: "batch-4", items: batch4 as AbsaItem[] },
  { name: "batch-5", items: batch5 as AbsaItem[] },
  { name: "batch-6", items: batch6 as AbsaItem[] },
  { name: "batch-7", items: batch7 as AbsaItem[] },
  { name: "batch-8", items: batch8 as AbsaItem[] },
  { name: "batch-9", items: batch9 as AbsaItem[] },
  { name: "batch-10", items: batch10 as AbsaItem[] },
  { name: "batch-11", items: batch11 as AbsaItem[] },
  { name: "batch-12", items: batch12 as AbsaItem[] },
  { name: "batch-13", items: batch13 as AbsaItem[] },
  { name: "batch-16", items: batch16 as AbsaItem[] },
  { name: "batch-17", items: batch17 as AbsaItem[] },
  { name: "batch-18", items: batch18 as AbsaItem[] },
  { name: "batch-19", items: batch19 as AbsaItem[] },
  { name: "batch-20", items: batch20 as AbsaItem[] },
  { name: "batch-21", items: batch21 as AbsaItem[] },
  { name: "batch-22", items: batch22 as AbsaItem[] },
  { name: "batch-23", items: batch23 as AbsaItem[] },
  { name: "batch-14", items: batch14 as AbsaItem[] },
  { name: "batch-15", items: batch15 as AbsaItem[] },
  { name: "batch-24", items: batch24 as AbsaItem[] },
  { name: "batch-25", items: batch25 as AbsaItem[] },
  { name: "batch-26", items: batch26 as AbsaItem[] },
  { name: "batch-27", items: batch27 as AbsaItem[] },
  { name: "batch-28", items: batch28 as AbsaItem[] },
  { name: "batch-29", items: batch29 as AbsaItem[] },
  { name: "batch-32", items: batch32 as AbsaItem[] },
  { name: "batch-33", items: batch33 as AbsaItem[] },
  { name: "batch-34", items: batch34 as AbsaItem[] },
  { name: "batch-35", items: batch35 as AbsaItem[] },
  { name: "batch-36", items: batch36 as AbsaItem[] },
  { name: "batch-37", items: batch37 as AbsaItem[] },
  { name: "batch-38", items: batch38 as AbsaItem[] },
  { name: "batch-39", items: batch39 as AbsaItem[] },
  { name: "batch-40", items: batch40 as AbsaItem[] },
  { name: "batch-41", items: batch41 as AbsaItem[] },
  { name: "batch-42", items: batch42 as AbsaItem[] },
  { name: "batch-43", items: batch43 as AbsaItem[] },
  { name: "batch-30", items: batch30 as AbsaItem[] },
  { name: "batch-31", items: batch31 as AbsaItem[] },
  { name: "batch-44", items: batch44 as AbsaItem[] },
  { name: "batch-45", items: batch45 as AbsaItem[] },
  { name: "batch-46", items: batch46 as AbsaItem[] },
  { name: "batch-47", items: batch47 as AbsaItem[] },
  { name: "batch-48", items: batch48 as AbsaItem[] },
  { name: "batch-49", items: batch49 as AbsaItem[] },
  { name: "batch-50", items: batch50 as AbsaItem[] },
  { name: "batch-51", items: batch51 as AbsaItem[] },
];

export function listLabelledItems(): AbsaItem[] {
  return LABELLED_SETS.flatMap((set) => set.items);
}
