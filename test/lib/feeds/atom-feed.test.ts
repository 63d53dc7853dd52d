import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { validateContent } from "../../../src/lib/content/validate-content.ts";
import { FEED_SIZE } from "../../../src/lib/feeds/feed-items.ts";
import { endSentence } from "../../../src/lib/feeds/feed-text.ts";
import { buildSite } from "../../../src/lib/site-build.ts";
import { contentFiles, reviewFile, sampleReview, TEST_TODAY } from "../../support/fixtures.ts";
import { loadSite, TEST_BASE_URL } from "../../support/site.ts";

type Node = Record<string, unknown>;
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

describe("Atom feed (RFC 4287)", () => {
  const { atomFeed, dataset, urls } = loadSite();
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    isArray: (name) => ["entry", "link", "author", "category"].includes(name),
  });
  const document = parser.parse(atomFeed) as { feed: Node };
  const feed = document.feed;
  const links = asArray(feed.link as Node[]);

  it("is well-formed XML in the Atom namespace", () => {
    expect(XMLValidator.validate(atomFeed)).toBe(true);
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
  });

  it("has the feed elements RFC 4287 §4.1.1 requires: id, title, updated, author", () => {
    expect(feed.id).toBe(urls.atomFeed);
    expect(feed.title).toEqual({ "@type": "text", "#text": `${dataset.business.name}: verified customer reviews` });
    expect(String(feed.updated)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(asArray(feed.author as Node[])[0]?.name).toBe(dataset.business.name);
  });

  it("has a subtitle that ends in one full stop, even after a business name ending in one", () => {
    expect((feed.subtitle as Node)["#text"]).toBe(endSentence(`The ${FEED_SIZE} newest verified reviews of ${dataset.business.name}`));
    expect(String((feed.subtitle as Node)["#text"])).not.toMatch(/\.\.$/);
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
    const newest = dataset.reviews
      .slice(0, FEED_SIZE)
      .flatMap((r) => [r.date, r.response?.date ?? r.date])
      .sort()
      .at(-1);
    expect(String(feed.updated).slice(0, 10)).toBe(newest);
  });
});

describe("Atom feed with hostile review text", () => {
  const hostile = {
    title: `<img src=x onerror=alert(1)> & "q" ]]> ]]> &amp; <![CDATA[x]]>`,
    text: `<script>alert(1)</script> ]]> and ]]> again &amp; &lt;\n\nSecond <b>paragraph</b>\nwith a second line`,
    author: `<b>Eve</b> &amp; Co`,
  };
  const content = validateContent(
    contentFiles([reviewFile(sampleReview({ title: hostile.title, text: `${hostile.text}\u0007`, author: { name: hostile.author, location: null } }))]),
    TEST_TODAY,
  );
  const { atomFeed, dataset } = buildSite(content, TEST_BASE_URL);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseTagValue: false,
    isArray: (name) => ["entry", "author"].includes(name),
  });
  const entry = (parser.parse(atomFeed) as { feed: { entry: Node[] } }).feed.entry[0]!;

  const elementNames = (node: unknown): string[] =>
    Array.isArray(node)
      ? node.flatMap(elementNames)
      : node !== null && typeof node === "object"
        ? Object.entries(node).flatMap(([key, value]) => [...(key.startsWith("@") || key === "#text" ? [] : [key]), ...elementNames(value)])
        : [];

  it("stays well-formed and injects no element", () => {
    expect(XMLValidator.validate(atomFeed)).toBe(true);
    expect(new Set(elementNames(entry))).toEqual(new Set(["id", "title", "link", "published", "updated", "author", "name", "category", "summary", "content"]));
  });

  it("sends the title and author as plain text that round-trips exactly", () => {
    expect(entry.title).toEqual({ "@type": "text", "#text": hostile.title });
    expect((entry.author as Node[])[0]).toEqual({ name: hostile.author });
  });

  it("sends the text as escaped HTML whose only markup is paragraphs and line breaks, and whose text round-trips", () => {
    const content = entry.content as Node;
    expect(content["@type"]).toBe("html");
    const html = String(content["#text"]);
    expect(html.match(/<[^>]*>/g)?.filter((tag) => !["<p>", "</p>", "<br>"].includes(tag))).toEqual([]);
    const text = html
      .replace(/^<p>|<\/p>$/g, "")
      .replaceAll("</p><p>", "\n\n")
      .replaceAll("<br>", "\n")
      .replace(/&(lt|gt|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", amp: "&" })[name]!);
    expect(text).toBe(`${hostile.text}\uFFFD`);
    expect(dataset.reviews[0]!.text).toBe(`${hostile.text}\u0007`);
  });
});

describe("feed text helpers", () => {
  it.each([
    ["Keystone Flue & Duct Co.", "Keystone Flue & Duct Co."],
    ["Keystone Flue & Duct", "Keystone Flue & Duct."],
  ])("endSentence(%j) is %j", (input, expected) => {
    expect(endSentence(input)).toBe(expected);
  });
});
