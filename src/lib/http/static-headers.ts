import type { SiteUrls } from "../dataset/site-urls.ts";
import { CORS_HEADERS } from "./cors.ts";
import { formatHttpDate } from "./http-date.ts";
import { formatTopicLinks } from "./link-header.ts";
import { formatPageCsp, PAGE_PATHS, SITE_HEADERS } from "./security-headers.ts";

interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/**
 * Header rules for the pre-rendered files, written to dist/ as Netlify's `_headers` file. They are
 * generated because the WebSub `Link` values are absolute URLs derived from SITE_URL, and the
 * dataset files' `Last-Modified` (docs/interface.md §4.7) is the data's own date at 00:00:00 GMT,
 * as in the search and since answers. The security headers come first (security-headers.ts); no
 * header name appears in two rules that match one path.
 */
export function listStaticHeaderRules(urls: SiteUrls, lastModifiedDate: string): HeaderRule[] {
  const json = "application/json; charset=utf-8";
  const lastModified = formatHttpDate(lastModifiedDate);
  const topic = (contentType: string, topicUrl: string): Record<string, string> => ({
    "Content-Type": contentType,
    ...CORS_HEADERS,
    Link: formatTopicLinks(urls.hub, topicUrl),
    "Last-Modified": lastModified,
  });
  return [
    { path: "/*", headers: { ...SITE_HEADERS } },
    ...PAGE_PATHS.map((path) => ({ path, headers: { "Content-Security-Policy": formatPageCsp() } })),
    { path: "/reviews.json", headers: topic(json, urls.reviews) },
    { path: "/api/feed.json", headers: topic("application/feed+json; charset=utf-8", urls.jsonFeed) },
    { path: "/feed.xml", headers: topic("application/atom+xml; charset=utf-8", urls.atomFeed) },
    { path: "/insights.json", headers: { "Content-Type": json, ...CORS_HEADERS, "Last-Modified": lastModified } },
    { path: "/openapi.json", headers: { "Content-Type": json, ...CORS_HEADERS } },
    { path: "/404.json", headers: { "Content-Type": json, ...CORS_HEADERS } },
  ];
}

/** Renders rules in the `_headers` file syntax: a path line, then indented `Name: value` lines. */
export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return rules
    .map((rule) => [rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n"))
    .join("\n\n")
    .concat("\n");
}
