import { XMLBuilder } from "fast-xml-parser";
import type { SiteUrls } from "../dataset/site-urls.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { ReviewRecord } from "../schema/review.ts";
import { describeReview, FEED_SIZE, latestUpdate, reviewUpdatedDate, toTimestamp } from "./feed-items.ts";
import { endSentence, textToHtml, toXmlSafeText } from "./feed-text.ts";

const ATOM_NS = "http://www.w3.org/2005/Atom";

/**
 * The builder escapes `&`, `<`, `>` and quotes in every text node and attribute
 * (processEntities), so no value can open an element. Not the `feed` package: it sends text as
 * `type="html"` CDATA (review text becomes markup in readers), ends CDATA early on a second `]]>`,
 * and turns a literal `&amp;` into `&`.
 */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", format: true, indentBy: "  ", suppressEmptyNode: true });

/** An Atom Text construct of type "text" (RFC 4287 §3.1.1.1): shown as plain text, never parsed. */
const plainText = (text: string) => ({ "@type": "text", "#text": toXmlSafeText(text) });

function buildEntry(review: ReviewRecord) {
  return {
    id: review.url,
    title: plainText(describeReview(review)),
    link: [{ "@rel": "alternate", "@type": "text/html", "@href": review.url }],
    published: toTimestamp(review.date),
    updated: toTimestamp(reviewUpdatedDate(review)),
    author: [{ name: toXmlSafeText(review.author.name) }],
    category: review.services.map((service) => ({ "@term": service.id, "@label": toXmlSafeText(service.name) })),
    summary: plainText(`${review.rating} out of 5 stars`),
    // RFC 4287 §4.1.3.1: type "html" content is escaped HTML. It is built from the plain text
    // (paragraphs kept, everything else escaped), so readers show what the reviewer wrote.
    content: { "@type": "html", "#text": textToHtml(toXmlSafeText(review.text)) },
  };
}

/**
 * Builds `/feed.xml` (RFC 4287). `updated` and every id come from the data,
 * never the clock, so rebuilding unchanged content yields the same bytes and
 * notifies no WebSub subscriber.
 */
export function buildAtomFeed(dataset: ReviewsDataset, urls: SiteUrls): string {
  const { business } = dataset;
  const items = dataset.reviews.slice(0, FEED_SIZE);
  const name = toXmlSafeText(business.name);
  const document = {
    "?xml": { "@version": "1.0", "@encoding": "utf-8" },
    feed: {
      "@xmlns": ATOM_NS,
      "@xml:lang": "en-US",
      id: urls.atomFeed,
      title: plainText(`${business.name}: verified customer reviews`),
      subtitle: plainText(endSentence(`The ${FEED_SIZE} newest verified reviews of ${business.name}`)),
      updated: toTimestamp(latestUpdate(items)),
      author: { name, uri: business.url },
      link: [
        { "@rel": "alternate", "@type": "text/html", "@href": `${urls.base}/` },
        { "@rel": "self", "@type": "application/atom+xml", "@href": urls.atomFeed },
        { "@rel": "alternate", "@type": "application/feed+json", "@href": urls.jsonFeed },
        { "@rel": "hub", "@href": urls.hub },
      ],
      entry: items.map(buildEntry),
    },
  };
  return builder.build(document) as string;
}
