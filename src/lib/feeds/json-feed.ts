import type { SiteUrls } from "../dataset/site-urls.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { ReviewRecord } from "../schema/review.ts";
import { describeReview, FEED_SIZE, reviewUpdatedDate, toTimestamp } from "./feed-items.ts";

/** A JSON Feed 1.1 item (https://www.jsonfeed.org/version/1.1/) with the review as an extension. */
export interface JsonFeedItem {
  id: string;
  url: string;
  title: string;
  content_text: string;
  date_published: string;
  date_modified: string;
  authors: { name: string }[];
  tags: string[];
  /** Custom extension (JSON Feed 1.1 "Extensions"): the full public review record. */
  _review: ReviewRecord;
}

export interface JsonFeed {
  version: "https://jsonfeed.org/version/1.1";
  title: string;
  home_page_url: string;
  feed_url: string;
  description: string;
  language: string;
  authors: { name: string; url: string }[];
  hubs: { type: "WebSub"; url: string }[];
  items: JsonFeedItem[];
}

/** Builds `/api/feed.json`: the 50 newest reviews, naming the WebSub hub in `hubs`. */
export function buildJsonFeed(dataset: ReviewsDataset, urls: SiteUrls): JsonFeed {
  const { business } = dataset;
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: `${business.name}: verified customer reviews`,
    home_page_url: `${urls.base}/`,
    feed_url: urls.jsonFeed,
    description: `The ${FEED_SIZE} newest verified reviews of ${business.name}, ${business.address.locality}, ${business.address.region}.`,
    language: "en-US",
    authors: [{ name: business.name, url: business.url }],
    hubs: [{ type: "WebSub", url: urls.hub }],
    items: dataset.reviews.slice(0, FEED_SIZE).map((review) => ({
      id: review.url,
      url: review.url,
      title: describeReview(review),
      content_text: review.text,
      date_published: toTimestamp(review.date),
      date_modified: toTimestamp(reviewUpdatedDate(review)),
      authors: [{ name: review.author.name }],
      tags: review.services.map((service) => service.name),
      _review: review,
    })),
  };
}
