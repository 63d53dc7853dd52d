import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { ValidationIssue } from "../lib/http/validation-error.ts";
import type { DatasetIndex } from "../lib/search/dataset-index.ts";
import { serializeReviewListBody, type ReviewListBody } from "../lib/search/review-list-body.ts";

/** Every tool only reads the published dataset (docs/interface.md §4.6: all tools are read-only). */
export const READ_ONLY_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/** A successful result whose structured content has type T (the tool's output schema). */
export interface ToolSuccess<T> {
  [key: string]: unknown;
  content: [{ type: "text"; text: string }];
  structuredContent: T;
}

/** A tool execution error the model can read and correct (tools §Error Handling). */
export interface ToolError {
  [key: string]: unknown;
  content: [{ type: "text"; text: string }];
  isError: true;
}

export type ToolResult<T> = ToolSuccess<T> | ToolError;

/**
 * A successful result: `structuredContent` for clients that read the output
 * schema, and the same object as JSON text for those that only read
 * `content` (MCP 2025-06-18, tools §Structured Content: "SHOULD also return
 * the serialized JSON in a TextContent block"). A caller that already has
 * those exact bytes (the search index caches review JSON) passes them in.
 */
export function toToolResult<T extends object>(structured: T, text: string = JSON.stringify(structured)): ToolSuccess<T> {
  return { content: [{ type: "text", text }], structuredContent: structured };
}

/** The review list a result was made from (toReviewListResult), for writing its answer from the index's bytes; JSON.stringify skips symbol keys. */
const REVIEW_LIST = Symbol("reviewList");

/**
 * A successful result whose structured content is the review list `body`
 * serializes (search, since): its text copy is serialized when first read,
 * and the direct answer (http/direct-tool-call.ts) writes both copies from
 * the index's cached bytes instead (reviewListOf).
 */
export function toReviewListResult<T extends object>(structured: T, body: ReviewListBody, index: DatasetIndex): ToolSuccess<T> {
  let text: string | undefined;
  return {
    content: [
      {
        type: "text",
        get text() {
          return (text ??= serializeReviewListBody(body, index));
        },
      },
    ],
    structuredContent: structured,
    [REVIEW_LIST]: { body, index },
  };
}

/** The review list behind a result of {@link toReviewListResult}, or null. */
export function reviewListOf(result: object): { body: ReviewListBody; index: DatasetIndex } | null {
  return (result as { [REVIEW_LIST]?: { body: ReviewListBody; index: DatasetIndex } })[REVIEW_LIST] ?? null;
}

/**
 * A tool execution error (`isError: true`, tools §Error Handling) the model
 * can read and correct. The text is a JSON error body in the service's one
 * error model (docs/design.md: `{error, message}`, plus `issues` for validation).
 */
export function toToolError(body: { error: string; message: string; issues?: readonly ValidationIssue[] }): ToolError {
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
}

/** Invalid arguments, with the message and issues the REST 400 carries, word for word (validation-error.ts). */
export function toInvalidRequestError(issues: readonly ValidationIssue[]): ToolError {
  return toToolError({ error: "invalid_request", message: `Invalid request: ${issues.map((issue) => issue.message).join("; ")}`, issues });
}
