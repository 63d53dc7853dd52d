import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { FEED_SIZE } from "../../../src/lib/feeds/feed-items.ts";
import { loadSite } from "../../support/site.ts";

const schema = JSON.parse(readFileSync(join(import.meta.dirname, "../../schemas/jsonfeed-1.1.schema.json"), "utf8"));
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
addFormats.default(ajv);
const validate = ajv.compile(schema);

describe("JSON Feed 1.1", () => {
  const { jsonFeed, dataset, urls } = loadSite();

  it("validates against a JSON Feed 1.1 schema written from the specification", () => {
    const valid = validate(JSON.parse(JSON.stringify(jsonFeed)));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it("refuses a feed the specification forbids, so the schema is not vacuous", () => {
    const broken = { ...jsonFeed, version: "https://jsonfeed.org/version/1", items: [{ id: "x" }], unknown: 1 };
    expect(validate(broken)).toBe(false);
    expect(validate.errors!.length).toBeGreaterThanOrEqual(3);
  });

  it("carries the 50 newest reviews in dataset order", () => {
    expect(jsonFeed.items).toHaveLength(Math.min(FEED_SIZE, dataset.reviews.length));
    expect(jsonFeed.items.map((item) => item._review.id)).toEqual(dataset.reviews.slice(0, FEED_SIZE).map((r) => r.id));
  });

  it("names the hub, the feed URL and authors", () => {
    expect(jsonFeed.hubs).toEqual([{ type: "WebSub", url: urls.hub }]);
    expect(jsonFeed.feed_url).toBe(urls.jsonFeed);
    expect(jsonFeed.authors[0]?.name).toBe(dataset.business.name);
    for (const item of jsonFeed.items) expect(item.authors[0]?.name).toBe(item._review.author.name);
  });

  it("embeds the full public review record as the _review extension", () => {
    const item = jsonFeed.items[0]!;
    expect(item._review).toEqual(dataset.reviews[0]);
    expect(item.url).toBe(item._review.url);
    expect(item.content_text).toBe(item._review.text);
  });
});
