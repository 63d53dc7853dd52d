import type { SiteUrls } from "../dataset/site-urls.ts";

/** One WebSub topic of the service (docs/interface.md §6, "Topics"). */
export interface Topic {
  url: string;
  /** Content type of a content-distribution POST (docs/design.md, "WebSub hub"). */
  contentType: string;
}

/** The three topics, all derived from `{base_url}`; matched exactly, never by prefix. */
export function listTopics(urls: SiteUrls): Topic[] {
  return [
    { url: urls.atomFeed, contentType: "application/atom+xml" },
    { url: urls.jsonFeed, contentType: "application/feed+json" },
    { url: urls.reviews, contentType: "application/json" },
  ];
}

/** The topic whose URL is exactly `url`, or null. */
export function findTopic(topics: readonly Topic[], url: string): Topic | null {
  return topics.find((topic) => topic.url === url) ?? null;
}
