import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../../src/lib/openapi/build-openapi.ts";
import { SEARCH_PARAM_NAMES } from "../../../src/lib/search/search-params.ts";
import { RATE_LIMITS } from "../../../src/platform/rate-limits.ts";
import { loadFunctions } from "../../../src/server/functions.ts";
import { PROJECT_ROOT } from "../../support/fixtures.ts";
import { loadSite } from "../../support/site.ts";

type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema: Record<string, unknown>; example?: unknown }[];
        responses: Record<
          string,
          { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown; example?: unknown }> }
        >;
      }
    >
  >;
  components: { schemas: Record<string, Record<string, unknown>> };
};

const DOC_ID = "https://reviews.example/openapi.json";

describe("OpenAPI document", () => {
  const { urls, dataset } = loadSite();
  const doc = JSON.parse(JSON.stringify(buildOpenApiDocument(urls, dataset, RATE_LIMITS))) as Doc;

  it("is OpenAPI 3.1.0 describing interface version 1.0.0", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
  });

  it("covers every endpoint of the interface", () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/api/feed.json",
        "/api/reviews/search",
        "/api/reviews/since/{date}",
        "/api/websub/hub",
        "/feed.xml",
        "/insights.json",
        "/mcp",
        "/openapi.json",
        "/reviews.json",
      ].sort(),
    );
    expect(Object.keys(doc.paths["/mcp"]!)).toContain("post");
    expect(Object.keys(doc.paths["/api/websub/hub"]!)).toEqual(["post"]);
  });

  it("documents the 429 of every rate-limited function, with Retry-After and the function's own limit", async () => {
    const limited = (await loadFunctions(join(PROJECT_ROOT, "netlify/functions"))).filter((fn) => fn.rateLimit !== null);
    expect(limited.map((fn) => fn.name).sort()).toEqual(["hub", "mcp", "search", "since"]);
    for (const fn of limited) {
      const path = String(fn.config.path).replace(/:(\w+)/g, "{$1}");
      const operations = Object.values(doc.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) {
        const response = operation.responses["429"];
        expect(response?.headers, path).toHaveProperty("Retry-After");
        expect(response?.description, path).toContain(`more than ${fn.rateLimit!.config.windowLimit} requests in ${fn.rateLimit!.config.windowSize} s`);
      }
    }
  });

  it("documents every search parameter from the zod schema, with its bounds", () => {
    const parameters = doc.paths["/api/reviews/search"]!.get!.parameters!.filter((p) => p.in === "query");
    expect(parameters.map((p) => p.name)).toEqual(SEARCH_PARAM_NAMES);
    const byName = Object.fromEntries(parameters.map((p) => [p.name, p.schema]));
    expect(byName.rating).toMatchObject({ type: "integer", minimum: 1, maximum: 5 });
    expect(byName.min_rating).toMatchObject({ type: "number", minimum: 1, maximum: 5 });
    expect(byName.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    expect(byName.since).toMatchObject({ type: "string", pattern: expect.any(String) });
  });

  it("carries examples that validate against the documented schemas", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: DOC_ID, components: doc.components });
    const examples = [
      [doc.paths["/api/reviews/search"]!.get!.responses["200"]!, "SearchResult"],
      [doc.paths["/api/reviews/since/{date}"]!.get!.responses["200"]!, "SinceResult"],
      [doc.paths["/api/reviews/search"]!.get!.responses["400"]!, "ValidationError"],
    ] as const;
    for (const [response, id] of examples) {
      const example = response.content!["application/json"]!.example;
      expect(example).toBeDefined();
      const validate = ajv.getSchema(`${DOC_ID}#/components/schemas/${id}`)!;
      expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it("describes summary.highlights field by field, and the built insights validate against it", () => {
    const summary = (doc.components.schemas.Insights!.properties as Record<string, { properties: Record<string, { properties?: object }> }>).summary!;
    expect(Object.keys(summary.properties.highlights!.properties!)).toEqual(
      expect.arrayContaining(["review_count", "strongest_aspect", "last_12_months", "trend"]),
    );
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: DOC_ID, components: doc.components });
    const validate = ajv.getSchema(`${DOC_ID}#/components/schemas/Insights`)!;
    expect(validate(JSON.parse(JSON.stringify(loadSite().insights))), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it("describes the real dataset: reviews.json validates against the ReviewsDataset component", () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: DOC_ID, components: doc.components });
    const validate = ajv.getSchema(`${DOC_ID}#/components/schemas/ReviewsDataset`)!;
    expect(validate(JSON.parse(JSON.stringify(dataset))), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });
});
