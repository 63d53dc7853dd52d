import { buildOpenApiDocument } from "../lib/openapi/build-openapi.ts";
import { RATE_LIMITS } from "../platform/rate-limits.ts";
import { getSiteData, prerenderedJson } from "../site/site-data.ts";

export async function GET(): Promise<Response> {
  const { urls, dataset } = await getSiteData();
  return prerenderedJson(buildOpenApiDocument(urls, dataset, RATE_LIMITS));
}
