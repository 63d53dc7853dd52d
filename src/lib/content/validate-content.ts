import { BusinessSchema, type Business } from "../schema/business.ts";
import { FaqSchema, SummaryContentSchema, type FaqEntry, type SummaryContent } from "../schema/editorial.ts";
import type { ReviewContent } from "../schema/review.ts";
import { checkReviewFile, findReviewOwners, readRoster } from "./check-review.ts";
import { ContentError, type ContentIssue } from "./content-error.ts";
import { isRecord, parseFile, type RawFile } from "./parse-file.ts";

export type { RawFile };

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

/** Each roster list of a valid business file names every id once. */
export function checkBusinessRoster(business: Business, file: string, issues: ContentIssue[]): void {
  for (const [key, list] of [["technicians", business.technicians], ["services", business.services], ["service_areas", business.service_areas]] as const) {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      if (seen.has(entry.id)) issues.push({ file, field: `${key}[${index}].id`, reason: `duplicate id "${entry.id}"` });
      seen.add(entry.id);
    });
  }
}

/** Each review an FAQ answer cites exists. */
export function checkFaqCitations(faq: readonly FaqEntry[], file: string, reviewIds: ReadonlySet<string> | ReadonlyMap<string, unknown>, issues: ContentIssue[]): void {
  faq.forEach((entry, index) => {
    entry.review_ids.forEach((id, at) => {
      if (!reviewIds.has(id)) issues.push({ file, field: `[${index}].review_ids[${at}]`, reason: `cites review "${id}", which does not exist` });
    });
  });
}

/** The `id` of a review file, read without validating it (undefined when the file is not a JSON object). */
function peekId(file: RawFile): unknown {
  try {
    const json: unknown = JSON.parse(file.text);
    return isRecord(json) ? json.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Validates every content file against its schema and the cross-file rules
 * (known ids, unique review ids, FAQ citations, no date after `today`).
 * `today` is the caller's date (`YYYY-MM-DD`, UTC): this module reads no
 * clock. Nothing is dropped silently: any problem throws a
 * {@link ContentError} naming the file, field and reason.
 */
export function validateContent(files: ContentFiles, today: string): Content {
  const issues: ContentIssue[] = [];
  const business = parseFile(files.business, BusinessSchema, issues);
  const faq = files.faq ? parseFile(files.faq, FaqSchema, issues) : null;
  const summary = files.summary ? parseFile(files.summary, SummaryContentSchema, issues).data : null;
  const owners = findReviewOwners(files.reviews.map((file) => ({ path: file.path, id: peekId(file) })));
  const context = { roster: readRoster(business.json), today, ownerOf: (id: string) => owners.get(id) };

  const reviews: ReviewContent[] = [];
  for (const file of files.reviews) {
    const review = checkReviewFile(file, context, issues);
    if (review !== null) reviews.push(review);
  }
  if (business.data !== null) checkBusinessRoster(business.data, files.business.path, issues);
  if (files.faq && faq?.data) checkFaqCitations(faq.data, files.faq.path, owners, issues);

  if (issues.length > 0 || business.data === null) throw new ContentError(issues);
  return { business: business.data, reviews, faq: faq?.data ?? [], summary };
}
