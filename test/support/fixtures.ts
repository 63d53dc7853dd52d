import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ContentFiles, RawFile } from "../../src/lib/content/validate-content.ts";
import { makeTestTempDir } from "./temp-dir.ts";

export const PROJECT_ROOT = join(import.meta.dirname, "../..");
export const BUSINESS_TEXT = readFileSync(join(PROJECT_ROOT, "content/business.json"), "utf8");

/** The date content is validated as of in unit tests (the build takes it from its clock or SOURCE_DATE_EPOCH). */
export const TEST_TODAY = "2026-11-28";

/** A minimal valid review; tests override fields to make it invalid. */
export function sampleReview(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "2024-05-01-test-a",
    rating: 5,
    date: "2024-05-01",
    title: null,
    text: "Dana swept the chimney and left no mess.",
    author: { name: "Test A.", location: null },
    verified: { source: "direct", method: "completed_job", job_date: "2024-04-30" },
    technicians: ["dana-okafor"],
    services: ["chimney-sweep"],
    service_area: "emmaus",
    response: null,
    ...overrides,
  };
}

export function reviewFile(review: Record<string, unknown>, name = `${String(review.id)}.json`): RawFile {
  return { path: `content/reviews/${name}`, text: JSON.stringify(review) };
}

export function contentFiles(reviews: RawFile[], faq: unknown = null): ContentFiles {
  return {
    business: { path: "content/business.json", text: BUSINESS_TEXT },
    reviews,
    faq: faq === null ? null : { path: "content/faq.json", text: JSON.stringify(faq) },
    summary: null,
  };
}

/** Writes a content folder (business.json from the real content plus the given reviews) to a temp dir removed after the test. */
export function writeContentDir(reviews: Record<string, unknown>[]): string {
  const dir = makeTestTempDir("content-");
  mkdirSync(join(dir, "reviews"));
  writeFileSync(join(dir, "business.json"), BUSINESS_TEXT);
  for (const review of reviews) writeFileSync(join(dir, "reviews", `${String(review.id)}.json`), JSON.stringify(review, null, 2));
  return dir;
}
