import * as z from "../zod.ts";
import { handleReadRequest } from "../http/read-endpoint.ts";
import { memoizeText } from "../memo.ts";
import { toValidationIssues, validationErrorResponse, type ValidationIssue } from "../http/validation-error.ts";
import { IsoDateSchema } from "../schema/primitives.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import { parseQueryString } from "../search/parse-query-string.ts";
import { reviewsSinceBody } from "../search/reviews-since.ts";
import { respondWithReviewList } from "./review-list-response.ts";

export const SincePathSchema = z.strictObject({
  date: IsoDateSchema.describe("First day to include, YYYY-MM-DD.").meta({ examples: ["2026-01-01"] }),
});

/** This endpoint takes no query parameters; any given is refused like an unknown search parameter. */
const NO_QUERY = z.strictObject({});

/**
 * The since feed is complete by design (a client catches up on everything
 * from a day on), so it has no `limit` or filters. Someone who sends them
 * most likely wants the search endpoint, which has both: say so.
 */
function explainNoQuery(issue: ValidationIssue, date: string): ValidationIssue {
  if (issue.code !== "unknown_parameter") return issue;
  const example = `/api/reviews/search?since=${IsoDateSchema.safeParse(date).success ? date : "2026-01-01"}&limit=20`;
  const key = String(issue.path[0]);
  return {
    ...issue,
    message: `unknown parameter "${key}"; /api/reviews/since/{date} takes no query parameters and returns every review from that date on. To limit or filter, use ${example}`,
  };
}

/** Path dates already validated, with their outcome (a pure function of the text). */
const parseSincePath = memoizeText(1_000, (date) => SincePathSchema.safeParse({ date }));

/**
 * `GET /api/reviews/since/{date}` (docs/interface.md §4.5): `date` is the raw
 * path segment; `url` is the request's URL when the caller has parsed it
 * already (a Netlify function's `context.url`).
 */
export function handleSinceRequest(request: Request, date: string, index: DatasetIndex, url?: URL): Response {
  return handleReadRequest(request, () => {
    const search = (url ?? new URL(request.url)).search;
    // Nearly every request has no query at all: nothing to parse then.
    const query = search === "" ? ({ ok: true } as const) : parseQueryString(search, NO_QUERY);
    const path = parseSincePath(date);
    const issues = [
      ...(query.ok ? [] : query.issues.map((issue) => explainNoQuery(issue, date))),
      ...(path.success ? [] : toValidationIssues(path.error, ["date"])),
    ];
    if (issues.length > 0 || !path.success) return validationErrorResponse(issues);
    return respondWithReviewList(request, reviewsSinceBody(path.data.date, index), index);
  });
}
