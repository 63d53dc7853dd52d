import { ASPECTS, type Aspect } from "../../../schema/review.ts";
import type { AbsaModel } from "./aspect-model.ts";
import { PRESENCE_WIDTH } from "./presence-model.ts";
import type { LinearModel } from "./train-logistic.ts";

/**
 * The trained model as a committed file (`npm run train:absa` writes it,
 * every build reads it): the vocabulary in index order and each linear
 * model's weights as little-endian float32, base64. Same model, same bytes.
 */
export interface AbsaModelFile {
  format: 3;
  /** What it was trained on: the labelled reviews' count and SHA-256, and the analyzer source's SHA-256. */
  trained_on: { reviews: number; data_sha256: string; code_sha256: string };
  vocabulary: string[];
  detectors: Record<Aspect, EncodedLinear>;
  review: { width: number; detectors: Record<Aspect, EncodedLinear> };
  presence: { threshold: number; detectors: Record<Aspect, EncodedLinear> };
  sides: { width: number; positive: EncodedLinear; negative: EncodedLinear };
}

interface EncodedLinear {
  bias: number;
  weights: string;
}

export type TrainedOn = AbsaModelFile["trained_on"];

function encodeWeights(weights: Float64Array): string {
  const bytes = new Uint8Array(weights.length * 4);
  const view = new DataView(bytes.buffer);
  weights.forEach((weight, i) => view.setFloat32(i * 4, weight, true));
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function decodeWeights(encoded: string): Float64Array {
  // A plain loop: Uint8Array.from with a mapping function is several times slower on the model's 2 MB (bench/RESULTS.md).
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  const weights = new Float64Array(binary.length / 4);
  for (let i = 0; i < weights.length; i += 1) weights[i] = view.getFloat32(i * 4, true);
  return weights;
}

const encodeLinear = (model: LinearModel): EncodedLinear => ({ bias: model.bias, weights: encodeWeights(model.weights) });
const decodeLinear = (encoded: EncodedLinear): LinearModel => ({ bias: encoded.bias, weights: decodeWeights(encoded.weights) });

const encodeAll = (models: ReadonlyMap<Aspect, LinearModel>) =>
  Object.fromEntries(ASPECTS.map((aspect) => [aspect, encodeLinear(models.get(aspect)!)])) as Record<Aspect, EncodedLinear>;
const decodeAll = (encoded: Record<Aspect, EncodedLinear>) => new Map(ASPECTS.map((aspect) => [aspect, decodeLinear(encoded[aspect])]));

/** The model as its file. */
export function freezeAbsaModel(model: AbsaModel, trainedOn: TrainedOn): AbsaModelFile {
  return {
    format: 3,
    trained_on: trainedOn,
    vocabulary: [...model.vocabulary.keys()],
    detectors: encodeAll(model.detectors),
    review: { width: model.review.width, detectors: encodeAll(model.review.detectors) },
    presence: { threshold: model.presence.threshold, detectors: encodeAll(model.presence.detectors) },
    sides: { width: model.sides.width, positive: encodeLinear(model.sides.positive), negative: encodeLinear(model.sides.negative) },
  };
}

/** The model its file describes (the weights as float32 values, exactly as frozen). */
export function thawAbsaModel(file: AbsaModelFile): AbsaModel {
  if (file.format !== 3) throw new Error(`unknown ABSA model format ${String(file.format)}; run npm run train:absa`);
  // A presence model of another width would score NaN and silently find no aspect at all.
  for (const aspect of ASPECTS)
    if (decodeWeights(file.presence.detectors[aspect].weights).length !== PRESENCE_WIDTH)
      throw new Error(`the ABSA model's presence model for ${aspect} does not have ${PRESENCE_WIDTH} weights; run npm run train:absa`);
  return {
    vocabulary: new Map(file.vocabulary.map((feature, index) => [feature, index])),
    detectors: decodeAll(file.detectors),
    review: { width: file.review.width, detectors: decodeAll(file.review.detectors) },
    presence: { threshold: file.presence.threshold, detectors: decodeAll(file.presence.detectors) },
    sides: { width: file.sides.width, positive: decodeLinear(file.sides.positive), negative: decodeLinear(file.sides.negative) },
  };
}
