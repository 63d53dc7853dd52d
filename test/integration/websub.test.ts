import { createHmac, randomUUID } from "node:crypto";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createSiteUrls, type SiteUrls } from "../../src/lib/dataset/site-urls.ts";
import { findFreePort } from "../support/free-port.ts";
import { startHttpsSubscriber, type HttpsSubscriber } from "../support/https-subscriber.ts";
import { startServer, stopProcess } from "../support/run-node.ts";
import { createStage } from "../support/stage.ts";

/**
 * The WebSub lifecycle end to end over HTTP against the production server,
 * with a real HTTPS subscriber on loopback (throwaway CA trusted by the
 * server through NODE_EXTRA_CA_CERTS; see global-setup.ts).
 *
 * A "content change" rewrites the served feed.xml (the Atom topic). So that
 * no other test sees it, this file has a server of its own (own port, origin
 * and Blobs) on its own copy of the project and of the shared build; the hub
 * takes topics under that server's origin. `npm run publish` has its own file.
 */
const tlsDir = inject("websubTlsDir");
const run = `/run-${randomUUID().slice(0, 8)}`;

let base: string;
let urls: SiteUrls;
let feedPath: string;
let stopSite: () => Promise<void>;
let subscriber: HttpsSubscriber;
let originalFeed: Buffer;
let changes = 0;
const hub = (fields: Record<string, string>) =>
  fetch(urls.hub, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
const subscribe = (path: string, extra: Record<string, string> = {}) =>
  hub({ "hub.mode": "subscribe", "hub.callback": subscriber.url(run + path), "hub.topic": urls.atomFeed, ...extra });
const unsubscribe = (path: string) => hub({ "hub.mode": "unsubscribe", "hub.callback": subscriber.url(run + path), "hub.topic": urls.atomFeed });

async function deploySucceeded(): Promise<{ topic: string; status: string; delivered?: number; failed?: number; removed?: number }[]> {
  const response = await fetch(`${base}/.netlify/functions/deploy-succeeded`, { method: "POST", headers: { "x-netlify-event": "deploy_succeeded" } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { topics: { topic: string; status: string }[] }).topics;
}

/** Changes what the Atom topic serves, then runs the deploy hook; returns the Atom topic's summary. */
async function changeAndPublish() {
  writeFileSync(feedPath, Buffer.concat([originalFeed, Buffer.from(`<!-- websub test change ${run} ${++changes} -->\n`)]));
  const summaries = await deploySucceeded();
  const atom = summaries.find((s) => s.topic === urls.atomFeed)!;
  expect(atom.status).toBe("changed");
  return atom;
}

const at = (path: string) => subscriber.requests(run + path);
const posts = (path: string) => at(path).filter((r) => r.method === "POST");
const verifications = (path: string) => at(path).filter((r) => r.query.has("hub.challenge"));
const waitForVerifications = (path: string, count: number) => subscriber.waitFor(() => verifications(path).length >= count);

beforeAll(async () => {
  const tls = {
    caPem: readFileSync(join(tlsDir, "ca.pem"), "utf8"),
    certPem: readFileSync(join(tlsDir, "cert.pem"), "utf8"),
    keyPem: readFileSync(join(tlsDir, "key.pem"), "utf8"),
  };
  subscriber = await startHttpsSubscriber(tls);
  const siteRoot = createStage(tmpdir());
  const started: { server?: Awaited<ReturnType<typeof startServer>> } = {};
  // Set before anything else can fail, so afterAll removes the stage whatever happens next.
  stopSite = async () => {
    if (started.server !== undefined) await stopProcess(started.server.child);
    rmSync(siteRoot, { recursive: true, force: true });
  };
  cpSync(join(inject("siteRoot"), "dist"), join(siteRoot, "dist"), { recursive: true });
  const port = await findFreePort();
  const server = (started.server = await startServer(
    { ...inject("serverEnv"), PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` },
    "scripts/serve.mjs",
    siteRoot,
  ));
  base = server.url;
  urls = createSiteUrls(base);
  feedPath = join(siteRoot, "dist/feed.xml");
  originalFeed = readFileSync(feedPath);
  await deploySucceeded(); // record the current hashes
});

afterAll(async () => {
  await stopSite?.();
  await subscriber?.close();
});

// Each local function call starts a fresh worker (about 1 s on a busy machine), hence the generous timeout.
describe("WebSub hub over HTTP through the local Netlify runtime", { timeout: 120_000 }, () => {
  let shortLeaseVerifiedAt = 0;

  it("rejects a plain-HTTP callback at once, and no verification GET arrives", async () => {
    const response = await hub({ "hub.mode": "subscribe", "hub.callback": `http://localhost:${subscriber.port}${run}/plain`, "hub.topic": urls.atomFeed });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", message: expect.stringMatching(/https/) });
    await subscriber.settle(1000);
    expect(at("/plain")).toEqual([]);
  });

  it("answers GET with 405 and Allow, and a JSON body with 415", async () => {
    const get = await fetch(urls.hub);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    const json = await fetch(urls.hub, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
  });

  it("answers 202 and verifies with mode, topic, a fresh challenge and the lease, keeping the callback's query", async () => {
    subscriber.setBehaviour(`${run}/wrong`, { verify: "wrong" });
    subscriber.setBehaviour(`${run}/missing`, { verify: 404 });
    const responses = await Promise.all([
      subscribe("/good?list=reviews", { "hub.secret": "integration-secret", "hub.lease_seconds": "600" }),
      subscribe("/wrong", { "hub.lease_seconds": "600" }),
      subscribe("/missing", { "hub.lease_seconds": "600" }),
      subscribe("/short", { "hub.lease_seconds": "1" }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    await Promise.all([
      waitForVerifications("/good", 1),
      waitForVerifications("/wrong", 1),
      waitForVerifications("/missing", 1),
      waitForVerifications("/short", 1),
    ]);
    shortLeaseVerifiedAt = Date.now();
    const [good] = verifications("/good");
    expect(good!.method).toBe("GET");
    expect(good!.query.get("list")).toBe("reviews");
    expect(good!.query.get("hub.mode")).toBe("subscribe");
    expect(good!.query.get("hub.topic")).toBe(urls.atomFeed);
    expect(good!.query.get("hub.lease_seconds")).toBe("600");
    expect(good!.query.get("hub.challenge")!.length).toBeGreaterThanOrEqual(32);
    expect(verifications("/short")[0]!.query.get("hub.lease_seconds")).toBe("10"); // clamped to the minimum
    expect(verifications("/wrong")[0]!.query.get("hub.challenge")).not.toBe(good!.query.get("hub.challenge"));
  });

  it("answers 202 before the callback has answered the verification (context.waitUntil)", async () => {
    subscriber.setBehaviour(`${run}/slow`, { verifyDelayMs: 8000 });
    const started = Date.now();
    const response = await subscribe("/slow", { "hub.lease_seconds": "600" });
    expect(response.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(7000);
  });

  it("delivers a content change only to the verified callback: type, both links, a valid signature", async () => {
    await subscriber.settle(500);
    // The hub makes a subscription active once the callback's answer to its verification is in, after the GET this test
    // saw, and /short's 10 s lease can end during a publish: on a loaded machine a publish may reach fewer callbacks than
    // planned, so publish again until one reaches /good (within a deadline).
    let summary = await changeAndPublish();
    for (const deadline = Date.now() + 60_000; (summary.delivered === 0 || posts("/good").length === 0) && Date.now() < deadline;) {
      await subscriber.settle(1000);
      summary = await changeAndPublish();
    }
    expect(summary.delivered).toBeGreaterThanOrEqual(1);
    const post = posts("/good").at(-1);
    expect(post).toBeDefined();
    expect(post!.query.get("list")).toBe("reviews");
    expect(post!.headers["content-type"]).toBe("application/atom+xml");
    expect(post!.headers.link).toBe(`<${urls.hub}>; rel="hub", <${urls.atomFeed}>; rel="self"`);
    expect(post!.body.equals(readFileSync(feedPath))).toBe(true);
    expect(post!.headers["x-hub-signature"]).toBe(`sha256=${createHmac("sha256", "integration-secret").update(post!.body).digest("hex")}`);
    expect(posts("/wrong")).toEqual([]);
    expect(posts("/missing")).toEqual([]);
  });

  it("notifies nobody when nothing changed", async () => {
    const before = subscriber.requests().length;
    const summaries = await deploySucceeded();
    expect(summaries.map((s) => s.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
    await subscriber.settle(1000);
    expect(subscriber.requests().length).toBe(before);
  });

  it("stops deliveries after a verified unsubscribe", async () => {
    expect((await unsubscribe("/good?list=reviews")).status).toBe(202);
    await subscriber.waitFor(() => verifications("/good").some((r) => r.query.get("hub.mode") === "unsubscribe"));
    await subscriber.settle(500);
    await changeAndPublish();
    await subscriber.settle(500);
    expect(posts("/good")).toHaveLength(1);
  });

  it("removes a subscription after 3 failed deliveries, sends a denial, and it stays removed when the callback recovers", async () => {
    subscriber.setBehaviour(`${run}/down`, { deliver: 500 });
    await subscribe("/down", { "hub.lease_seconds": "600" });
    await waitForVerifications("/down", 1);
    await subscriber.settle(500);
    for (let i = 0; i < 3; i++) await changeAndPublish();
    expect(posts("/down")).toHaveLength(3);
    const denial = await subscriber.waitFor(() => at("/down").some((r) => r.query.get("hub.mode") === "denied"));
    const denied = denial.find((r) => r.path === `${run}/down` && r.query.get("hub.mode") === "denied")!;
    expect(denied.query.get("hub.topic")).toBe(urls.atomFeed);
    expect(denied.query.get("hub.reason")).toMatch(/3 consecutive deliveries failed/);
    subscriber.setBehaviour(`${run}/down`, { deliver: 200 });
    await changeAndPublish();
    await subscriber.settle(500);
    expect(posts("/down")).toHaveLength(3);
  });

  it("loses nothing in concurrent subscribe and unsubscribe storms", async () => {
    const started = Date.now();
    const first = Array.from({ length: 12 }, (_, i) => `/storm/${i}`);
    const lease = { "hub.lease_seconds": "600" };
    expect(new Set((await Promise.all(first.map((path) => subscribe(path, lease)))).map((r) => r.status))).toEqual(new Set([202]));
    await subscriber.waitFor(() => first.every((path) => verifications(path).length === 1), 60_000);
    await subscriber.settle(1500);
    const leaving = first.filter((_, i) => i % 2 === 0);
    const joining = Array.from({ length: 6 }, (_, i) => `/storm/late-${i}`);
    await Promise.all([...leaving.map((path) => unsubscribe(path)), ...joining.map((path) => subscribe(path, lease))]);
    await subscriber.waitFor(() => [...leaving, ...joining].every((path) => verifications(path).length >= 1 + (leaving.includes(path) ? 1 : 0)), 60_000);
    // The hub applies each verified request after its echo, later still on a loaded machine: publish until one publish
    // reaches exactly the subscribers who stayed or joined. A lost subscription is never reached and a lost unsubscribe
    // always is, so either fails at the deadline (inside the test's timeout).
    const expected = [...first.filter((path) => !leaving.includes(path)), ...joining].sort();
    const everyone = first.concat(joining);
    let reached: string[];
    do {
      const before = new Map(everyone.map((path) => [path, posts(path).length]));
      await changeAndPublish();
      await subscriber.settle(500);
      reached = everyone.filter((path) => posts(path).length > before.get(path)!).sort();
    } while (reached.join() !== expected.join() && Date.now() < started + 100_000);
    expect(reached).toEqual(expected);
  });

  it("ends the subscription when its lease runs out: no more deliveries, and the sweep purges it", async () => {
    const before = posts("/short").length;
    expect(before).toBeGreaterThanOrEqual(1); // it was active and got the earlier changes
    const wait = shortLeaseVerifiedAt + 11_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await changeAndPublish();
    await subscriber.settle(500);
    expect(posts("/short")).toHaveLength(before);
    const sweep = await fetch(`${base}/.netlify/functions/websub-retry`, { method: "POST" });
    expect(sweep.status).toBe(200);
    expect(await sweep.json()).toMatchObject({ active: expect.any(Number), expired: expect.any(Number) });
  });
});
