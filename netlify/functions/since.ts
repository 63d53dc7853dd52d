import type { Config, Context } from "@netlify/functions";
import { handleSinceRequest } from "../../src/lib/api/since-endpoint.ts";
import { getDatasetIndex } from "../../src/platform/built-dataset.ts";
import { READ_RATE_LIMIT } from "../../src/platform/rate-limits.ts";

export default (request: Request, context: Context): Response => handleSinceRequest(request, context.params.date ?? "", getDatasetIndex(), context.url);

export const config: Config = { path: "/api/reviews/since/:date", rateLimit: READ_RATE_LIMIT };
