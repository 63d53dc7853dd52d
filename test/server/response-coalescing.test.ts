import { describe, expect, it } from "vitest";
import { createResponseCoalescer } from "../../src/server/response-coalescing.ts";

/** The end of this turn of the event loop: setImmediate callbacks run in the order they were queued. */
const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `promise` settles while only microtasks run (no turn of the event loop). */
async function settlesWithinTurn(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return settled;
}

describe("createResponseCoalescer", () => {
  it("writes a lone request's answer at once", async () => {
    const coalescer = createResponseCoalescer();
    for (let turn = 0; turn < 3; turn++) {
      coalescer.arrived();
      expect(coalescer.hold()).toBeNull();
      await turnEnd();
    }
  });

  it("holds answers of a turn that brought several requests until the turn ends, then releases them together", async () => {
    const coalescer = createResponseCoalescer();
    coalescer.arrived();
    coalescer.arrived();
    const first = coalescer.hold();
    const second = coalescer.hold();
    expect(first).not.toBeNull();
    expect(await settlesWithinTurn(first!)).toBe(false);
    await turnEnd();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it("holds the first answer of a turn that follows a busy one, and stops holding once a turn is quiet again", async () => {
    const coalescer = createResponseCoalescer();
    coalescer.arrived();
    coalescer.arrived();
    await turnEnd();
    coalescer.arrived();
    const held = coalescer.hold();
    expect(held).not.toBeNull();
    await turnEnd();
    await held;
    coalescer.arrived();
    expect(coalescer.hold()).toBeNull();
  });

  it("releases everything held as soon as the limit is reached, without waiting for the turn to end", async () => {
    const coalescer = createResponseCoalescer(3);
    for (let i = 0; i < 5; i++) coalescer.arrived();
    const held = [coalescer.hold()!, coalescer.hold()!];
    expect(await settlesWithinTurn(held[0]!)).toBe(false);
    const third = coalescer.hold()!;
    expect(await settlesWithinTurn(Promise.all([...held, third]).then(() => undefined))).toBe(true);
    // The next answers start a new group, released when the turn ends.
    const fourth = coalescer.hold()!;
    expect(await settlesWithinTurn(fourth)).toBe(false);
    await turnEnd();
    await fourth;
  });

  it("releases an answer that becomes ready in a later turn with no new requests", async () => {
    const coalescer = createResponseCoalescer();
    coalescer.arrived();
    coalescer.arrived();
    await turnEnd();
    await turnEnd();
    // No request arrives in this turn; the answer (say, after Blobs I/O) is held, and the turn's end still comes.
    const late = coalescer.hold();
    expect(late).not.toBeNull();
    await turnEnd();
    await expect(late).resolves.toBeUndefined();
  });
});
