import { getSiteData, prerenderedJson } from "../site/site-data.ts";

export async function GET(): Promise<Response> {
  return prerenderedJson((await getSiteData()).insights);
}
