import type { Config } from "@netlify/functions";
import { notFoundResponse } from "../../src/lib/http/not-found.ts";

/** Unknown paths get a 404: an HTML page for browsers, JSON for API clients. Static files and the other functions win. */
export default (request: Request): Response => notFoundResponse(request);

export const config: Config = {
  path: "/*",
  preferStatic: true,
  excludedPath: ["/api/reviews/search", "/api/reviews/since/*", "/mcp", "/api/websub/hub"],
};
