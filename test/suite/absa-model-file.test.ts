import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeTrainingInputs, MODEL_PATH } from "../../scripts/absa/labelled-data.ts";
import type { AbsaModelFile } from "../../src/lib/insights/absa/model/model-file.ts";

describe("the committed ABSA model (src/lib/insights/absa/model/trained-model.json)", () => {
  it("was trained on today's labelled data and analyzer code; otherwise run npm run train:absa", () => {
    const model = JSON.parse(readFileSync(MODEL_PATH, "utf8")) as AbsaModelFile;
    const expected = describeTrainingInputs();
    expect(model.trained_on, "the model file is stale: run npm run train:absa and commit the file").toEqual(expected);
  });
});
