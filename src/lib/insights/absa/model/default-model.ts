import type { AbsaModel } from "./aspect-model.ts";
import { thawAbsaModel, type AbsaModelFile } from "./model-file.ts";
import trained from "./trained-model.json" with { type: "json" };

let model: AbsaModel | null = null;

/** The shipped model (`npm run train:absa` writes trained-model.json), read once, on first use. Nothing here trains. */
export function loadDefaultAbsaModel(): AbsaModel {
  model ??= thawAbsaModel(trained as AbsaModelFile);
  return model;
}
