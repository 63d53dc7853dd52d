import { describe, expect, it } from "vitest";
import { handleMcpRequest } from "../../src/mcp/handler.ts";
import { MAX_BATCH_MESSAGES } from "../../src/mcp/http/legacy-era.ts";
import { createSessionClaims, mintSessionToken, SESSION_MAX_AGE_SECONDS } from "../../src/mcp/session/session-token.ts";
import { createDeps, INITIALIZE, JSON_HEADERS, MCP_URL, memorySessions, openSession, post, readRpc, rpc, SECRET, T0 } from "./support/mcp-fixture.ts";

const TOOLS_LIST = rpc(2, "tools/list");
const withSession = (id: string, extra: Record<string, string> = {}) => ({ ...JSON_HEADERS, "Mcp-Session-Id": id, ...extra });
const remove = (deps: Parameters<typeof handleMcpRequest>[1], id: string | null) =>
  handleMcpRequest(new Request(MCP_URL, { method: "DELETE", headers: id === null ? {} : { "Mcp-Session-Id": id } }), deps);

function flipLastChar(text: string): string {
  return text.slice(0, -1) + (text.endsWith("A") ? "B" : "A");
}

describe("MCP sessions: lifecycle", () => {
  it("issues a session, serves it, ends it with DELETE, then answers 404", async () => {
    const deps = createDeps();
    const id = await openSession(deps);

    const first = await post(deps, TOOLS_LIST, withSession(id, { "MCP-Protocol-Version": "2025-06-18" }));
    expect(first.status).toBe(200);
    const again = await post(deps, rpc(3, "tools/call", { name: "get_business", arguments: {} }), withSession(id));
    expect(again.status).toBe(200);

    const ended = await remove(deps, id);
    expect(ended.status).toBe(204);
    expect(ended.headers.get("access-control-allow-origin")).toBe("*");

    const after = await post(deps, rpc(4, "tools/list"), withSession(id));
    expect(after.status).toBe(404);
    expect(await readRpc(after)).toMatchObject({ jsonrpc: "2.0", id: 4, error: { code: -32001 } });
    expect((await remove(deps, id)).status).toBe(404);
  });

  it("keeps other sessions alive when one ends", async () => {
    const deps = createDeps();
    const [a, b] = [await openSession(deps), await openSession(deps)];
    expect(a).not.toBe(b);
    await remove(deps, a);
    expect((await post(deps, TOOLS_LIST, withSession(b))).status).toBe(200);
  });

  it("records the end with the time the token would expire anyway", async () => {
    const sessions = memorySessions();
    const deps = createDeps({ sessions });
    await remove(deps, await openSession(deps));
    expect([...sessions.ended.values()]).toEqual([T0 + SESSION_MAX_AGE_SECONDS * 1000]);
  });

  it("starts a new session on initialize even when it carries an old, ended one", async () => {
    const deps = createDeps();
    const old = await openSession(deps);
    await remove(deps, old);
    const response = await post(deps, INITIALIZE, withSession(old));
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).not.toBe(old);
  });

  it("answers DELETE without a session id with 400", async () => {
    const response = await remove(createDeps(), null);
    expect(response.status).toBe(400);
    expect(await readRpc(response)).toMatchObject({ error: { code: -32000 } });
  });
});

describe("MCP sessions: ids that are not live get 404", () => {
  const deps = createDeps();
  const claims = createSessionClaims("2025-06-18", T0);
  const valid = mintSessionToken(claims, SECRET);
  const [payload, signature] = valid.split(".") as [string, string];
  const forgedPayload = Buffer.from(JSON.stringify({ ...claims, protocolVersion: "2024-11-05" })).toString("base64url");

  it.each([
    ["an unknown id", "not-a-session"],
    ["an empty id", ""],
    ["a UUID, as stateful servers issue", "4f6c9f1e-6f4b-4b55-9d7e-2f4a3f7d1c11"],
    ["a tampered payload", `${forgedPayload}.${signature}`],
    ["a tampered signature", `${payload}.${flipLastChar(signature)}`],
    ["a truncated signature", `${payload}.${signature.slice(0, 20)}`],
    ["a token signed with another secret", mintSessionToken(claims, "another-secret-another-secret-another")],
    ["a token with a third part", `${valid}.x`],
    ["a very long id", "a".repeat(5000)],
    ["an expired token", mintSessionToken(createSessionClaims("2025-06-18", T0 - SESSION_MAX_AGE_SECONDS * 1000), SECRET)],
    ["a token issued in the future", mintSessionToken(createSessionClaims("2025-06-18", T0 + 3_600_000), SECRET)],
  ])("%s", async (_name, id) => {
    const response = await post(deps, TOOLS_LIST, withSession(id));
    expect(response.status).toBe(404);
    expect(await readRpc(response)).toMatchObject({ id: 2, error: { code: -32001, message: expect.stringContaining("initialize") } });
  });

  it("accepts the same token untampered", async () => {
    expect((await post(deps, TOOLS_LIST, withSession(valid))).status).toBe(200);
  });

  it("expires a session 24 hours after initialize", async () => {
    const clocked = createDeps();
    const id = await openSession(clocked);
    clocked.clock.now = T0 + SESSION_MAX_AGE_SECONDS * 1000 - 1000;
    expect((await post(clocked, TOOLS_LIST, withSession(id))).status).toBe(200);
    clocked.clock.now = T0 + SESSION_MAX_AGE_SECONDS * 1000;
    expect((await post(clocked, TOOLS_LIST, withSession(id))).status).toBe(404);
  });
});

describe("MCP sessions: protocol version", () => {
  it("remembers the negotiated version in the session id", async () => {
    const deps = createDeps();
    const id = await openSession(deps, "2025-03-26");
    const claims = JSON.parse(Buffer.from(id.split(".")[0]!, "base64url").toString()) as { protocolVersion: string };
    expect(claims.protocolVersion).toBe("2025-03-26");
    expect((await post(deps, TOOLS_LIST, withSession(id, { "MCP-Protocol-Version": "2025-03-26" }))).status).toBe(200);
  });

  it.each([
    ["a version other than the session's", "2025-03-26", -32000],
    ["a 2024 version this server does not serve", "2024-11-05", -32000],
    ["a future version, without the 2026-07-28 _meta envelope", "2030-01-01", -32602],
  ])("answers %s with 400", async (_name, version, code) => {
    const deps = createDeps();
    const id = await openSession(deps, "2025-06-18");
    const response = await post(deps, TOOLS_LIST, withSession(id, { "MCP-Protocol-Version": version }));
    expect(response.status).toBe(400);
    expect(await readRpc(response)).toMatchObject({ id: 2, error: { code, message: expect.stringContaining(version) } });
  });

  it("accepts a request without the header (transports: assume the negotiated version)", async () => {
    const deps = createDeps();
    expect((await post(deps, TOOLS_LIST, withSession(await openSession(deps)))).status).toBe(200);
  });
});

describe("MCP sessions: JSON-RPC batches, which only 2025-03-26 has", () => {
  const batch = [
    rpc(1, "ping"),
    { jsonrpc: "2.0", method: "notifications/initialized" },
    rpc(2, "tools/call", { name: "search_reviews", arguments: { rating: 5, limit: 2 } }),
    rpc(3, "no/such_method"),
    { jsonrpc: "1.0", id: 4, method: "ping" },
    rpc(5, "tools/list", { cursor: "x" }),
    rpc(6, "initialize", INITIALIZE.params),
  ];

  it("answers a batch in a 2025-03-26 session with one array of the requests' answers, in order", async () => {
    const deps = createDeps();
    const id = await openSession(deps, "2025-03-26");
    const response = await post(deps, batch, withSession(id));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const answers = (await response.json()) as { id: number | null; result?: Record<string, unknown>; error?: { code: number } }[];
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answers[0]).toMatchObject({ jsonrpc: "2.0", id: 1, result: {} });
    expect((answers[1]!.result!.structuredContent as { reviews: unknown[] }).reviews).toHaveLength(2);
    expect(answers.slice(2).map((answer) => answer.error?.code)).toEqual([-32601, -32600, -32602, -32600]);
  });

  it("answers a batch of only notifications and responses with 202 and no body", async () => {
    const deps = createDeps();
    const id = await openSession(deps, "2025-03-26");
    const response = await post(
      deps,
      [
        { jsonrpc: "2.0", method: "notifications/initialized" },
        { jsonrpc: "2.0", id: 9, result: {} },
      ],
      withSession(id),
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
  });

  it.each([
    ["in a 2025-06-18 session", "2025-06-18"],
    ["in a 2025-11-25 session", "2025-11-25"],
    ["without a session", null],
  ])("refuses a batch %s with 400 and -32600", async (_name, version) => {
    const deps = createDeps();
    const headers = version === null ? JSON_HEADERS : withSession(await openSession(deps, version));
    const response = await post(deps, batch.slice(0, 3), headers);
    expect(response.status).toBe(400);
    expect(await readRpc(response)).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining("2025-03-26") } });
  });

  it("refuses a batch of more than MAX_BATCH_MESSAGES messages with -32600, answering none of them", async () => {
    const deps = createDeps();
    const id = await openSession(deps, "2025-03-26");
    const many = Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, i) => rpc(i + 1, "ping"));
    const response = await post(deps, many, withSession(id));
    expect(response.status).toBe(400);
    expect(await readRpc(response)).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining(`at most ${MAX_BATCH_MESSAGES}`) } });
    expect((await post(deps, many.slice(0, MAX_BATCH_MESSAGES), withSession(id))).status).toBe(200);
  });

  it("answers a batch with an ended session with 404", async () => {
    const deps = createDeps();
    const id = await openSession(deps, "2025-03-26");
    expect((await remove(deps, id)).status).toBe(204);
    expect((await post(deps, batch.slice(0, 1), withSession(id))).status).toBe(404);
  });
});
