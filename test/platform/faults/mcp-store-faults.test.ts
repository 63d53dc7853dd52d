import { getStore, type Store } from "@netlify/blobs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { handleMcpRequest } from "../../../src/mcp/handler.ts";
import type { McpDeps } from "../../../src/mcp/mcp-deps.ts";
import { createBlobsSessionStore, createSessionSecretSource, MIN_SECRET_LENGTH, REVOCATION_BOUND_MS } from "../../../src/platform/mcp-sessions.ts";
import { INITIALIZE, JSON_HEADERS, MCP_URL, readRpc, realData, rpc } from "../../mcp/support/mcp-fixture.ts";
import { startBlobsServer } from "../../support/blobs.ts";
import { createFaultyStore, type FaultPlan, type FaultyStore } from "../../support/faulty-store.ts";

/**
 * `/mcp` while Netlify Blobs fails one call (docs/mcp.md: "If Blobs cannot
 * be reached when a session must be checked or issued, the answer is 503
 * with a JSON-RPC error and Retry-After: 5, never a 500"). Each instance is
 * the platform's own session code (createBlobsSessionStore,
 * createSessionSecretSource) over one real Blobs store; a new instance is
 * a cold start that shares nothing with the others but Blobs.
 */
const SECRET_KEY = "secret/session-hmac";
const ENDED = "ended/";

let blobs: Awaited<ReturnType<typeof startBlobsServer>>;
let real: Store;
let faulty: FaultyStore;
let storeCount = 0;
let consoleError: MockInstance<typeof console.error>;

beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await blobs.stop();
});
beforeEach(() => {
  real = getStore({ name: `mcp-sessions-faults-${++storeCount}`, consistency: "strong" });
  faulty = createFaultyStore(real);
  consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  // A 503 is logged as "session store unavailable"; a 500 would be "request failed".
  expect(consoleError.mock.calls.filter(([message]) => String(message).includes("request failed"))).toEqual([]);
  consoleError.mockRestore();
});

/** A function instance: fresh memory (secret cache, ended-session memo) over the shared, faulty store. */
function startInstance(now: () => number = Date.now): McpDeps {
  return { ...realData(), sessions: createBlobsSessionStore(faulty.store), secret: createSessionSecretSource(faulty.store, {}), now };
}

const send = (deps: McpDeps, method: "POST" | "DELETE", body: unknown, session?: string) =>
  handleMcpRequest(
    new Request(MCP_URL, {
      method,
      headers: { ...JSON_HEADERS, ...(session === undefined ? {} : { "Mcp-Session-Id": session }) },
      body: body === null ? null : JSON.stringify(body),
    }),
    deps,
  );
const initialize = (deps: McpDeps) => send(deps, "POST", INITIALIZE);
const listTools = (deps: McpDeps, session: string) => send(deps, "POST", rpc(2, "tools/list"), session);
const endSession = (deps: McpDeps, session: string) => send(deps, "DELETE", null, session);

async function openSession(deps: McpDeps): Promise<string> {
  const response = await initialize(deps);
  expect(response.status).toBe(200);
  return response.headers.get("mcp-session-id")!;
}

async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(response.headers.get("mcp-session-id")).toBeNull();
  const body = await readRpc(response);
  expect(body).toMatchObject({ jsonrpc: "2.0", error: { code: -32000, message: expect.stringMatching(/session store is unavailable/) } });
  expect(body.result).toBeUndefined();
}

async function expectWorks(deps: McpDeps, session: string): Promise<void> {
  const response = await listTools(deps, session);
  expect(response.status).toBe(200);
  expect((await readRpc(response)).result).toMatchObject({ tools: expect.any(Array) });
}

function expectOneFault(plan: FaultPlan): void {
  expect(faulty.faults()).toEqual([expect.objectContaining({ method: plan.method, key: expect.stringContaining(String(plan.key)) })]);
}

/** The secret in Blobs is absent or whole, never a partial or empty value. */
async function expectSecretIntact(): Promise<void> {
  const stored = await real.get(SECRET_KEY, { type: "text" });
  if (stored !== null) expect(stored.length).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH);
}

describe("initialize while Blobs fails one call", () => {
  it.each<[string, FaultPlan]>([
    ["reading the secret (none yet)", { method: "get", nth: 1, key: SECRET_KEY }],
    ["creating the secret", { method: "set", nth: 1, key: SECRET_KEY }],
    ["creating the secret (write applied, answer lost)", { method: "set", nth: 1, key: SECRET_KEY, when: "after" }],
    ["reading back the secret just created", { method: "get", nth: 2, key: SECRET_KEY }],
  ])("answers 503 JSON-RPC when %s fails, then issues sessions every instance accepts", async (_name, plan) => {
    const a = startInstance();
    faulty.arm(plan);
    await expectUnavailable(await initialize(a));
    expectOneFault(plan);
    await expectSecretIntact();

    const session = await openSession(a);
    const b = startInstance();
    await expectWorks(b, session);
    await expectWorks(a, await openSession(b));
    expect(await real.get(SECRET_KEY, { type: "text" })).toEqual(expect.any(String));
  });

  it("answers 503 JSON-RPC when a cold instance cannot read the existing secret; sessions of other instances keep working", async () => {
    const warm = startInstance();
    const session = await openSession(warm);
    const secret = await real.get(SECRET_KEY, { type: "text" });
    const cold = startInstance();
    const plan: FaultPlan = { method: "get", nth: 1, key: SECRET_KEY };
    faulty.arm(plan);
    await expectUnavailable(await initialize(cold));
    expectOneFault(plan);
    await expectWorks(warm, session);

    await expectWorks(cold, await openSession(cold));
    await expectWorks(cold, session);
    expect(await real.get(SECRET_KEY, { type: "text" })).toBe(secret);
  });
});

describe("a request with a session id while Blobs fails one call", () => {
  it.each<[string, FaultPlan, "warm" | "cold", "POST" | "DELETE"]>([
    ["the revocation check", { method: "get", nth: 1, key: ENDED }, "warm", "POST"],
    ["the revocation check, on a cold instance", { method: "get", nth: 1, key: ENDED }, "cold", "POST"],
    ["reading the secret, on a cold instance", { method: "get", nth: 1, key: SECRET_KEY }, "cold", "POST"],
    ["the revocation check before a DELETE", { method: "get", nth: 1, key: ENDED }, "warm", "DELETE"],
    ["reading the secret before a DELETE, on a cold instance", { method: "get", nth: 1, key: SECRET_KEY }, "cold", "DELETE"],
  ])("answers 503 JSON-RPC when %s fails, and the session still works afterwards", async (_name, plan, temperature, method) => {
    const issuer = startInstance();
    const session = await openSession(issuer);
    const deps = temperature === "warm" ? issuer : startInstance();
    faulty.arm(plan);
    const response = method === "POST" ? await listTools(deps, session) : await endSession(deps, session);
    await expectUnavailable(response);
    expectOneFault(plan);
    expect((await real.list({ prefix: ENDED })).blobs).toEqual([]);

    // Recovered: nothing was ended, so the same request succeeds.
    await expectWorks(deps, session);
    await expectWorks(startInstance(), session);
    if (method === "DELETE") expect((await endSession(deps, session)).status).toBe(204);
  });
});

describe("DELETE while writing the revocation fails", () => {
  it("answers 503 JSON-RPC and does not end the session; once Blobs recovers the DELETE ends it everywhere", async () => {
    const clock = { now: Date.now() };
    const a = startInstance(() => clock.now);
    const b = startInstance(() => clock.now);
    const session = await openSession(a);
    const plan: FaultPlan = { method: "setJSON", nth: 1, key: ENDED };
    faulty.arm(plan);
    await expectUnavailable(await endSession(a, session));
    expectOneFault(plan);
    expect((await real.list({ prefix: ENDED })).blobs).toEqual([]);
    await expectWorks(a, session);
    await expectWorks(b, session);

    expect((await endSession(a, session)).status).toBe(204);
    clock.now += REVOCATION_BOUND_MS; // b read the session before the DELETE
    for (const deps of [a, b, startInstance()]) {
      const after = await listTools(deps, session);
      expect(after.status).toBe(404);
      expect(await readRpc(after)).toMatchObject({ error: { code: -32001 } });
    }
  });

  it("answers 503 JSON-RPC when the revocation was written but its answer was lost; the session is then ended, and a retried DELETE is a clean 404", async () => {
    const a = startInstance();
    const session = await openSession(a);
    const plan: FaultPlan = { method: "setJSON", nth: 1, key: ENDED, when: "after" };
    faulty.arm(plan);
    await expectUnavailable(await endSession(a, session));
    expectOneFault(plan);
    const { blobs: ended } = await real.list({ prefix: ENDED });
    expect(ended).toHaveLength(1);
    expect(await real.get(ended[0]!.key, { type: "json" })).toEqual({ ended_at: expect.any(String), expires_at: expect.any(String) });

    for (const deps of [a, startInstance()]) expect((await listTools(deps, session)).status).toBe(404);
    const retried = await endSession(a, session);
    expect(retried.status).toBe(404);
    expect(await readRpc(retried)).toMatchObject({ jsonrpc: "2.0", error: { code: -32001 } });
  });
});
