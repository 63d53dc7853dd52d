import { buildOpenApiDocument } from "../lib/openapi/build-openapi.ts";
import { getSiteData, jsonResponse } from "../site/site-data.ts";

export async function GET(): Promise<Response> {
  const { urls, dataset } = await getSiteData();
  return jsonResponse(buildOpenApiDocument(urls, dataset));
}
