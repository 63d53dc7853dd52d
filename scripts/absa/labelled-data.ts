/**
 * The labelled reviews in data/absa/ and what the model file records about
 * them, shared by `npm run train:absa`, `npm run eval:absa` and the test
 * that fails when the committed model is stale.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { z } from "zod";
import type { AbsaItem } from "../../src/lib/insights/score-absa.ts";
import type { TrainedOn } from "../../src/lib/insights/absa/model/model-file.ts";
import { AspectSchema, SentimentSchema } from "../../src/lib/schema/review.ts";
import { loadContentDir } from "../../src/platform/content-dir.ts";

export const ROOT = join(import.meta.dirname, "../..");
export const DATA_DIR = join(ROOT, "data/absa");
export const MODEL_PATH = join(ROOT, "src/lib/insights/absa/model/trained-model.json");
export const CONTENT_LABELS_PATH = join(DATA_DIR, "content-labels.json");

/** The analyzer's source: the model is trained on what these rules find, so a change to them makes it stale. */
const CODE_DIRS = ["src/lib/insights/absa", "src/lib/insights/lexicon", "src/lib/insights/nlp"];

export interface LabelledSet {
  name: string;
  items: AbsaItem[];
}

const batchNumber = (file: string) => Number(/^batch-(\d+)\.json$/.exec(file)?.[1] ?? NaN);

/** The dev set, then batch-1, batch-2, ... in number order: the order the model trains in. */
export function loadLabelledSets(dir = DATA_DIR): LabelledSet[] {
  const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as AbsaItem[];
  const batches = readdirSync(join(dir, "batches"))
    .filter((file) => Number.isInteger(batchNumber(file)))
    .sort((a, b) => batchNumber(a) - batchNumber(b));
  return [
    { name: "devset", items: read(join(dir, "devset.json")) },
    ...batches.map((file) => ({ name: file.replace(/\.json$/, ""), items: read(join(dir, "batches", file)) })),
  ];
}

export function listLabelledItems(sets = loadLabelledSets()): AbsaItem[] {
  return sets.flatMap((set) => set.items);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** SHA-256 of the labelled items (ids, ratings, texts, labels) in training order; formatting does not count. */
export function hashLabelledData(sets = loadLabelledSets()): string {
  const canonical = sets.map((set) => ({
    name: set.name,
    items: set.items.map((item) => [item.id, item.rating, item.text, Object.entries(item.labels).sort(([a], [b]) => a.localeCompare(b))]),
  }));
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** SHA-256 of the analyzer's source files (line endings normalized), the model file itself left out. */
export function hashAnalyzerCode(): string {
  const hash = createHash("sha256");
  const files = CODE_DIRS.flatMap((dir) => listFiles(join(ROOT, dir)))
    .filter((path) => path !== MODEL_PATH)
    .map((path) => relative(ROOT, path).split("\\").join("/"))
    .sort();
  for (const file of files) hash.update(`${file}\0${readFileSync(join(ROOT, file), "utf8").replace(/\r\n/g, "\n")}\0`);
  return hash.digest("hex");
}

export function describeTrainingInputs(sets = loadLabelledSets()): TrainedOn {
  return { reviews: listLabelledItems(sets).length, data_sha256: hashLabelledData(sets), code_sha256: hashAnalyzerCode() };
}

/** One line of data/absa/content-labels.json: the labels of a review in content/, and the hash of the text labelled. */
const ContentLabelsSchema = z
  .array(z.strictObject({ id: z.string().min(1), text_sha256: z.string().regex(/^[0-9a-f]{64}$/), labels: z.partialRecord(AspectSchema, SentimentSchema) }))
  .min(1);

export interface ContentLabels {
  /** The labelled reviews of content/ whose text is the one labelled, with the technicians the review names. */
  items: (AbsaItem & { technicians: readonly string[] })[];
  /** Labelled ids whose review is no longer in content/. */
  gone: string[];
  /** Labelled ids whose review's text has changed since: not scored until labelled again. */
  edited: string[];
  /** Reviews in content/ that nobody has labelled yet. */
  unlabelled: number;
}

/** The SHA-256 of a review's text, as content-labels.json records it. */
export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The business's own reviews with their blind labels (data/absa/LABELLING.md): never trained on, so any model can be
 * scored on them. The texts stay in content/; a review edited since it was labelled is left out, and named. Throws an
 * Error naming the file and the entry when the labels file is missing or malformed.
 */
export function loadContentLabels(contentDir = join(ROOT, "content"), path = CONTENT_LABELS_PATH): ContentLabels {
  const shown = relative(process.cwd(), path) || path;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${shown}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = ContentLabelsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${shown}: ${issue.path.length > 0 ? `entry ${issue.path.join(".")}: ` : ""}${issue.message}`);
  }
  const seen = new Set<string>();
  for (const { id } of parsed.data) {
    if (seen.has(id)) throw new Error(`${shown}: ${id} is labelled twice`);
    seen.add(id);
  }
  const reviews = new Map(loadContentDir(contentDir).reviews.map((review) => [review.id, review]));
  const result: ContentLabels = { items: [], gone: [], edited: [], unlabelled: [...reviews.keys()].filter((id) => !seen.has(id)).length };
  for (const { id, text_sha256, labels } of parsed.data) {
    const review = reviews.get(id);
    if (review === undefined) result.gone.push(id);
    else if (sha256(review.text) !== text_sha256) result.edited.push(id);
    else result.items.push({ id, rating: review.rating, text: review.text, labels, technicians: review.technicians });
  }
  return result;
}
