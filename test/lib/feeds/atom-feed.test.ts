import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { FEED_SIZE } from "../../../src/lib/feeds/feed-items.ts";
import { loadSite } from "../../support/site.ts";

type Node = Record<string, unknown>;
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

describe("Atom feed (RFC 4287)", () => {
  const { atomFeed, dataset, urls } = loadSite();
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["entry", "link", "author", "category"].includes(name) });
  const document = parser.parse(atomFeed) as { feed: Node };
  const feed = document.feed;
  const links = asArray(feed.link as Node[]);

  it("is well-formed XML in the Atom namespace", () => {
    expect(XMLValidator.validate(atomFeed)).toBe(true);
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
  });

  it("has the feed elements RFC 4287 §4.1.1 requires: id, title, updated, author", () => {
    expect(feed.id).toBe(urls.atomFeed);
    expect(String(feed.title)).toContain(dataset.business.name);
    expect(String(feed.updated)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(asArray(feed.author as Node[])[0]?.name).toBe(dataset.business.name);
  });

  it("links to itself and to the WebSub hub", () => {
    expect(links).toContainEqual(expect.objectContaining({ "@rel": "self", "@href": urls.atomFeed }));
    expect(links).toContainEqual(expect.objectContaining({ "@rel": "hub", "@href": urls.hub }));
  });

  it("has one entry per newest review, each with id, title, updated and an alternate link (§4.1.2)", () => {
    const entries = asArray(feed.entry as Node[]);
    expect(entries).toHaveLength(Math.min(FEED_SIZE, dataset.reviews.length));
    entries.forEach((entry, index) => {
      const review = dataset.reviews[index]!;
      expect(entry.id).toBe(review.url);
      expect(entry.title).toBeTruthy();
      expect(String(entry.updated)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(asArray(entry.link as Node[])).toContainEqual(expect.objectContaining({ "@href": review.url }));
    });
  });

  it("takes updated from the data, so it never depends on the build clock", () => {
    const newest = dataset.reviews.slice(0, FEED_SIZE).flatMap((r) => [r.date, r.response?.date ?? r.date]).sort().at(-1);
    expect(String(feed.updated).slice(0, 10)).toBe(newest);
  });
});
