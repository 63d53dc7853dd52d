import type { Config } from "@netlify/functions";
import { errorResponse } from "../../src/lib/http/json-response.ts";

/** Unknown paths get a JSON 404 rather than an HTML page. Static files and the other functions win. */
export default (): Response =>
  errorResponse(404, "not_found", "No resource at this path. See /openapi.json for the endpoints this service offers.");

export const config: Config = {
  path: "/*",
  preferStatic: true,
  excludedPath: ["/api/reviews/search", "/api/reviews/since/*", "/mcp", "/api/websub/hub"],
};
