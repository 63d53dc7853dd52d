import { isCalendarDate } from "../lib/schema/primitives.ts";

/** "Jane D." → "jane-d": lowercase ASCII letters and digits joined by single hyphens. */
export function slugifyName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A new review's id, as the existing ones are made: its date and the
 * reviewer's name (`2026-11-20-jane-d`), with `-2`, `-3`… when that id is
 * taken. The CMS names the file after it, so the two cannot disagree.
 * Null until the date and a name with a letter or digit are given.
 */
export function deriveReviewId(date: unknown, authorName: unknown, isTaken: (id: string) => boolean): string | null {
  if (typeof date !== "string" || !isCalendarDate(date) || typeof authorName !== "string") return null;
  const name = slugifyName(authorName);
  if (name === "") return null;
  const base = `${date}-${name}`;
  let id = base;
  for (let n = 2; isTaken(id); n++) id = `${base}-${n}`;
  return id;
}
