import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DATA_DIR, loadLabelledSets } from "../../scripts/absa/labelled-data.ts";
import type { AbsaItem } from "../../src/lib/insights/score-absa.ts";
import { expectDefinitionLabels } from "../support/absa-labels.ts";

// data/absa/second-labels/: blind second labellings that `npm run eval:absa -- --agreement` scores against the
// committed labels. Each must be the same reviews, word for word, or the agreement it gives means nothing. A batch's
// file holds the whole batch; a file in samples/ holds reviews drawn from several.
const DIR = join(DATA_DIR, "second-labels");
const files = readdirSync(DIR).filter((file) => file.endsWith(".json"));
const SAMPLES = join(DIR, "samples");
const samples = existsSync(SAMPLES) ? readdirSync(SAMPLES).filter((file) => file.endsWith(".json")) : [];
const sets = loadLabelledSets();
const committed = new Map(sets.map((set) => [set.name, set.items]));
const byId = new Map(sets.flatMap((set) => set.items).map((item) => [item.id, item]));

describe("second labellings (data/absa/second-labels)", () => {
  it("exist", () => expect(files.length).toBeGreaterThan(0));

  it.each(files)("%s holds the same reviews as the committed batch, with labels from the definition's vocabulary", (file) => {
    const second = JSON.parse(readFileSync(join(DIR, file), "utf8")) as AbsaItem[];
    const batch = committed.get(file.replace(/\.json$/, ""));
    expect(batch, `no committed batch named like ${file}`).toBeDefined();
    expect(second.map(({ id, rating, text }) => ({ id, rating, text }))).toEqual(batch!.map(({ id, rating, text }) => ({ id, rating, text })));
    expectDefinitionLabels(second);
  });

  it.each(samples)("samples/%s holds committed reviews, each once and word for word, with labels from the definition's vocabulary", (file) => {
    const second = JSON.parse(readFileSync(join(SAMPLES, file), "utf8")) as AbsaItem[];
    expect(second.length).toBeGreaterThan(0);
    const ids = second.map((item) => item.id);
    const repeated = ids.filter((id, k) => ids.indexOf(id) !== k);
    expect(repeated, "ids given twice").toEqual([]);
    for (const { id, rating, text } of second) {
      const item = byId.get(id);
      expect(item, `no committed review ${id}`).toBeDefined();
      expect({ rating, text }, `${id}: rating and text as committed`).toEqual({ rating: item!.rating, text: item!.text });
    }
    expectDefinitionLabels(second);
  });
});
