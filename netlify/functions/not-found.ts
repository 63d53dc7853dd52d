import type { Config } from "@netlify/functions";
import { answerUnknownPath } from "../../src/lib/http/not-found.ts";

/** Unknown paths get a 404 (HTML for browsers, JSON for API clients), or a 301 to a page's own address. Static files and the other functions win. */
export default (request: Request): Response => answerUnknownPath(request);

export const config: Config = {
  path: "/*",
  preferStatic: true,
  excludedPath: ["/api/reviews/search", "/api/reviews/since/*", "/mcp", "/api/websub/hub"],
};
