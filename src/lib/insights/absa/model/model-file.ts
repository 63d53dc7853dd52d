import { ASPECTS, type Aspect } from "../../../schema/review.ts";
import type { AbsaModel } from "./aspect-model.ts";
import { PRESENCE_WIDTH } from "./presence-model.ts";
import { sidesDimensions } from "./sides-model.ts";
import { SpellingList } from "../../nlp/spelling-gloss.ts";
import { Vocabulary } from "./text-features.ts";
import type { LinearModel } from "./train-logistic.ts";

/**
 * The trained model as a committed file (`npm run train:absa` writes it,
 * every build reads it): the vocabulary in index order and each linear
 * model's weights as float32. Same model, same bytes.
 */
export interface AbsaModelFile {
  format: 5;
  /** What it was trained on: the labelled reviews' count and SHA-256, and the analyzer source's SHA-256. */
  trained_on: { reviews: number; data_sha256: string; code_sha256: string };
  vocabulary: string[];
  /** The spelling list, "word" or "word lemma", most reviews first (spelling-gloss.ts). */
  spelling: string[];
  detectors: Record<Aspect, EncodedLinear>;
  review: { width: number; detectors: Record<Aspect, EncodedLinear> };
  presence: { threshold: number; detectors: Record<Aspect, EncodedLinear> };
  sides: { width: number; positive: EncodedLinear; negative: EncodedLinear };
}

/**
 * One linear model, its zero weights left out: most of the sides model's
 * per-aspect copies of a word are never trained (the word never met that
 * aspect), and leaving them out keeps the file, which the build bundles,
 * over a quarter smaller (the build's memory target, bench/RESULTS.md).
 * The word models' weights under MIN_WEIGHT are left out too, as zero; the
 * presence model's are all stored.
 */
interface EncodedLinear {
  bias: number;
  /** How many weights the model has. */
  size: number;
  /** Which weights are stored: one bit each, the lowest bit of the first byte first, base64. */
  nonzero: string;
  /** The stored weights, in index order, as little-endian float32, base64. */
  weights: string;
}

export type TrainedOn = AbsaModelFile["trained_on"];

/** Node's base64 codec: builds, tests and servers all read the file on Node. */
function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/**
 * The word models' weights under 0.01 in size are stored as zero: half of
 * them, which left out read batches held out of training the same to within
 * 0.0002, while with trigrams storing them took the build's peak over its
 * 500 MB target (bench/RESULTS.md, "Aspect analysis, twenty-fifth
 * session"). The presence model's four weights per aspect are stored as
 * trained: one of them can come near zero (punctuality's weight for a
 * sentence read for other aspects, once batches 416 to 419 joined), and
 * leaving its sign out saves nothing.
 */
const MIN_WEIGHT = 0.01;

function encodeLinear(model: LinearModel, minWeight = MIN_WEIGHT): EncodedLinear {
  const { weights } = model;
  const nonzero = new Uint8Array(Math.ceil(weights.length / 8));
  const values: number[] = [];
  weights.forEach((weight, i) => {
    // Compared as stored, in float32 (a weight of exactly -0.01 is kept).
    if (Math.abs(Math.fround(weight)) < Math.fround(minWeight)) return;
    nonzero[i >> 3]! |= 1 << (i & 7);
    values.push(weight);
  });
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((weight, k) => view.setFloat32(k * 4, weight, true));
  return { bias: model.bias, size: weights.length, nonzero: toBase64(nonzero), weights: toBase64(bytes) };
}

function decodeLinear(encoded: EncodedLinear): LinearModel {
  const { size } = encoded;
  const nonzero = Buffer.from(encoded.nonzero, "base64");
  const stored = Buffer.from(encoded.weights, "base64");
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const isSet = (i: number) => (nonzero[i >> 3]! & (1 << (i & 7))) !== 0;
  // The map has exactly `size` bits (padding bits clear), and one stored weight per bit set.
  const wellFormed =
    Number.isSafeInteger(size) && size >= 0 && nonzero.length === Math.ceil(size / 8) && (size % 8 === 0 || nonzero[nonzero.length - 1]! >> (size % 8) === 0);
  let count = 0;
  if (wellFormed) for (let i = 0; i < size; i += 1) if (isSet(i)) count += 1;
  if (!wellFormed || count * 4 !== view.byteLength) throw new Error("the ABSA model file's weights do not match its non-zero map; run npm run train:absa");
  // Kept as float32, as stored: the same values in half the memory of float64, in every process that loads the model.
  const weights = new Float32Array(size);
  for (let i = 0, k = 0; i < size; i += 1) if (isSet(i)) weights[i] = view.getFloat32(4 * k++, true);
  return { bias: encoded.bias, weights };
}

const encodeAll = (models: ReadonlyMap<Aspect, LinearModel>, minWeight = MIN_WEIGHT) =>
  Object.fromEntries(ASPECTS.map((aspect) => [aspect, encodeLinear(models.get(aspect)!, minWeight)])) as Record<Aspect, EncodedLinear>;
const decodeAll = (encoded: Record<Aspect, EncodedLinear>) => new Map(ASPECTS.map((aspect) => [aspect, decodeLinear(encoded[aspect])]));

/** The model as its file. */
export function freezeAbsaModel(model: AbsaModel, trainedOn: TrainedOn): AbsaModelFile {
  return {
    format: 5,
    trained_on: trainedOn,
    vocabulary: [...model.vocabulary.features],
    spelling: [...model.spelling.entries],
    detectors: encodeAll(model.detectors),
    review: { width: model.review.width, detectors: encodeAll(model.review.detectors) },
    presence: { threshold: model.presence.threshold, detectors: encodeAll(model.presence.detectors, 0) },
    sides: { width: model.sides.width, positive: encodeLinear(model.sides.positive), negative: encodeLinear(model.sides.negative) },
  };
}

/** The model its file describes (the weights as float32, exactly as frozen; a -0 weight comes back as 0). */
export function thawAbsaModel(file: AbsaModelFile): AbsaModel {
  if (file.format !== 5) throw new Error(`unknown ABSA model format ${String(file.format)}; run npm run train:absa`);
  // A presence model of another width would score NaN and silently find no aspect at all.
  for (const aspect of ASPECTS)
    if (file.presence.detectors[aspect].size !== PRESENCE_WIDTH)
      throw new Error(`the ABSA model's presence model for ${aspect} does not have ${PRESENCE_WIDTH} weights; run npm run train:absa`);
  // Likewise a sides model laid out by other code would read past its weights and give every aspect one verdict.
  for (const side of [file.sides.positive, file.sides.negative])
    if (side.size !== sidesDimensions(file.sides.width))
      throw new Error(`the ABSA model's sides model does not have ${sidesDimensions(file.sides.width)} weights; run npm run train:absa`);
  return {
    vocabulary: new Vocabulary(file.vocabulary),
    detectors: decodeAll(file.detectors),
    review: { width: file.review.width, detectors: decodeAll(file.review.detectors) },
    presence: { threshold: file.presence.threshold, detectors: decodeAll(file.presence.detectors) },
    sides: { width: file.sides.width, positive: decodeLinear(file.sides.positive), negative: decodeLinear(file.sides.negative) },
    spelling: new SpellingList(file.spelling),
  };
}
