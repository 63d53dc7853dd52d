/** Every absolute URL the service publishes, derived from one base URL (docs/design.md: SITE_URL). */
export interface SiteUrls {
  base: string;
  hub: string;
  reviews: string;
  insights: string;
  jsonFeed: string;
  atomFeed: string;
  openapi: string;
  mcp: string;
  review: (id: string) => string;
}

export function createSiteUrls(baseUrl: string): SiteUrls {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    base,
    hub: `${base}/api/websub/hub`,
    reviews: `${base}/reviews.json`,
    insights: `${base}/insights.json`,
    jsonFeed: `${base}/api/feed.json`,
    atomFeed: `${base}/feed.xml`,
    openapi: `${base}/openapi.json`,
    mcp: `${base}/mcp`,
    review: (id) => `${base}/reviews/${encodeURIComponent(id)}/`,
  };
}
