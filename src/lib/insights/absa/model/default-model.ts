import { trainAbsaModel, type AbsaModel } from "./aspect-model.ts";
import { listLabelledItems } from "./labelled-data.ts";

let model: AbsaModel | null = null;

/** The model trained on every labelled review in the repo; trained once, on first use (deterministic). */
export function loadDefaultAbsaModel(): AbsaModel {
  model ??= trainAbsaModel(listLabelledItems());
  return model;
}
