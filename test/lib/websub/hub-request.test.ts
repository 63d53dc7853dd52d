import { describe, expect, it } from "vitest";
import { createSiteUrls } from "../../../src/lib/dataset/site-urls.ts";
import { HUB_LIMITS } from "../../../src/lib/websub/hub-limits.ts";
import { describeCallbackProblem, parseHubRequest } from "../../../src/lib/websub/hub-request.ts";
import { listTopics } from "../../../src/lib/websub/topics.ts";

const urls = createSiteUrls("https://reviews.example/");
const topics = listTopics(urls);
const parse = (fields: Record<string, string>) => parseHubRequest(new URLSearchParams(fields), topics, HUB_LIMITS);
const valid = { "hub.mode": "subscribe", "hub.callback": "https://sub.example/cb?x=1", "hub.topic": urls.atomFeed };

describe("parseHubRequest (W3C WebSub §5.1)", () => {
  it.each(topics.map((t) => [t.url]))("accepts the topic %s exactly", (topic) => {
    expect(parse({ ...valid, "hub.topic": topic })).toMatchObject({ ok: true, value: { topic: { url: topic } } });
  });

  it("returns the callback (already in its URL serialization, so unchanged), the requested lease and the secret", () => {
    expect(parse({ ...valid, "hub.lease_seconds": "3600", "hub.secret": "k" })).toEqual({
      ok: true,
      value: { mode: "subscribe", callback: valid["hub.callback"], topic: topics[0], leaseSeconds: 3600, secret: "k" },
    });
  });

  it.each([
    ["publish with hub.topic", { "hub.mode": "publish", "hub.topic": urls.reviews }],
    ["publish with hub.url", { "hub.mode": "publish", "hub.url": urls.reviews }],
    ["publish with both, equal", { "hub.mode": "publish", "hub.url": urls.reviews, "hub.topic": urls.reviews }],
  ])("accepts %s", (_name, fields) => {
    expect(parse(fields)).toEqual({ ok: true, value: { mode: "publish", topic: topics[2] } });
  });

  it.each([
    ["plain HTTP callback", { "hub.callback": "http://sub.example/cb" }, "hub.callback"],
    ["relative callback", { "hub.callback": "/cb" }, "hub.callback"],
    ["javascript: callback", { "hub.callback": "javascript:alert(1)" }, "hub.callback"],
    ["callback with credentials", { "hub.callback": "https://a:b@sub.example/cb" }, "hub.callback"],
    ["overlong callback", { "hub.callback": `https://sub.example/${"a".repeat(2100)}` }, "hub.callback"],
    ["unknown topic", { "hub.topic": "https://reviews.example/insights.json" }, "hub.topic"],
    ["topic of another site", { "hub.topic": "https://evil.example/feed.xml" }, "hub.topic"],
    ["topic with a query", { "hub.topic": `${urls.atomFeed}?x` }, "hub.topic"],
    ["bad mode", { "hub.mode": "SUBSCRIBE" }, "hub.mode"],
    ["negative lease", { "hub.lease_seconds": "-5" }, "hub.lease_seconds"],
    ["fractional lease", { "hub.lease_seconds": "1.5" }, "hub.lease_seconds"],
    ["empty secret", { "hub.secret": "" }, "hub.secret"],
    ["200-byte secret", { "hub.secret": "x".repeat(200) }, "hub.secret"],
  ])("refuses a %s", (_name, change, field) => {
    const result = parse({ ...valid, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]!.path).toEqual([field]);
  });

  it.each(["hub.mode", "hub.callback", "hub.topic"])("requires %s for subscribe, saying it is required", (field) => {
    const fields: Record<string, string> = { ...valid };
    delete fields[field];
    const result = parse(fields);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.find((i) => i.path[0] === field)?.message).toContain(`${field} is required`);
  });

  it.each([
    ["an upper-case host and the default port", "https://SUB.Example:443/cb?Q=1", "https://sub.example/cb?Q=1"],
    ["spaces around the URL", "  https://sub.example/cb  ", "https://sub.example/cb"],
  ])("serializes the callback as a URL, so one endpoint is one subscription: %s", (_name, callback, expected) => {
    expect(parse({ ...valid, "hub.callback": callback })).toMatchObject({ ok: true, value: { callback: expected } });
  });

  it("refuses publish without a topic, or with two different ones", () => {
    expect(parse({ "hub.mode": "publish" }).ok).toBe(false);
    expect(parse({ "hub.mode": "publish", "hub.url": urls.reviews, "hub.topic": urls.atomFeed }).ok).toBe(false);
  });

  it("tolerates unknown hub.* and other fields", () => {
    expect(parse({ ...valid, "hub.verify": "async", "hub.extra": "1", utm: "x" }).ok).toBe(true);
  });

  it("refuses a known field given twice", () => {
    const form = new URLSearchParams(valid);
    form.append("hub.mode", "unsubscribe");
    const result = parseHubRequest(form, topics, HUB_LIMITS);
    expect(result).toMatchObject({ ok: false, issues: [{ path: ["hub.mode"], code: "repeated_parameter" }] });
  });
});

describe("describeCallbackProblem", () => {
  it.each([
    ["https://sub.example/cb", null],
    ["https://sub.example:8443/cb?x=1#frag", null],
    ["http://sub.example/cb", /plain HTTP/],
    ["wss://sub.example/cb", /https/],
    ["not a url", /absolute URL/],
  ])("%s", (url, expected) => {
    const problem = describeCallbackProblem(url, 2048);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});
