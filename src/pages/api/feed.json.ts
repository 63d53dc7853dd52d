import { getSiteData, jsonResponse } from "../../site/site-data.ts";

export async function GET(): Promise<Response> {
  return jsonResponse((await getSiteData()).jsonFeed, "application/feed+json");
}
