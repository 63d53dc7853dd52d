import { Feed } from "feed";
import type { SiteUrls } from "../dataset/site-urls.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import { describeReview, FEED_SIZE, latestUpdate, reviewUpdatedDate } from "./feed-items.ts";

const day = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);

/**
 * Builds `/feed.xml` (RFC 4287) with the `feed` package. `updated` and every
 * id come from the data, never the clock, so rebuilding unchanged content
 * yields the same bytes and notifies no WebSub subscriber.
 */
export function buildAtomFeed(dataset: ReviewsDataset, urls: SiteUrls): string {
  const { business } = dataset;
  const items = dataset.reviews.slice(0, FEED_SIZE);
  const feed = new Feed({
    id: urls.atomFeed,
    title: `${business.name}: verified customer reviews`,
    description: `The ${FEED_SIZE} newest verified reviews of ${business.name}.`,
    link: `${urls.base}/`,
    language: "en-US",
    updated: day(latestUpdate(items)),
    generator: false,
    feedLinks: { atom: urls.atomFeed, json: urls.jsonFeed },
    hub: urls.hub,
    author: { name: business.name, link: business.url },
  });
  for (const review of items) {
    feed.addItem({
      id: review.url,
      link: review.url,
      title: describeReview(review),
      date: day(reviewUpdatedDate(review)),
      published: day(review.date),
      description: `${review.rating} out of 5 stars`,
      content: review.text,
      author: [{ name: review.author.name }],
      category: review.services.map((service) => ({ term: service.id, name: service.name })),
    });
  }
  return feed.atom1();
}
