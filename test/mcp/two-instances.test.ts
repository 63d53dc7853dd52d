import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { McpDeps } from "../../src/mcp/mcp-deps.ts";
import { startBlobsServer, type BlobsRequestListener } from "../support/blobs.ts";
import { INITIALIZE, JSON_HEADERS, MCP_URL, realData, rpc } from "./support/mcp-fixture.ts";

/**
 * Two function instances: each imports the handler and the platform session
 * module afresh (vi.resetModules), so they share no memory, only the Blobs
 * store, as two Netlify instances or a cold start would. No
 * MCP_SESSION_SECRET is set: the instances must agree on the secret
 * through Blobs alone.
 */
interface Instance {
  handle: (request: Request, deps: McpDeps) => Promise<Response>;
  deps: McpDeps;
}

async function startInstance(now: () => number = Date.now): Promise<Instance> {
  vi.resetModules();
  const handler = await import("../../src/mcp/handler.ts");
  const platform = await import("../../src/platform/mcp-sessions.ts");
  return { handle: handler.handleMcpRequest, deps: { ...realData(), ...platform.getMcpSessionDeps(), now } };
}

const send = (instance: Instance, method: string, body: unknown, session?: string) =>
  instance.handle(
    new Request(MCP_URL, {
      method,
      headers: { ...JSON_HEADERS, ...(session === undefined ? {} : { "Mcp-Session-Id": session }) },
      body: body === null ? null : JSON.stringify(body),
    }),
    instance.deps,
  );

let blobs: Awaited<ReturnType<typeof startBlobsServer>>;
let saved: string | undefined;
/** Revocation records read from Blobs, by any instance. */
let revocationReads = 0;
const countReads: BlobsRequestListener = ({ type, url }) => {
  if (type === "get" && url.includes("/ended/")) revocationReads += 1;
};

beforeAll(async () => {
  saved = process.env.MCP_SESSION_SECRET;
  delete process.env.MCP_SESSION_SECRET;
  blobs = await startBlobsServer(countReads);
});
afterAll(async () => {
  if (saved !== undefined) process.env.MCP_SESSION_SECRET = saved;
  await blobs.stop();
});

describe("MCP sessions across function instances", () => {
  it("accepts on one instance a session minted by another, and ends it everywhere", async () => {
    const a = await startInstance();
    const b = await startInstance();
    expect(a.handle).not.toBe(b.handle);
    expect(a.deps.secret).not.toBe(b.deps.secret);

    // Both instances start cold at once: both create the secret, one wins, both use the winner.
    const [fromA, fromB] = await Promise.all([send(a, "POST", INITIALIZE), send(b, "POST", INITIALIZE)]);
    const [sessionA, sessionB] = [fromA.headers.get("mcp-session-id")!, fromB.headers.get("mcp-session-id")!];
    expect(sessionA).toBeTruthy();
    expect(sessionB).toBeTruthy();

    expect((await send(b, "POST", rpc(2, "tools/list"), sessionA)).status).toBe(200);
    expect((await send(a, "POST", rpc(3, "tools/list"), sessionB)).status).toBe(200);

    expect((await send(b, "DELETE", null, sessionA)).status).toBe(204);
    expect((await send(a, "POST", rpc(4, "tools/list"), sessionA)).status).toBe(404);
    expect((await send(b, "POST", rpc(5, "tools/list"), sessionA)).status).toBe(404);
    expect((await send(a, "POST", rpc(6, "tools/list"), sessionB)).status).toBe(200);
  });

  it("checks a live session without reading Blobs per call, and ends it everywhere within the bound", async () => {
    const clock = { now: Date.UTC(2026, 10, 23, 12) };
    const { REVOCATION_BOUND_MS } = await import("../../src/platform/mcp-sessions.ts");
    const a = await startInstance(() => clock.now);
    const b = await startInstance(() => clock.now);
    const session = (await send(a, "POST", INITIALIZE)).headers.get("mcp-session-id")!;
    const call = (instance: Instance, id: number) => send(instance, "POST", rpc(id, "tools/call", { name: "get_business", arguments: {} }), session);

    const before = revocationReads;
    for (let id = 2; id < 22; id += 1) {
      expect((await call(a, id)).status).toBe(200);
      expect((await call(b, id)).status).toBe(200);
      clock.now += 100;
    }
    expect(revocationReads - before).toBe(2); // one read per instance, none per call

    clock.now += 1;
    expect((await send(a, "DELETE", null, session)).status).toBe(204);
    const endedAt = clock.now;
    expect((await call(a, 30)).status).toBe(404);
    // b last read the session 2 s before the DELETE: from then on it refuses within the bound.
    clock.now = endedAt + REVOCATION_BOUND_MS;
    expect((await call(b, 31)).status).toBe(404);
  });

  it("accepts a session after a cold start of every instance", async () => {
    const before = await startInstance();
    const session = (await send(before, "POST", INITIALIZE)).headers.get("mcp-session-id")!;
    const after = await startInstance();
    expect((await send(after, "POST", rpc(2, "tools/call", { name: "get_business", arguments: {} }), session)).status).toBe(200);
  });

  it("answers 503, not 500, when Blobs is unreachable", async () => {
    const instance = await startInstance();
    const session = (await send(instance, "POST", INITIALIZE)).headers.get("mcp-session-id")!;
    // The store stays configured, at the address of a server that no longer answers.
    const context = process.env.NETLIFY_BLOBS_CONTEXT!;
    await blobs.stop();
    vi.stubEnv("NETLIFY_BLOBS_CONTEXT", context);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cold = await startInstance();
    const response = await send(cold, "POST", rpc(2, "tools/list"), session);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    errors.mockRestore();
    vi.unstubAllEnvs();
    blobs = await startBlobsServer(countReads);
  });
});
