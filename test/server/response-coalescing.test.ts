import { describe, expect, it } from "vitest";
import { createResponseCoalescer, type CoalescerOptions } from "../../src/server/response-coalescing.ts";

/** The end of this turn of the event loop: setImmediate callbacks run in the order they were queued. */
const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `promise` settles while only microtasks run (no turn of the event loop). */
async function settlesWithinTurn(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return settled;
}

/** A coalescer on a clock the test moves (milliseconds). */
function withClock(options: CoalescerOptions = {}) {
  const clock = { ms: 1_000 };
  const coalescer = createResponseCoalescer({ maxWaitMs: 1, busyWindowMs: 2, ...options, now: () => clock.ms });
  return { coalescer, clock };
}

describe("createResponseCoalescer", () => {
  it("writes a lone request's answer at once", async () => {
    const { coalescer } = withClock();
    for (let turn = 0; turn < 3; turn++) {
      coalescer.arrived();
      expect(coalescer.hold()).toBeNull();
      await turnEnd();
    }
  });

  it("holds answers of a turn that brought several requests until the turn ends, then releases them together", async () => {
    const { coalescer } = withClock();
    coalescer.arrived();
    coalescer.arrived();
    const first = coalescer.hold();
    const second = coalescer.hold();
    expect(first).not.toBeNull();
    expect(await settlesWithinTurn(first!)).toBe(false);
    await turnEnd();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it("holds the first answer of a turn that follows a busy one, but not once the server has been quiet", async () => {
    const { coalescer, clock } = withClock();
    coalescer.arrived();
    coalescer.arrived();
    await turnEnd();
    clock.ms += 1;
    coalescer.arrived();
    const held = coalescer.hold();
    expect(held).not.toBeNull();
    await turnEnd();
    await held;
    // Quiet for longer than the busy window: a lone request is answered at once.
    clock.ms += 10;
    coalescer.arrived();
    expect(coalescer.hold()).toBeNull();
  });

  it("stays busy across a turn in which only a late answer (after I/O) became ready", async () => {
    const { coalescer, clock } = withClock();
    coalescer.arrived();
    coalescer.arrived();
    await turnEnd();
    // No request in this turn; an answer that waited on I/O is held, and its turn end comes.
    const late = coalescer.hold();
    expect(late).not.toBeNull();
    await turnEnd();
    await expect(late).resolves.toBeUndefined();
    clock.ms += 1;
    coalescer.arrived();
    expect(coalescer.hold()).not.toBeNull();
    await turnEnd();
  });

  it("releases everything held as soon as the limit is reached, without waiting for the turn to end", async () => {
    const { coalescer } = withClock({ maxHeld: 3 });
    for (let i = 0; i < 5; i++) coalescer.arrived();
    const held = [coalescer.hold()!, coalescer.hold()!];
    expect(await settlesWithinTurn(held[0]!)).toBe(false);
    const third = coalescer.hold()!;
    expect(await settlesWithinTurn(Promise.all([...held, third]))).toBe(true);
    // The next answers start a new group, released when the turn ends.
    const fourth = coalescer.hold()!;
    expect(await settlesWithinTurn(fourth)).toBe(false);
    await turnEnd();
    await fourth;
  });

  it("releases a group whose first answer has waited too long, when the next answer is held or the next request arrives", async () => {
    const { coalescer, clock } = withClock({ maxWaitMs: 1 });
    for (let i = 0; i < 3; i++) coalescer.arrived();
    const first = coalescer.hold()!;
    clock.ms += 0.5;
    const second = coalescer.hold()!;
    expect(await settlesWithinTurn(first)).toBe(false);
    clock.ms += 0.6; // a slow handler ran
    const third = coalescer.hold()!;
    expect(await settlesWithinTurn(Promise.all([first, second, third]))).toBe(true);

    const fourth = coalescer.hold()!;
    expect(await settlesWithinTurn(fourth)).toBe(false);
    clock.ms += 1;
    coalescer.arrived();
    expect(await settlesWithinTurn(fourth)).toBe(true);
    await turnEnd();
  });
});
