import { checkEntry, EMPTY_CONTEXT, type ContentContext, type EntryCheck, type EntryKind } from "./check-entry.ts";
import type { ImmutableValue } from "./decap.ts";
import { deriveReviewId } from "./review-id.ts";

const KINDS: Record<string, EntryKind> = { reviews: "review", business: "business", faq: "faq", summary: "summary" };

/** The content kind of a Decap entry, by its collection (cms-config.ts names them). */
export function kindOf(entry: ImmutableValue): EntryKind | null {
  return KINDS[String(entry.get("collection"))] ?? null;
}

/** The saved file's name without `.json`, or null for an entry not saved yet. */
export function savedSlugOf(entry: ImmutableValue): string | null {
  const slug = entry.get("slug");
  return entry.get("newRecord") === true || typeof slug !== "string" || slug === "" ? null : slug;
}

/**
 * The id a review is saved with: its file's name once saved (so the two
 * never disagree, even for a file edited by hand), else one made from its
 * date and reviewer, free among the ids the CMS has read.
 */
export function expectedReviewId(entry: ImmutableValue, context: ContentContext): string | null {
  const saved = savedSlugOf(entry);
  if (saved !== null) return saved;
  return deriveReviewId(entry.getIn(["data", "date"]), entry.getIn(["data", "author", "name"]), (id) => context.reviewOwners.has(id));
}

let last: { data: unknown; context: ContentContext; today: string; result: EntryCheck | null } | null = null;

/** The build's check of the entry being edited, remembered until its data, the context or the date changes. */
export function checkDraft(entry: ImmutableValue, context: ContentContext | null, today: string): EntryCheck | null {
  const kind = kindOf(entry);
  const data = entry.get("data");
  const known = context ?? EMPTY_CONTEXT;
  if (last !== null && last.data === data && last.context === known && last.today === today) return last.result;
  let result: EntryCheck | null = null;
  if (kind !== null && data !== undefined) {
    const plain = (data as ImmutableValue).toJS() as Record<string, unknown>;
    if (kind === "review") plain.id = expectedReviewId(entry, known) ?? plain.id;
    result = checkEntry(kind, plain, savedSlugOf(entry), known, today);
  }
  last = { data, context: known, today, result };
  return result;
}
