import * as z from "../zod.ts";
import { handleReadRequest, respondWithValidators } from "../http/read-endpoint.ts";
import { toValidationIssues, validationErrorResponse } from "../http/validation-error.ts";
import { IsoDateSchema } from "../schema/primitives.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import { parseQueryString } from "../search/parse-query-string.ts";
import { serializeReviewsSince } from "../search/reviews-since.ts";

export const SincePathSchema = z.strictObject({
  date: IsoDateSchema.describe("First day to include, YYYY-MM-DD.").meta({ examples: ["2026-01-01"] }),
});

/** This endpoint takes no query parameters; any given is refused like an unknown search parameter. */
const NO_QUERY = z.strictObject({});

/** `GET /api/reviews/since/{date}` (interface.md §4.5): `date` is the raw path segment. */
export function handleSinceRequest(request: Request, date: string, index: DatasetIndex): Response {
  return handleReadRequest(request, () => {
    const query = parseQueryString(new URL(request.url).searchParams, NO_QUERY);
    const path = SincePathSchema.safeParse({ date });
    const issues = [...(query.ok ? [] : query.issues), ...(path.success ? [] : toValidationIssues(path.error, ["date"]))];
    if (issues.length > 0 || !path.success) return validationErrorResponse(issues);
    return respondWithValidators(request, serializeReviewsSince(path.data.date, index), index.lastModifiedDate);
  });
}
