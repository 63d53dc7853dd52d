/**
 * Seeded synthetic reviews for benchmarks only (1k / 10k / 100k). The text is
 * assembled from fragments, so it is deliberately NOT content: it never goes
 * in content/. Same seed and count, same reviews, byte for byte.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Content } from "../../src/lib/content/validate-content.ts";
import { BusinessSchema } from "../../src/lib/schema/business.ts";
import type { ReviewAspect, ReviewContent } from "../../src/lib/schema/review.ts";

const OPENERS = [
  "Called them in the fall.",
  "Second year using this company.",
  "Found them through a neighbor.",
  "Needed this done before the holidays.",
  "Our realtor recommended them.",
];
const BODIES = [
  "{tech} showed up on time and laid drop cloths everywhere.",
  "{tech} swept the flue and found heavy creosote near the damper.",
  "The dryer vent was packed with lint and {tech} cleared it out.",
  "{tech} was polite but the office never called back about the quote.",
  "The price was higher than quoted and nobody explained why.",
  "Left soot on the carpet, which was disappointing.",
  "{tech} explained everything with photos from the camera.",
  "Scheduling took three weeks because of the fall rush.",
  "Pricey but worth it for the peace of mind.",
  "The crown repair stopped the leak in the living room ceiling.",
  "A raccoon had nested in the flue and {tech} removed it humanely.",
  "Our allergies are noticeably better since the duct cleaning.",
];
const CLOSERS = ["Would hire again.", "Fair price.", "Not impressed.", "Five stars from us.", "Will see next year.", ""];
const FIRST = ["Alex", "Sam", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie", "Avery", "Quinn"];

/** mulberry32: a tiny, fast, seeded PRNG (also the slips of scripts/absa/typos.ts). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROOT = join(import.meta.dirname, "../..");

export function loadBusiness() {
  return BusinessSchema.parse(JSON.parse(readFileSync(join(ROOT, "content/business.json"), "utf8")));
}

/** `count` reviews spread over the ten years before 2026-11-15, with a realistic rating mix. */
export function generateContent(count: number, seed = 42): Content {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const business = loadBusiness();
  const end = Date.UTC(2026, 10, 15);
  const span = 10 * 365 * 86_400_000;
  const reviews: ReviewContent[] = [];
  for (let i = 0; i < count; i += 1) {
    const date = new Date(end - Math.floor(random() * span)).toISOString().slice(0, 10);
    const tech = pick(business.technicians);
    const roll = random();
    const rating = roll < 0.62 ? 5 : roll < 0.78 ? 4 : roll < 0.87 ? 3 : roll < 0.92 ? 2 : 1;
    const sentences = [pick(OPENERS), pick(BODIES), pick(BODIES), pick(CLOSERS)].filter(Boolean);
    const text = sentences.join(" ").replaceAll("{tech}", tech.name.split(" ")[0]!);
    const author = `${pick(FIRST)} ${String.fromCharCode(65 + Math.floor(random() * 26))}.`;
    reviews.push({
      id: `syn-${String(i).padStart(6, "0")}`,
      rating,
      date,
      title: random() < 0.5 ? null : `Review number ${i}`,
      text,
      author: { name: author, location: null },
      verified: { source: pick(["google", "facebook", "yelp", "nextdoor", "direct"] as const), method: "completed_job", job_date: date },
      technicians: [tech.id],
      services: [pick(business.services).id],
      service_area: pick(business.service_areas).id,
      response: random() < 0.2 ? { date, text: "Thank you for the feedback. - Marcus" } : null,
    });
  }
  return { business, reviews, faq: [], summary: { headline: "Synthetic benchmark data", text: "Generated for benchmarks." } };
}

const ASPECT_CUES: ReadonlyArray<[string, ReviewAspect["aspect"], ReviewAspect["sentiment"]]> = [
  ["on time", "punctuality", "positive"],
  ["drop cloths", "cleanliness", "positive"],
  ["never called back", "communication", "negative"],
  ["higher than quoted", "price_value", "negative"],
  ["soot on the carpet", "cleanliness", "negative"],
  ["explained everything", "communication", "positive"],
  ["three weeks", "scheduling", "negative"],
  ["Pricey but worth it", "price_value", "mixed"],
  ["stopped the leak", "work_quality", "positive"],
];

/**
 * Stand-in aspects for query benchmarks, read off the fragments the
 * generator used, so the 100k set does not wait on the NLP pipeline.
 * Insights benchmarks run the real pipeline instead.
 */
export function syntheticAspects(review: ReviewContent): ReviewAspect[] {
  return ASPECT_CUES.filter(([cue]) => review.text.includes(cue)).map(([cue, aspect, sentiment]) => ({ aspect, sentiment, evidence: cue }));
}

/** Writes a content folder of the standard layout, for build benchmarks (CONTENT_DIR). */
export function writeSyntheticContentDir(dir: string, count: number, seed = 42): void {
  const content = generateContent(count, seed);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "reviews"), { recursive: true });
  writeFileSync(join(dir, "business.json"), JSON.stringify(content.business, null, 2));
  writeFileSync(join(dir, "summary.json"), JSON.stringify(content.summary, null, 2));
  for (const review of content.reviews) writeFileSync(join(dir, "reviews", `${review.id}.json`), JSON.stringify(review));
}
