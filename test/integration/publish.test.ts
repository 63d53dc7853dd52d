import { randomUUID } from "node:crypto";
import { appendFileSync, cpSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createSiteUrls } from "../../src/lib/dataset/site-urls.ts";
import { startHttpsSubscriber, type HttpsSubscriber } from "../support/https-subscriber.ts";
import { runScriptAsync } from "../support/run-node.ts";
import { hashTree } from "../support/stage.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

/**
 * `npm run publish` against the shared server: it rebuilds the served folder from CONTENT_DIR, then
 * sends the deploy event, which makes the server take the new files and notifies the subscribers
 * of every topic whose bytes changed (docs/websub.md). The served topics are first made to differ
 * from a build, as an older deploy's would, so the rebuild changes all three. This is the run's
 * second full build, of the same content for the same origin as the shared one: it must give the
 * same bytes. It changes what the shared server serves, so it runs after the files that only read it.
 */
const base = inject("baseUrl");
const urls = createSiteUrls(base);
const siteRoot = inject("siteRoot");
const dist = join(siteRoot, "dist");
const run = `/publish-${randomUUID().slice(0, 8)}`;
const TOPICS = [
  { path: "/dataset", topic: urls.reviews, file: "reviews.json", type: "application/json" },
  { path: "/jsonfeed", topic: urls.jsonFeed, file: "api/feed.json", type: "application/feed+json" },
  { path: "/atom", topic: urls.atomFeed, file: "feed.xml", type: "application/atom+xml" },
];

let subscriber: HttpsSubscriber;
/** Set once the rebuild succeeded: without it the byte-for-byte check would compare the first build with itself. */
let republished = false;

beforeAll(async () => {
  const tlsDir = inject("websubTlsDir");
  const read = (name: string) => readFileSync(join(tlsDir, name), "utf8");
  subscriber = await startHttpsSubscriber({ caPem: read("ca.pem"), certPem: read("cert.pem"), keyPem: read("key.pem") });
});

afterAll(async () => {
  await subscriber?.close();
});

const deploySucceeded = async () => {
  const response = await fetch(`${base}/.netlify/functions/deploy-succeeded`, { method: "POST", headers: { "x-netlify-event": "deploy_succeeded" } });
  expect(response.status).toBe(200);
};

describe("npm run publish", { timeout: 240_000 }, () => {
  it("rebuilds the served site from CONTENT_DIR and notifies the subscribers of every changed topic", async () => {
    // An older deploy: other bytes for each topic (whitespace keeps the JSON valid), taken by the server.
    for (const { file } of TOPICS) appendFileSync(join(dist, file), file.endsWith(".xml") ? "<!-- older -->\n" : "\n");
    await deploySucceeded();
    for (const { path, topic } of TOPICS) {
      const subscribed = await fetch(urls.hub, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": subscriber.url(run + path), "hub.lease_seconds": "600" }),
      });
      expect(subscribed.status).toBe(202);
    }
    await subscriber.waitFor(() => TOPICS.every(({ path }) => subscriber.requests(run + path).some((r) => r.query.has("hub.challenge"))));

    const contentDir = makeTestTempDir("publish-content-");
    cpSync(inject("serverEnv").CONTENT_DIR!, contentDir, { recursive: true });
    const published = await runScriptAsync("scripts/publish.ts", { ...inject("serverEnv"), CONTENT_DIR: contentDir }, siteRoot);
    const output = published.stdout + published.stderr;
    expect(published.status, output).toBe(0);
    republished = true;
    // The build read CONTENT_DIR (its first line names it), and the summary lists each topic as changed.
    expect(output).toContain(`Content checked: ${readdirSync(join(contentDir, "reviews")).length} reviews in `);
    expect(output).toMatch(new RegExp(`reviews in \\S*${contentDir.split("/").at(-1)}\\n`));
    for (const { topic } of TOPICS) expect(output).toMatch(new RegExp(`changed\\s+${topic.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s`));

    for (const { path, file, type } of TOPICS) {
      const posts = subscriber.requests(run + path).filter((r) => r.method === "POST");
      expect(posts, path).toHaveLength(1);
      expect(posts[0]!.headers["content-type"]).toBe(type);
      expect(posts[0]!.body.equals(readFileSync(join(dist, file))), path).toBe(true);
    }
  });

  it("writes byte for byte what the first build of the same content for the same origin wrote", () => {
    expect(republished, "the publish test above must run first").toBe(true);
    expect(hashTree(dist)).toEqual(inject("siteBuild").hashes);
  });
});
