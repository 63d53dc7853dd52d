import type { Config, Context } from "@netlify/functions";
import { handleSearchRequest } from "../../src/lib/api/search-endpoint.ts";
import { getDatasetIndex } from "../../src/platform/built-dataset.ts";
import { READ_RATE_LIMIT } from "../../src/platform/rate-limits.ts";

export default (request: Request, context: Context): Response => handleSearchRequest(request, getDatasetIndex(), context.url);

// No `method` here: a function that declares one stops matching HEAD (405s come from the handler).
export const config: Config = { path: "/api/reviews/search", rateLimit: READ_RATE_LIMIT };
