import { getSiteData } from "../site/site-data.ts";

export async function GET(): Promise<Response> {
  return new Response((await getSiteData()).atomFeed, { headers: { "Content-Type": "application/atom+xml; charset=utf-8" } });
}
