import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCallbackClient, type Resolver } from "../../../src/platform/websub/guarded-client.ts";
import { CallbackConnectionError } from "../../../src/platform/websub/https-transport.ts";
import { createTestTls, type TestTls } from "../../support/test-ca.ts";

/** The real HTTPS transport against a loopback server with a throwaway CA. TLS verification stays on throughout. */
let tls: TestTls;
let server: Server;
let port: number;

beforeAll(async () => {
  tls = await createTestTls(["localhost", "pinned.invalid"]);
  server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    if (req.url === "/big") return void res.end("x".repeat(200 * 1024));
    if (req.url === "/hang") return; // never answers
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
const client = (extraCa: string[] = [tls.caPem]) => createCallbackClient({ allowPrivate: true, resolve: toLoopback, extraCa });
const get = (url: string, options: { extraCa?: string[]; timeoutMs?: number; maxAnswerBytes?: number } = {}) =>
  client(options.extraCa).send({ url, method: "GET", timeoutMs: options.timeoutMs ?? 3000, maxAnswerBytes: options.maxAnswerBytes ?? 64 * 1024 });

describe("HTTPS transport to callbacks", () => {
  it("connects to the vetted address without asking DNS again (a name DNS cannot resolve still works)", async () => {
    const answer = await get(`https://pinned.invalid:${port}/`);
    expect(answer.status).toBe(200);
    expect(new TextDecoder().decode(answer.body)).toBe("ok");
  });

  it("refuses a certificate no trusted CA signed", async () => {
    await expect(get(`https://localhost:${port}/`, { extraCa: [] })).rejects.toBeInstanceOf(CallbackConnectionError);
  });

  it("refuses a certificate that does not name the callback host", async () => {
    await expect(get(`https://elsewhere.invalid:${port}/`)).rejects.toMatchObject({ code: "ERR_TLS_CERT_ALTNAME_INVALID" });
  });

  it("reads at most the answer cap", async () => {
    const answer = await get(`https://localhost:${port}/big`, { maxAnswerBytes: 64 * 1024 });
    expect(answer.truncated).toBe(true);
    expect(answer.body.byteLength).toBe(64 * 1024);
  });

  it("gives up at the time cap", async () => {
    const started = Date.now();
    await expect(get(`https://localhost:${port}/hang`, { timeoutMs: 300 })).rejects.toMatchObject({ code: "ETIMEDOUT" });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
