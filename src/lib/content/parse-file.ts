import type * as z from "../zod.ts";
import type { ContentIssue } from "./content-error.ts";

/** A content file as read from disk (or as the CMS is about to write it): its path, for messages, and its raw text. */
export interface RawFile {
  path: string;
  text: string;
}

/** A file read as JSON (or `undefined` when it is not JSON) and, when its schema accepts it, the parsed value. */
export interface ParsedFile<T> {
  json: unknown;
  data: T | null;
  /** Fields the schema already reported, so the cross-file checks do not report them again. */
  badFields: Set<string>;
}

/** `author.name`, `technicians[0]`, or `(file)` for the file as a whole. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "(file)" : path.map((key) => (typeof key === "number" ? `[${key}]` : String(key))).join(".").replaceAll(".[", "[");
}

/** Parses a file as JSON and checks it against its schema, adding one issue per problem. */
export function parseFile<S extends z.ZodType>(file: RawFile, schema: S, issues: ContentIssue[]): ParsedFile<z.infer<S>> {
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
    const field = formatFieldPath(issue.path);
    badFields.add(field);
    issues.push({ file: file.path, field, reason: missing ? "is required but missing" : issue.message });
  }
  return { json, data: null, badFields };
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
export const isString = (value: unknown): value is string => typeof value === "string";
