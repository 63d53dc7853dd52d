import type * as z from "../zod.ts";
import { BusinessSchema, type Business } from "../schema/business.ts";
import { FaqSchema, SummaryContentSchema, type FaqEntry, type SummaryContent } from "../schema/editorial.ts";
import { ReviewContentSchema, type ReviewContent } from "../schema/review.ts";
import { ContentError, type ContentIssue } from "./content-error.ts";

/** A content file as read from disk: its path (for messages) and its raw text. */
export interface RawFile {
  path: string;
  text: string;
}

export interface ContentFiles {
  business: RawFile;
  reviews: readonly RawFile[];
  faq: RawFile | null;
  summary: RawFile | null;
}

export interface Content {
  business: Business;
  reviews: ReviewContent[];
  faq: FaqEntry[];
  summary: SummaryContent | null;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "(file)" : path.map((key) => (typeof key === "number" ? `[${key}]` : String(key))).join(".").replaceAll(".[", "[");
}

function parseFile<S extends z.ZodType>(file: RawFile, schema: S, issues: ContentIssue[]): z.infer<S> | null {
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch (error) {
    issues.push({ file: file.path, field: "(file)", reason: `is not valid JSON: ${(error as Error).message}` });
    return null;
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const missing = issue.code === "invalid_type" && issue.message.includes("received undefined");
    issues.push({
      file: file.path,
      field: formatPath(issue.path),
      reason: missing ? "is required but missing" : issue.message,
    });
  }
  return null;
}

/** Checks the references a review makes to the business file and its own dates. */
function checkReviewReferences(review: ReviewContent, file: string, business: Business, issues: ContentIssue[]): void {
  const known = {
    technicians: new Set(business.technicians.map((t) => t.id)),
    services: new Set(business.services.map((s) => s.id)),
    areas: new Set(business.service_areas.map((a) => a.id)),
  };
  review.technicians.forEach((id, index) => {
    if (!known.technicians.has(id))
      issues.push({ file, field: `technicians[${index}]`, reason: `unknown technician id "${id}"; use one of the ids in the business file's technicians` });
  });
  review.services.forEach((id, index) => {
    if (!known.services.has(id))
      issues.push({ file, field: `services[${index}]`, reason: `unknown service id "${id}"; use one of the ids in the business file's services` });
  });
  if (review.service_area !== null && !known.areas.has(review.service_area))
    issues.push({ file, field: "service_area", reason: `unknown service area id "${review.service_area}"` });
  if (review.verified.job_date > review.date)
    issues.push({ file, field: "verified.job_date", reason: `job date ${review.verified.job_date} is after the review date ${review.date}` });
  if (review.response !== null && review.response.date < review.date)
    issues.push({ file, field: "response.date", reason: `reply date ${review.response.date} is before the review date ${review.date}` });
}

/**
 * Validates every content file against its schema and the cross-file rules
 * (known ids, unique review ids, FAQ citations). Nothing is dropped silently:
 * any problem throws a {@link ContentError} naming the file, field and reason.
 */
export function validateContent(files: ContentFiles): Content {
  const issues: ContentIssue[] = [];
  const business = parseFile(files.business, BusinessSchema, issues);
  const faq = files.faq ? (parseFile(files.faq, FaqSchema, issues) ?? []) : [];
  const summary = files.summary ? parseFile(files.summary, SummaryContentSchema, issues) : null;

  const reviews: ReviewContent[] = [];
  const firstFileById = new Map<string, string>();
  for (const file of files.reviews) {
    const review = parseFile(file, ReviewContentSchema, issues);
    if (review === null) continue;
    const earlier = firstFileById.get(review.id);
    if (earlier !== undefined) {
      issues.push({ file: file.path, field: "id", reason: `duplicate review id "${review.id}", already used by ${earlier}` });
      continue;
    }
    firstFileById.set(review.id, file.path);
    if (business !== null) checkReviewReferences(review, file.path, business, issues);
    reviews.push(review);
  }

  if (business !== null) {
    for (const [key, list] of [["technicians", business.technicians], ["services", business.services], ["service_areas", business.service_areas]] as const) {
      const seen = new Set<string>();
      list.forEach((entry, index) => {
        if (seen.has(entry.id)) issues.push({ file: files.business.path, field: `${key}[${index}].id`, reason: `duplicate id "${entry.id}"` });
        seen.add(entry.id);
      });
    }
  }
  if (files.faq) {
    faq.forEach((entry, index) => {
      entry.review_ids.forEach((id, at) => {
        if (!firstFileById.has(id))
          issues.push({ file: files.faq!.path, field: `[${index}].review_ids[${at}]`, reason: `cites review "${id}", which does not exist` });
      });
    });
  }

  if (issues.length > 0 || business === null) throw new ContentError(issues);
  return { business, reviews, faq, summary };
}
