/**
 * A small L2-regularised logistic regression over sparse rows, trained by
 * full-batch AdaGrad for a fixed number of epochs. Everything runs in a fixed
 * order on Float64Arrays, so the same data gives the same weights, bit for bit.
 */
export interface LinearModel {
  /** Float64 while training; float32 once read from the model file, which stores them so (model-file.ts). */
  weights: Float64Array | Float32Array;
  bias: number;
}

/** Active feature indices, with their values (null: every value is 1). */
export interface SparseRow {
  indices: Int32Array;
  values: Float64Array | null;
}

export interface TrainOptions {
  epochs?: number;
  rate?: number;
  /** L2 penalty. */
  l2?: number;
  /** The features below this index are scaled by their naive Bayes log-count ratios (nbRatios) while training. */
  nbScaled?: number;
}

/**
 * How the sentence detectors and the sides model train. L2 is chosen on whole
 * batches held out of training, and weakens as the data grows
 * (bench/RESULTS.md, "Aspect analysis, eleventh session" and "thirty-ninth
 * session").
 */
export const MODEL_TRAINING: TrainOptions = { epochs: 150, rate: 0.2, l2: 0.0001 };

/**
 * Naive Bayes log-count ratios of the features below `width` (Wang and Manning, "Baselines and Bigrams", ACL 2012):
 * the log of how much likelier a feature is among the positive rows than among the negative ones, add-one smoothed.
 * A feature as frequent on both sides gets zero; one that leans to the negative side, a negative ratio.
 */
export function nbRatios(rows: readonly SparseRow[], labels: readonly number[], width: number): Float64Array {
  const positive = new Float64Array(width).fill(1);
  const negative = new Float64Array(width).fill(1);
  rows.forEach(({ indices, values }, i) => {
    const counts = labels[i] === 1 ? positive : negative;
    for (let k = 0; k < indices.length; k += 1) {
      const index = indices[k]!;
      if (index < width) counts[index]! += values ? values[k]! : 1;
    }
  });
  const positiveTotal = positive.reduce((sum, count) => sum + count, 0);
  const negativeTotal = negative.reduce((sum, count) => sum + count, 0);
  return Float64Array.from(positive, (count, j) => Math.log(count / positiveTotal / (negative[j]! / negativeTotal)));
}

/**
 * Trains on `rows` with 0/1 `labels`. With `nbScaled`, those features
 * enter training multiplied by their log-count ratios (NBSVM, as in nbRatios' paper): the L2 penalty and AdaGrad's
 * steps then favour the features whose counts differ most between the labels. The ratios are folded into the
 * weights returned, so the model reads unscaled rows.
 */
export function trainLogistic(rows: readonly SparseRow[], labels: readonly number[], dimensions: number, options: TrainOptions = {}): LinearModel {
  if (!options.nbScaled) return trainPlain(rows, labels, dimensions, options);
  if (options.nbScaled > dimensions) throw new RangeError(`nbScaled ${options.nbScaled} exceeds the ${dimensions} dimensions`);
  const ratios = nbRatios(rows, labels, options.nbScaled);
  const scale = (index: number) => (index < ratios.length ? ratios[index]! : 1);
  const scaled = rows.map(({ indices, values }) => ({ indices, values: Float64Array.from(indices, (index, k) => scale(index) * (values ? values[k]! : 1)) }));
  const model = trainPlain(scaled, labels, dimensions, options);
  for (let j = 0; j < ratios.length; j += 1) model.weights[j]! *= ratios[j]!;
  return model;
}

function trainPlain(rows: readonly SparseRow[], labels: readonly number[], dimensions: number, options: TrainOptions): LinearModel {
  return descend(dimensions, options, Math.max(1, rows.length), (model, add) => {
    for (let i = 0; i < rows.length; i += 1) add(rows[i]!, sigmoid(scoreLogistic(model, rows[i]!)) - labels[i]!);
  });
}

/**
 * Full-batch AdaGrad on the L2-penalised loss whose gradient `accumulate` adds, row by row, once per epoch: `add(row,
 * error)` adds the error times the row's features (and the error to the bias's gradient). The loss is a mean over `n`.
 */
function descend(
  dimensions: number,
  options: TrainOptions,
  n: number,
  accumulate: (model: LinearModel, add: (row: SparseRow, error: number) => void) => void,
): LinearModel {
  const epochs = options.epochs ?? 150;
  const rate = options.rate ?? 0.2;
  const l2 = options.l2 ?? 0.002;
  const model: LinearModel = { weights: new Float64Array(dimensions), bias: 0 };
  const { weights } = model;
  const gradient = new Float64Array(dimensions);
  const history = new Float64Array(dimensions);
  let biasGradient = 0;
  let biasHistory = 0;
  const add = ({ indices, values }: SparseRow, error: number) => {
    biasGradient += error;
    for (let k = 0; k < indices.length; k += 1) gradient[indices[k]!]! += values ? error * values[k]! : error;
  };
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    gradient.fill(0);
    biasGradient = 0;
    accumulate(model, add);
    for (let j = 0; j < dimensions; j += 1) {
      const g = gradient[j]! / n + l2 * weights[j]!;
      if (g === 0) continue;
      history[j]! += g * g;
      weights[j]! -= (rate * g) / Math.sqrt(history[j]! + 1e-8);
    }
    const gb = biasGradient / n;
    biasHistory += gb * gb;
    model.bias -= (rate * gb) / Math.sqrt(biasHistory + 1e-8);
  }
  return model;
}

/** The weighted sum of the row's features, plus the bias. */
export function scoreLogistic(model: LinearModel, row: SparseRow): number {
  let z = model.bias;
  const { indices, values } = row;
  const w = model.weights;
  if (values) for (let k = 0; k < indices.length; k += 1) z += w[indices[k]!]! * values[k]!;
  else for (let k = 0; k < indices.length; k += 1) z += w[indices[k]!]!;
  return z;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/**
 * Multiple-instance logistic regression: a bag of rows (a review's sentences) is labelled as a whole, and scores the
 * log-sum-exp of its rows' scores, a smooth maximum (Pinheiro and Collobert, "From Image-level to Pixel-level Labeling
 * with Convolutional Networks", CVPR 2015). A bag's error trains each row by its softmax share, so the rows that
 * already score highest learn most. `negatives` are rows known to be negative on their own. Full-batch AdaGrad, as
 * trainLogistic, so the same bags give the same weights. Every bag holds a row (an empty one has no score), and the
 * naive Bayes scaling of trainLogistic does not apply.
 */
export function trainMultipleInstance(
  bags: readonly (readonly SparseRow[])[],
  labels: readonly number[],
  dimensions: number,
  options: TrainOptions,
  negatives: readonly SparseRow[] = [],
): LinearModel {
  if (options.nbScaled) throw new RangeError("nbScaled does not apply to multiple-instance training");
  let largest = 0;
  for (const bag of bags) {
    if (bag.length === 0) throw new RangeError("a bag holds no row");
    largest = Math.max(largest, bag.length);
  }
  const scores = new Float64Array(largest);
  return descend(dimensions, options, Math.max(1, bags.length + negatives.length), (model, add) => {
    bags.forEach((bag, b) => {
      let top = -Infinity;
      bag.forEach((row, i) => (top = Math.max(top, (scores[i] = scoreLogistic(model, row)))));
      let sum = 0;
      for (let i = 0; i < bag.length; i += 1) sum += Math.exp(scores[i]! - top);
      const error = sigmoid(top + Math.log(sum)) - labels[b]!;
      bag.forEach((row, i) => add(row, (error * Math.exp(scores[i]! - top)) / sum));
    });
    for (const row of negatives) add(row, sigmoid(scoreLogistic(model, row)));
  });
}
