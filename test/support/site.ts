import { join } from "node:path";
import { buildSite, type SiteBuild } from "../../src/lib/site-build.ts";
import { loadContentDir } from "../../src/platform/content-dir.ts";
import { PROJECT_ROOT } from "./fixtures.ts";

export const TEST_BASE_URL = "https://reviews.example";

let cached: SiteBuild | undefined;

/** The site built in-process from the real content/, as the Astro pages build it. */
export function loadSite(): SiteBuild {
  cached ??= buildSite(loadContentDir(join(PROJECT_ROOT, "content")), TEST_BASE_URL);
  return cached;
}
