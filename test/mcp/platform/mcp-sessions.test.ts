import { getStore, type Store } from "@netlify/blobs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlobsSessionStore, createSessionSecretSource, McpSessionSecretError, MIN_SECRET_LENGTH } from "../../../src/platform/mcp-sessions.ts";
import { startBlobsServer } from "../../support/blobs.ts";

let blobs: Awaited<ReturnType<typeof startBlobsServer>>;
let counter = 0;
/** A fresh, empty store on the file-backed Blobs server. */
const freshStore = (): Store => getStore({ name: `mcp-sessions-test-${++counter}`, consistency: "strong" });

beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await blobs.stop();
});

describe("Blobs session store", () => {
  it("records an ended session that every instance then sees", async () => {
    const store = freshStore();
    const [a, b] = [createBlobsSessionStore(store), createBlobsSessionStore(store)];
    const id = crypto.randomUUID();
    expect(await b.isEnded(id)).toBe(false);
    await a.end(id, Date.UTC(2026, 10, 23));
    expect(await b.isEnded(id)).toBe(true);
    expect(await b.isEnded(crypto.randomUUID())).toBe(false);
    expect(await store.get(`ended/${id}`, { type: "json" })).toMatchObject({ expires_at: "2026-11-23T00:00:00.000Z" });
  });
});

describe("session secret", () => {
  it("is created once in Blobs, and concurrent cold instances all agree on it", async () => {
    const store = freshStore();
    const sources = Array.from({ length: 6 }, () => createSessionSecretSource(store, {}));
    const secrets = await Promise.all(sources.map((source) => source()));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH);
    expect(await store.get("secret/session-hmac", { type: "text" })).toBe(secrets[0]);
    expect(await createSessionSecretSource(store, {})()).toBe(secrets[0]);
  });

  it("is MCP_SESSION_SECRET when set, without touching Blobs", async () => {
    const store = freshStore();
    const secret = "x".repeat(MIN_SECRET_LENGTH);
    expect(await createSessionSecretSource(store, { MCP_SESSION_SECRET: secret })()).toBe(secret);
    expect(await store.get("secret/session-hmac")).toBeNull();
  });

  it("refuses a weak MCP_SESSION_SECRET with a named error that says what to do", async () => {
    const source = createSessionSecretSource(freshStore(), { MCP_SESSION_SECRET: "short" });
    await expect(source()).rejects.toThrow(McpSessionSecretError);
    await expect(source()).rejects.toThrow(/at least 32/);
  });

  it("retries after a failed read instead of caching the failure", async () => {
    const real = freshStore();
    let failures = 1;
    const flaky = {
      get: (...args: Parameters<Store["get"]>) => (failures-- > 0 ? Promise.reject(new Error("blobs down")) : real.get(...args)),
      set: (...args: Parameters<Store["set"]>) => real.set(...args),
    } as unknown as Store;
    const source = createSessionSecretSource(flaky, {});
    await expect(source()).rejects.toThrow("blobs down");
    expect(await source()).toEqual(expect.any(String));
  });
});
