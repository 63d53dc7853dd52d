import { isCalendarDate } from "../schema/primitives.ts";
import { ReviewContentSchema, type ReviewContent } from "../schema/review.ts";
import type { ContentIssue } from "./content-error.ts";
import { isRecord, isString, parseFile, type ParsedFile, type RawFile } from "./parse-file.ts";

/** The ids of each roster list of the business file; null when the list cannot be read. */
export interface Roster {
  technicians: Set<string> | null;
  services: Set<string> | null;
  areas: Set<string> | null;
}

/** What a review is checked against besides its own file. */
export interface ReviewContext {
  roster: Roster;
  /** Today's date, `YYYY-MM-DD` (UTC), from the caller's clock: no review or reply may be dated after it. */
  today: string;
  /** The file that owns an id (see {@link findReviewOwners}), or undefined when no file has it yet. */
  ownerOf: (id: string) => string | undefined;
  /** The file is about to be created (a new review in the CMS): any owner of its id is another file. */
  isNewFile?: boolean;
}

/** The ids in one roster list of the business file (technicians, services, service_areas), read even when the file is invalid. */
function rosterIds(business: unknown, key: string): Set<string> | null {
  const list = isRecord(business) ? business[key] : undefined;
  if (!Array.isArray(list)) return null;
  return new Set(list.flatMap((entry) => (isRecord(entry) && isString(entry.id) ? [entry.id] : [])));
}

/** The roster of a business file as parsed JSON (valid or not). */
export function readRoster(business: unknown): Roster {
  return { technicians: rosterIds(business, "technicians"), services: rosterIds(business, "services"), areas: rosterIds(business, "service_areas") };
}

/** The file name without folders or `.json`: `content/reviews/2024-05-01-ann-b.json` gives `2024-05-01-ann-b`. */
export function baseName(path: string): string {
  return (path.split(/[\\/]/).at(-1) ?? path).replace(/\.json$/, "");
}

/**
 * Which file owns each review id: the one named after it, so a copy is the
 * file reported as the duplicate whatever the order of the names; when no
 * file bears the id's name, the first that uses it.
 */
export function findReviewOwners(files: ReadonlyArray<{ path: string; id: unknown }>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const { path, id } of files) if (isString(id) && baseName(path) === id) owners.set(id, path);
  for (const { path, id } of files) if (isString(id) && !owners.has(id)) owners.set(id, path);
  return owners;
}

/** The review's dates that are real calendar dates, or null. */
function readDates(review: Record<string, unknown>) {
  const date = (value: unknown) => (isString(value) && isCalendarDate(value) ? value : null);
  return {
    date: date(review.date),
    jobDate: isRecord(review.verified) ? date(review.verified.job_date) : null,
    replyDate: isRecord(review.response) ? date(review.response.date) : null,
  };
}

/**
 * Checks a review's references (technician, service and area ids), its dates against each other
 * and today, and that its file is named after its id. It reads the raw JSON, so a file with
 * schema errors gets these checks in the same pass, without a field being reported twice. Each
 * reason follows its field (`file: field: reason`), so it never names the field again.
 */
function checkReferences(review: Record<string, unknown>, parsed: ParsedFile<unknown>, file: string, context: ReviewContext, issues: ContentIssue[]): void {
  const report = (field: string, reason: string) => {
    if (!parsed.badFields.has(field)) issues.push({ file, field, reason });
  };
  if (isString(review.id) && baseName(file) !== review.id) report("id", `"${review.id}" does not match the file name; rename the file to ${review.id}.json`);
  const checkList = (key: "technicians" | "services", known: Set<string> | null, what: string) => {
    const ids = review[key];
    if (known === null || !Array.isArray(ids)) return;
    ids.forEach((id, index) => {
      if (isString(id) && !known.has(id)) report(`${key}[${index}]`, `unknown ${what} id "${id}"; use one of the ids in the business file's ${key}`);
    });
  };
  const { roster, today } = context;
  checkList("technicians", roster.technicians, "technician");
  checkList("services", roster.services, "service");
  if (roster.areas !== null && isString(review.service_area) && !roster.areas.has(review.service_area))
    report("service_area", `unknown service area id "${review.service_area}"; use one of the ids in the business file's service_areas`);
  const { date, jobDate, replyDate } = readDates(review);
  if (date !== null && date > today) report("date", `${date} is after today, ${today} (UTC); a review cannot be dated in the future`);
  if (date !== null && jobDate !== null && jobDate > date) report("verified.job_date", `${jobDate} is after the review date ${date}`);
  if (date !== null && replyDate !== null && replyDate < date) report("response.date", `${replyDate} is before the review date ${date}`);
  else if (replyDate !== null && replyDate > today) report("response.date", `${replyDate} is after today, ${today} (UTC); a reply cannot be dated in the future`);
}

/**
 * One review file against the schema and the rules that reach beyond it.
 * A file that copies another's id is reported as a duplicate, naming the
 * owner, and checked no further: its other problems are the copy's.
 */
export function checkReviewFile(file: RawFile, context: ReviewContext, issues: ContentIssue[]): ReviewContent | null {
  const parsed = parseFile(file, ReviewContentSchema, issues);
  // Not JSON, or not an object: parseFile has reported it, and there is nothing more to check.
  if (!isRecord(parsed.json)) return null;
  const id = parsed.json.id;
  const owner = isString(id) ? context.ownerOf(id) : undefined;
  if (owner !== undefined && (owner !== file.path || context.isNewFile === true)) {
    issues.push({ file: file.path, field: "id", reason: `duplicate review id "${String(id)}", already used by ${owner}` });
    return null;
  }
  checkReferences(parsed.json, parsed, file.path, context, issues);
  return parsed.data;
}
