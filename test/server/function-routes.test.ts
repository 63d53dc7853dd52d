import { describe, expect, it } from "vitest";
import { compileFunctionRoute, listStaticCandidates, matchFunctionRoute, type FunctionRoute } from "../../src/server/function-routes.ts";

const routes = [
  compileFunctionRoute("hub", { path: "/api/websub/hub" }),
  compileFunctionRoute("posts", { path: "/api/posts", method: ["POST"] }),
  compileFunctionRoute("not-found", { path: "/*", preferStatic: true, excludedPath: ["/api/reviews/search", "/api/reviews/since/*"] }),
  compileFunctionRoute("search", { path: "/api/reviews/search" }),
  compileFunctionRoute("since", { path: "/api/reviews/since/:date" }),
].filter((route): route is FunctionRoute => route !== null);

const match = (path: string, method = "GET") => {
  const found = matchFunctionRoute(routes, path, method);
  return found && { name: found.route.name, params: found.params };
};

describe("matchFunctionRoute", () => {
  it.each([
    ["/api/reviews/search", "search", {}],
    ["/api/reviews/search/", "search", {}],
    ["/api/reviews/since/2026-01-01", "since", { date: "2026-01-01" }],
    ["/api/reviews/since/%E0%A4%A", "since", { date: "%E0%A4%A" }],
    ["/api/reviews/SEARCH", "not-found", {}],
    ["/API/websub/hub", "not-found", {}],
    ["/nope", "not-found", {}],
    ["/", "not-found", {}],
  ])("routes %s to %s, case-sensitively, skipping excluded paths", (path, name, params) => {
    expect(match(path)).toEqual({ name, params });
  });

  it("honours a route's methods: other methods fall through to the next route", () => {
    expect(match("/api/posts", "POST")?.name).toBe("posts");
    expect(match("/api/posts", "GET")?.name).toBe("not-found");
  });

  it("gives no route to a function without a path (scheduled and event functions)", () => {
    expect(compileFunctionRoute("websub-retry", { schedule: "*/5 * * * *" } as object)).toBeNull();
  });
});

describe("listStaticCandidates", () => {
  it.each([
    ["/", ["/index.html", "/index.htm"]],
    ["/docs", ["/docs", "/docs.html", "/docs.htm", "/docs/index.html", "/docs/index.htm"]],
    ["/docs/", ["/docs.html", "/docs.htm", "/docs/index.html", "/docs/index.htm"]],
    ["/reviews.json", ["/reviews.json", "/reviews.json.html", "/reviews.json.htm", "/reviews.json/index.html", "/reviews.json/index.htm"]],
    ["/_astro/x.css", ["/_astro/x.css"]],
  ])("tries %s as the CDN does", (path, candidates) => {
    expect(listStaticCandidates(path)).toEqual(candidates);
  });
});
