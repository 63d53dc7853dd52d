import type * as z from "../zod.ts";
import { jsonResponse } from "./json-response.ts";

/** One invalid input: where (`path`), a stable machine code, and a sentence for people. */
export interface ValidationIssue {
  path: (string | number)[];
  code: string;
  message: string;
}

/** The sentence for a parameter nobody asked for: what is known, or that nothing is. */
export function describeUnknownParameter(key: string, knownKeys: readonly string[]): string {
  return knownKeys.length === 0
    ? `unknown parameter "${key}"; this request takes no parameters`
    : `unknown parameter "${key}"; known parameters are ${knownKeys.join(", ")}`;
}

/**
 * Maps zod issues to the public issue shape; unrecognized keys become one
 * issue per key. Each path gets one issue, the first: zod may report one bad
 * value twice (a huge `limit` is both outside the safe integers and over the
 * maximum), and a client needs to be told once.
 */
export function toValidationIssues(error: z.ZodError, knownKeys: readonly string[]): ValidationIssue[] {
  const issues = error.issues.flatMap((issue): ValidationIssue[] => {
    const path = issue.path.map((key) => (typeof key === "number" ? key : String(key)));
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ path: [...path, key], code: "unknown_parameter", message: describeUnknownParameter(key, knownKeys) }));
    }
    const field = path.length > 0 ? String(path.at(-1)) : "";
    const message = field !== "" && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
    return [{ path, code: issue.code, message }];
  });
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = JSON.stringify(issue.path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The 400 body of docs/design.md: `{error: "invalid_request", message, issues}`. */
export function validationErrorResponse(issues: readonly ValidationIssue[]): Response {
  const summary = issues.map((issue) => issue.message).join("; ");
  return jsonResponse(400, { error: "invalid_request", message: `Invalid request: ${summary}`, issues }, { "Cache-Control": "no-store" });
}
