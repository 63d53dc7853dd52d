import { getStore, type Store } from "@netlify/blobs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createBlobsSessionStore,
  createSessionSecretSource,
  McpSessionSecretError,
  MIN_SECRET_LENGTH,
  REVOCATION_BOUND_MS,
} from "../../../src/platform/mcp-sessions.ts";
import { startBlobsServer } from "../../support/blobs.ts";

let blobs: Awaited<ReturnType<typeof startBlobsServer>>;
let counter = 0;
/** URLs of the blobs read (GET) since the server started. */
const reads: string[] = [];
/** A fresh, empty store on the file-backed Blobs server. */
const freshStore = (): Store => getStore({ name: `mcp-sessions-test-${++counter}`, consistency: "strong" });

beforeAll(async () => {
  blobs = await startBlobsServer(({ type, url }) => {
    if (type === "get") reads.push(url);
  });
});
afterAll(async () => {
  await blobs.stop();
});

describe("Blobs session store", () => {
  const T = Date.UTC(2026, 10, 23, 12);
  /** Reads of revocation records that reached Blobs. */
  const readsOf = (id: string) => reads.filter((url) => url.includes(`ended/${id}`)).length;

  it("records an ended session that every instance sees once the bound has passed", async () => {
    const store = freshStore();
    const [a, b] = [createBlobsSessionStore(store), createBlobsSessionStore(store)];
    const id = crypto.randomUUID();
    expect(await b.isEnded(id, T)).toBe(false);
    await a.end(id, Date.UTC(2026, 10, 24));
    expect(await b.isEnded(id, T + REVOCATION_BOUND_MS)).toBe(true);
    expect(await b.isEnded(crypto.randomUUID(), T)).toBe(false);
    expect(await store.get(`ended/${id}`, { type: "json" })).toMatchObject({ expires_at: "2026-11-24T00:00:00.000Z" });
  });

  it("reads Blobs once for a live session's calls within the bound, however many", async () => {
    const sessions = createBlobsSessionStore(freshStore());
    const id = crypto.randomUUID();
    expect(await Promise.all(Array.from({ length: 8 }, () => sessions.isEnded(id, T)))).toEqual(Array(8).fill(false));
    for (let t = T; t < T + REVOCATION_BOUND_MS / 2; t += 100) expect(await sessions.isEnded(id, t)).toBe(false);
    expect(readsOf(id)).toBe(1);
  });

  it("refuses a session ended elsewhere within the bound, and at once on the instance that ended it", async () => {
    const store = freshStore();
    const [a, b] = [createBlobsSessionStore(store), createBlobsSessionStore(store)];
    const id = crypto.randomUUID();
    expect(await a.isEnded(id, T)).toBe(false);
    expect(await b.isEnded(id, T)).toBe(false);
    await b.end(id, T + 86_400_000);
    expect(await b.isEnded(id, T + 1)).toBe(true);
    // a trusts its read of T until the bound; the revocation was written after it.
    expect(await a.isEnded(id, T + REVOCATION_BOUND_MS / 2 - 1)).toBe(false);
    expect(await a.isEnded(id, T + REVOCATION_BOUND_MS)).toBe(true);
    expect(readsOf(id)).toBe(3); // a at T, b at T, a at the bound
  });

  it("refreshes past half the bound without making the call wait, so a steady session never waits", async () => {
    const store = freshStore();
    const [a, b] = [createBlobsSessionStore(store), createBlobsSessionStore(store)];
    const id = crypto.randomUUID();
    expect(await a.isEnded(id, T)).toBe(false);
    await b.end(id, T + 86_400_000);
    // Answered from memory while the refresh runs; the refresh then finds the record.
    expect(await a.isEnded(id, T + REVOCATION_BOUND_MS / 2)).toBe(false);
    await vi.waitFor(() => expect(readsOf(id)).toBe(2));
    await vi.waitFor(async () => expect(await a.isEnded(id, T + REVOCATION_BOUND_MS / 2 + 1)).toBe(true));
  });

  it("reports a failed read only once the bound has passed", async () => {
    const real = freshStore();
    let down = false;
    const flaky = {
      get: (...args: Parameters<Store["get"]>) => (down ? Promise.reject(new Error("blobs down")) : real.get(...args)),
      setJSON: (...args: Parameters<Store["setJSON"]>) => real.setJSON(...args),
    } as unknown as Store;
    const sessions = createBlobsSessionStore(flaky);
    const id = crypto.randomUUID();
    expect(await sessions.isEnded(id, T)).toBe(false);
    down = true;
    expect(await sessions.isEnded(id, T + REVOCATION_BOUND_MS - 1)).toBe(false);
    await expect(sessions.isEnded(id, T + REVOCATION_BOUND_MS)).rejects.toThrow("blobs down");
    down = false;
    expect(await sessions.isEnded(id, T + REVOCATION_BOUND_MS + 1)).toBe(false);
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
