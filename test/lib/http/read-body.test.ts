import { describe, expect, it } from "vitest";
import { readCappedBody, readCappedText } from "../../../src/lib/http/read-body.ts";

/** A POST whose body arrives in the given chunks, without a Content-Length unless one is given. */
function streamed(chunks: readonly Uint8Array[], headers: Record<string, string> = {}): { request: Request; cancelled: () => boolean } {
  let cancelled = false;
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]!);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request("http://127.0.0.1/", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, cancelled: () => cancelled };
}

const bytes = (length: number) => new Uint8Array(length).fill(0x61);

describe("readCappedBody", () => {
  it.each([
    ["empty", 0, 10],
    ["under the cap", 9, 10],
    ["exactly the cap", 10, 10],
  ])("reads a body %s", async (_name, length, cap) => {
    const result = await readCappedBody(new Request("http://127.0.0.1/", { method: "POST", body: bytes(length) }), cap);
    expect(result).toEqual({ ok: true, value: bytes(length) });
  });

  it("reads a request without a body as empty", async () => {
    expect(await readCappedBody(new Request("http://127.0.0.1/"), 10)).toEqual({ ok: true, value: new Uint8Array(0) });
  });

  it("refuses a declared Content-Length over the cap without reading", async () => {
    const { request } = streamed([bytes(5)], { "content-length": "11" });
    expect(await readCappedBody(request, 10)).toEqual({ ok: false, reason: "too_large" });
  });

  it.each([
    ["no Content-Length", {}],
    ["a Content-Length that lies", { "content-length": "4" }],
  ])("counts the bytes of a stream that arrive with %s, and cancels the rest", async (_name, headers) => {
    const { request, cancelled } = streamed([bytes(6), bytes(6), bytes(6)], headers);
    // Only the stream: a source that cannot be read whole.
    expect(await readCappedBody({ headers: request.headers, body: request.body }, 10)).toEqual({ ok: false, reason: "too_large" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled()).toBe(true);
  });

  it("reads a request whole when its Content-Length is within the cap, and still refuses more bytes than the cap", async () => {
    // An HTTP server ends a body where its Content-Length says; only a Request built in-process can carry more.
    expect(await readCappedBody(streamed([bytes(6)], { "content-length": "6" }).request, 10)).toEqual({ ok: true, value: bytes(6) });
    expect(await readCappedBody(streamed([bytes(6), bytes(6)], { "content-length": "4" }).request, 10)).toEqual({ ok: false, reason: "too_large" });
  });

  it("joins a body that arrives in chunks", async () => {
    const { request } = streamed([new Uint8Array([1, 2]), new Uint8Array([3]), new Uint8Array([4, 5])]);
    expect(await readCappedBody(request, 5)).toEqual({ ok: true, value: new Uint8Array([1, 2, 3, 4, 5]) });
  });

  it("reads a response too", async () => {
    expect(await readCappedBody(new Response("hello"), 5)).toEqual({ ok: true, value: new TextEncoder().encode("hello") });
    expect(await readCappedBody(new Response("hello!"), 5)).toEqual({ ok: false, reason: "too_large" });
  });
});

describe("readCappedText", () => {
  it.each([
    ["plain text", new TextEncoder().encode("hub.mode=subscribe"), { ok: true, value: "hub.mode=subscribe" }],
    ["multi-byte UTF-8", new TextEncoder().encode("Renée"), { ok: true, value: "Renée" }],
    ["a lone continuation byte", new Uint8Array([0x61, 0x80]), { ok: false, reason: "invalid_utf8" }],
    ["a truncated sequence", new Uint8Array([0xc3]), { ok: false, reason: "invalid_utf8" }],
    ["too many bytes", bytes(65), { ok: false, reason: "too_large" }],
  ])("decodes %s strictly", async (_name, body, expected) => {
    expect(await readCappedText(new Request("http://127.0.0.1/", { method: "POST", body }), 64)).toEqual(expected);
  });
});

describe("a body cut off before its end", () => {
  it("is incomplete, not an exception, for the stream and the whole-body paths", async () => {
    const failing = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes(3));
          controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        },
      });
    const streamed = new Request("http://127.0.0.1/", { method: "POST", body: failing(), duplex: "half" } as RequestInit);
    expect(await readCappedText(streamed, 100)).toEqual({ ok: false, reason: "incomplete" });
    const whole = { headers: new Headers({ "content-length": "50" }), body: failing(), arrayBuffer: () => Promise.reject(new Error("aborted")) };
    expect(await readCappedBody(whole, 100)).toEqual({ ok: false, reason: "incomplete" });
  });
});
