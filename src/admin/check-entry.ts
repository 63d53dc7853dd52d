import { checkReviewFile, readRoster, type Roster } from "../lib/content/check-review.ts";
import type { ContentIssue } from "../lib/content/content-error.ts";
import { parseFile } from "../lib/content/parse-file.ts";
import { checkBusinessRoster, checkFaqCitations } from "../lib/content/validate-content.ts";
import { BusinessSchema } from "../lib/schema/business.ts";
import { FaqSchema, SummaryContentSchema } from "../lib/schema/editorial.ts";
import { ReviewContentSchema } from "../lib/schema/review.ts";
import { prepareValue, serializeContent } from "./prepare-entry.ts";

export const CONTENT_PATHS = {
  reviews: "content/reviews",
  business: "content/business.json",
  faq: "content/faq.json",
  summary: "content/summary.json",
} as const;

export type EntryKind = "review" | "business" | "faq" | "summary";

/** What the other content files say, as the CMS last read them: the roster and which file owns each review id. */
export interface ContentContext {
  roster: Roster;
  reviewOwners: ReadonlyMap<string, string>;
}

export const EMPTY_CONTEXT: ContentContext = { roster: readRoster(undefined), reviewOwners: new Map() };

export interface EntryCheck {
  /** The file the entry is saved to. */
  path: string;
  /** What is written there. */
  text: string;
  /** The build's problems with it, in the build's words. */
  issues: ContentIssue[];
}

/** The content value of an entry's form data (the FAQ file is a list, which the CMS edits as `questions`). */
export function prepareEntry(kind: EntryKind, data: Record<string, unknown>): unknown {
  switch (kind) {
    case "review":
      return prepareValue(data, ReviewContentSchema);
    case "business":
      return prepareValue(data, BusinessSchema);
    case "faq":
      return prepareValue(data.questions ?? [], FaqSchema);
    case "summary":
      return prepareValue(data, SummaryContentSchema);
  }
}

/**
 * Checks one entry as the build checks its file (src/lib/content): the same
 * schema, the same rules, the same messages. `slug` is the saved file's name
 * without `.json`, or null for a new review (then its id names the file).
 */
export function checkEntry(kind: EntryKind, data: Record<string, unknown>, slug: string | null, context: ContentContext, today: string): EntryCheck {
  const issues: ContentIssue[] = [];
  const prepared = prepareEntry(kind, data);
  const text = serializeContent(prepared);
  if (kind === "review") {
    const id = (prepared as { id?: unknown }).id;
    const path = `${CONTENT_PATHS.reviews}/${slug ?? (typeof id === "string" && id !== "" ? id : "(new review)")}.json`;
    checkReviewFile({ path, text }, { roster: context.roster, today, ownerOf: (owned) => context.reviewOwners.get(owned), isNewFile: slug === null }, issues);
    return { path, text, issues };
  }
  const path = CONTENT_PATHS[kind];
  if (kind === "business") {
    const business = parseFile({ path, text }, BusinessSchema, issues);
    if (business.data !== null) checkBusinessRoster(business.data, path, issues);
  } else if (kind === "faq") {
    const faq = parseFile({ path, text }, FaqSchema, issues);
    if (faq.data !== null) checkFaqCitations(faq.data, path, context.reviewOwners, issues);
  } else {
    parseFile({ path, text }, SummaryContentSchema, issues);
  }
  return { path, text, issues };
}

/** The build's line for an issue, without the file: `field: reason`. */
export function formatIssue(issue: ContentIssue): string {
  return `${issue.field}: ${issue.reason}`;
}
