import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ContentError } from "../lib/content/content-error.ts";
import { validateContent, type Content, type ContentFiles, type RawFile } from "../lib/content/validate-content.ts";
import { getBuildDate } from "./env.ts";

/**
 * Reads a content folder laid out as `business.json`, `reviews/*.json`,
 * `faq.json` and `summary.json`. Paths in messages are relative to the
 * working directory so an editor can open them directly.
 */
function displayPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown === "" || shown.startsWith("..") ? path : shown;
}

export function readContentFiles(dir: string): ContentFiles {
  const read = (path: string): RawFile => ({ path: displayPath(path), text: readFileSync(path, "utf8") });
  const optional = (name: string): RawFile | null => (existsSync(join(dir, name)) ? read(join(dir, name)) : null);
  const businessPath = join(dir, "business.json");
  if (!existsSync(businessPath)) {
    throw new ContentError([{ file: displayPath(businessPath), field: "(file)", reason: "is missing; every content folder needs a business.json" }]);
  }
  const reviewsDir = join(dir, "reviews");
  const reviewFiles = existsSync(reviewsDir)
    ? readdirSync(reviewsDir)
        .filter((name) => name.endsWith(".json"))
        .sort()
        .map((name) => read(join(reviewsDir, name)))
    : [];
  return { business: read(businessPath), reviews: reviewFiles, faq: optional("faq.json"), summary: optional("summary.json") };
}

/** Reads and validates a content folder as of `today` (the build's date); throws {@link ContentError} on any problem. */
export function loadContentDir(dir: string, today: string = getBuildDate()): Content {
  return validateContent(readContentFiles(dir), today);
}
