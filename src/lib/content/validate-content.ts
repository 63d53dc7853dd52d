import type * as z from "../zod.ts";
import { BusinessSchema, type Business } from "../schema/business.ts";
import { FaqSchema, SummaryContentSchema, type FaqEntry, type SummaryContent } from "../schema/editorial.ts";
import { isCalendarDate } from "../schema/primitives.ts";
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

/** A file read as JSON (or `undefined` when it is not JSON) and, when its schema accepts it, the parsed value. */
interface Parsed<T> {
  json: unknown;
  data: T | null;
  /** Fields the schema already reported, so the cross-file checks do not report them again. */
  badFields: Set<string>;
}

function parseFile<S extends z.ZodType>(file: RawFile, schema: S, issues: ContentIssue[]): Parsed<z.infer<S>> {
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch (error) {
    issues.push({ file: file.path, field: "(file)", reason: `is not valid JSON: ${(error as Error).message}` });
    return { json: undefined, data: null, badFields: new Set() };
  }
  const result = schema.safeParse(json);
  if (result.success) return { json, data: result.data, badFields: new Set() };
  const badFields = new Set<string>();
  for (const issue of result.error.issues) {
    const missing = issue.code === "invalid_type" && issue.message.includes("received undefined");
    const field = formatPath(issue.path);
    badFields.add(field);
    issues.push({ file: file.path, field, reason: missing ? "is required but missing" : issue.message });
  }
  return { json, data: null, badFields };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";

/** The ids in one roster list of the business file (technicians, services, service_areas), read even when the file is invalid. */
function rosterIds(business: unknown, key: string): Set<string> | null {
  const list = isRecord(business) ? business[key] : undefined;
  if (!Array.isArray(list)) return null;
  return new Set(list.flatMap((entry) => (isRecord(entry) && isString(entry.id) ? [entry.id] : [])));
}

interface Roster {
  technicians: Set<string> | null;
  services: Set<string> | null;
  areas: Set<string> | null;
}

/** The file name without folders or `.json`: `content/reviews/2024-05-01-ann-b.json` gives `2024-05-01-ann-b`. */
function baseName(path: string): string {
  return (path.split(/[\\/]/).at(-1) ?? path).replace(/\.json$/, "");
}

/**
 * Checks what a review refers to (technician, service and area ids in the
 * business file), its dates against each other, and that its file is named
 * after its id. It reads the raw JSON, so a file with schema errors still
 * gets these checks in the same pass; a field the schema already reported is
 * not reported twice.
 */
function checkReview(review: Record<string, unknown>, parsed: Parsed<unknown>, file: string, roster: Roster, issues: ContentIssue[]): void {
  const report = (field: string, reason: string) => {
    if (!parsed.badFields.has(field)) issues.push({ file, field, reason });
  };
  if (isString(review.id) && baseName(file) !== review.id) report("id", `id "${review.id}" does not match the file name; rename the file to ${review.id}.json`);
  const checkList = (key: "technicians" | "services", known: Set<string> | null, what: string) => {
    const ids = review[key];
    if (known === null || !Array.isArray(ids)) return;
    ids.forEach((id, index) => {
      if (isString(id) && !known.has(id)) report(`${key}[${index}]`, `unknown ${what} id "${id}"; use one of the ids in the business file's ${key}`);
    });
  };
  checkList("technicians", roster.technicians, "technician");
  checkList("services", roster.services, "service");
  if (roster.areas !== null && isString(review.service_area) && !roster.areas.has(review.service_area))
    report("service_area", `unknown service area id "${review.service_area}"; use one of the ids in the business file's service_areas`);
  const date = isString(review.date) && isCalendarDate(review.date) ? review.date : null;
  const jobDate = isRecord(review.verified) && isString(review.verified.job_date) && isCalendarDate(review.verified.job_date) ? review.verified.job_date : null;
  const replyDate = isRecord(review.response) && isString(review.response.date) && isCalendarDate(review.response.date) ? review.response.date : null;
  if (date !== null && jobDate !== null && jobDate > date) report("verified.job_date", `job date ${jobDate} is after the review date ${date}`);
  if (date !== null && replyDate !== null && replyDate < date) report("response.date", `reply date ${replyDate} is before the review date ${date}`);
}

/**
 * Validates every content file against its schema and the cross-file rules
 * (known ids, unique review ids, FAQ citations). Nothing is dropped silently:
 * any problem throws a {@link ContentError} naming the file, field and reason.
 */
export function validateContent(files: ContentFiles): Content {
  const issues: ContentIssue[] = [];
  const business = parseFile(files.business, BusinessSchema, issues);
  const faq = files.faq ? parseFile(files.faq, FaqSchema, issues) : null;
  const summary = files.summary ? parseFile(files.summary, SummaryContentSchema, issues).data : null;
  const roster: Roster = {
    technicians: rosterIds(business.json, "technicians"),
    services: rosterIds(business.json, "services"),
    areas: rosterIds(business.json, "service_areas"),
  };

  const reviews: ReviewContent[] = [];
  const firstFileById = new Map<string, string>();
  for (const file of files.reviews) {
    const parsed = parseFile(file, ReviewContentSchema, issues);
    // Not JSON, or not an object: parseFile has reported it, and there is nothing more to check.
    if (!isRecord(parsed.json)) continue;
    const id = parsed.json.id;
    const earlier = isString(id) ? firstFileById.get(id) : undefined;
    if (earlier !== undefined) {
      issues.push({ file: file.path, field: "id", reason: `duplicate review id "${String(id)}", already used by ${earlier}` });
      continue;
    }
    if (isString(id)) firstFileById.set(id, file.path);
    checkReview(parsed.json, parsed, file.path, roster, issues);
    if (parsed.data !== null) reviews.push(parsed.data);
  }

  if (business.data !== null) {
    for (const [key, list] of [["technicians", business.data.technicians], ["services", business.data.services], ["service_areas", business.data.service_areas]] as const) {
      const seen = new Set<string>();
      list.forEach((entry, index) => {
        if (seen.has(entry.id)) issues.push({ file: files.business.path, field: `${key}[${index}].id`, reason: `duplicate id "${entry.id}"` });
        seen.add(entry.id);
      });
    }
  }
  if (files.faq && faq?.data) {
    faq.data.forEach((entry, index) => {
      entry.review_ids.forEach((id, at) => {
        if (!firstFileById.has(id))
          issues.push({ file: files.faq!.path, field: `[${index}].review_ids[${at}]`, reason: `cites review "${id}", which does not exist` });
      });
    });
  }

  if (issues.length > 0 || business.data === null) throw new ContentError(issues);
  return { business: business.data, reviews, faq: faq?.data ?? [], summary };
}
