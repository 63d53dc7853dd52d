import type * as z from "../zod.ts";
import { jsonResponse } from "./json-response.ts";

/** One invalid input: where (`path`), a stable machine code, and a sentence for people. */
export interface ValidationIssue {
  path: (string | number)[];
  code: string;
  message: string;
}

/** Maps zod issues to the public issue shape; unrecognized keys become one issue per key. */
export function toValidationIssues(error: z.ZodError, knownKeys: readonly string[]): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
    const path = issue.path.map((key) => (typeof key === "number" ? key : String(key)));
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: [...path, key],
        code: "unknown_parameter",
        message: `unknown parameter "${key}"; known parameters are ${knownKeys.join(", ")}`,
      }));
    }
    const field = path.length > 0 ? String(path.at(-1)) : "";
    const message = field !== "" && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
    return [{ path, code: issue.code, message }];
  });
}

/** The 400 body of design.md: `{error: "invalid_request", message, issues}`. */
export function validationErrorResponse(issues: readonly ValidationIssue[]): Response {
  const summary = issues.map((issue) => issue.message).join("; ");
  return jsonResponse(400, { error: "invalid_request", message: `Invalid request: ${summary}`, issues }, { "Cache-Control": "no-store" });
}
