/**
 * `npm run subscriber`: a WebSub subscriber for local development, so a
 * subscribe request to the local hub can really be answered 202 and verified.
 *
 * The hub only calls HTTPS callbacks and checks their certificates, so this
 * listens with HTTPS on loopback (127.0.0.1, `SUBSCRIBER_PORT`, default 9443)
 * with a certificate for `localhost` from a development CA. The CA is made
 * on first use (30 days) in `WEBSUB_DEV_CA_DIR` (default
 * `.netlify/websub-dev-ca/`) and reused while it is valid, so the server
 * keeps trusting it across restarts. Start the server with
 * `NODE_EXTRA_CA_CERTS=<dir>/ca.pem WEBSUB_ALLOW_PRIVATE_CALLBACKS=true`.
 *
 * Every callback path echoes `hub.challenge` (W3C WebSub §5.3) and answers
 * 200 to content deliveries, printing one line for each. With
 * `SUBSCRIBER_SECRET` (the `hub.secret` you subscribed with) it also checks
 * each delivery's `X-Hub-Signature` (§8).
 */
import { createHmac, timingSafeEqual, X509Certificate } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:https";
import { join, resolve } from "node:path";
import { getSiteUrl } from "../src/platform/env.ts";
import { createTestTls, writeTestTls, type TestTls } from "../test/support/test-ca.ts";

const ROOT = join(import.meta.dirname, "..");
const caDir = resolve(process.env.WEBSUB_DEV_CA_DIR || join(ROOT, ".netlify/websub-dev-ca"));
const port = Number(process.env.SUBSCRIBER_PORT || 9443);
const secret = process.env.SUBSCRIBER_SECRET;
const HOUR_MS = 60 * 60_000;

/** The CA and `localhost` certificate in `caDir`, reused while valid for at least another hour, else made anew. */
async function loadOrCreateTls(): Promise<{ tls: TestTls; created: boolean }> {
  const paths = { caPem: join(caDir, "ca.pem"), certPem: join(caDir, "cert.pem"), keyPem: join(caDir, "key.pem") };
  if (Object.values(paths).every((path) => existsSync(path))) {
    const tls = { caPem: readFileSync(paths.caPem, "utf8"), certPem: readFileSync(paths.certPem, "utf8"), keyPem: readFileSync(paths.keyPem, "utf8") };
    const expires = Math.min(new X509Certificate(tls.caPem).validToDate.getTime(), new X509Certificate(tls.certPem).validToDate.getTime());
    if (expires - Date.now() > HOUR_MS) return { tls, created: false };
  }
  const tls = await createTestTls(["localhost"], 30);
  writeTestTls(caDir, tls);
  return { tls, created: true };
}

function checkSignature(body: Buffer, header: string | undefined): string {
  if (secret === undefined) return header ? "signed (set SUBSCRIBER_SECRET to check)" : "unsigned";
  const [method, hex] = (header ?? "").split("=");
  if (method !== "sha256" || hex === undefined) return "SIGNATURE MISSING";
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(hex, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected) ? "signature valid" : "SIGNATURE INVALID";
}

if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`SUBSCRIBER_PORT must be a port number from 1 to 65535, not "${process.env.SUBSCRIBER_PORT}"`);
  process.exit(1);
}
const { tls, created } = await loadOrCreateTls();
const server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const url = new URL(req.url ?? "/", `https://localhost:${port}`);
    const query = url.searchParams;
    const mode = query.get("hub.mode");
    if (req.method === "GET" && query.has("hub.challenge")) {
      console.log(`verified  ${mode} ${query.get("hub.topic")} at ${url.pathname} (lease ${query.get("hub.lease_seconds") ?? "-"} s)`);
      res.writeHead(200, { "Content-Type": "text/plain" }).end(query.get("hub.challenge"));
    } else if (req.method === "GET" && mode === "denied") {
      console.log(`denied    ${query.get("hub.topic")} at ${url.pathname}: ${query.get("hub.reason") ?? "no reason given"}`);
      res.writeHead(200).end();
    } else if (req.method === "POST") {
      const body = Buffer.concat(chunks);
      const signature = checkSignature(body, req.headers["x-hub-signature"] as string | undefined);
      console.log(`delivery  ${req.headers["content-type"]} ${body.byteLength} bytes at ${url.pathname}, ${signature}`);
      res.writeHead(200).end();
    } else {
      res.writeHead(404).end();
    }
  });
});
server.on("error", (error) => {
  console.error(`subscriber: ${error.message}`);
  process.exit(1);
});
server.listen(port, "127.0.0.1", () => {
  const callback = `https://localhost:${port}/websub`;
  console.log(`${created ? "Made a development CA" : "Using the development CA"} in ${caDir}`);
  console.log(`Subscriber listening on ${callback}`);
  console.log(`Start the server trusting it:\n  NODE_EXTRA_CA_CERTS=${join(caDir, "ca.pem")} WEBSUB_ALLOW_PRIVATE_CALLBACKS=true npm start`);
  // Topics are the server's own SITE_URL origin (http://localhost:8888 by default): the hub refuses any other.
  const site = getSiteUrl();
  console.log(
    secret === undefined
      ? "Deliveries are signed with the hub.secret you subscribe with; start this subscriber with SUBSCRIBER_SECRET set to it to check each signature."
      : "Deliveries are signed with hub.secret; each signature is checked here against SUBSCRIBER_SECRET.",
  );
  console.log(
    `Then subscribe (answered 202, verified here):\n  curl -si ${site}/api/websub/hub -d hub.mode=subscribe -d hub.topic=${site}/api/feed.json -d hub.callback=${callback} --data-urlencode 'hub.secret=${secret ?? "change-me-to-a-long-random-string"}'`,
  );
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
