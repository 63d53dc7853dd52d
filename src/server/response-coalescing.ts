/**
 * Coalesces the writes of answers that are ready in the same turn of the
 * event loop, so that under concurrent load they leave together instead of
 * one `writev` at a time between reads.
 *
 * Why: a peer on the same host (a load generator, or a reverse proxy in
 * front of this server) that is waiting in `epoll_wait` is woken by the
 * kernel on the writer's CPU, inside the writer's `writev`. On the 2-vCPU
 * VM of bench/RESULTS.md that wake-up was the largest single cost of an MCP
 * call (17% of the server's CPU in `perf`), because the server answered one
 * connection, woke the idle peer, read the next request, answered, woke the
 * peer again. Answers written back to back find the peer already awake.
 *
 * How: the poll phase reads every connection that has a request, and each
 * handler runs; answers ready in that turn are held and written together
 * when the turn ends (`setImmediate` runs right after the poll phase). A
 * group is released early once {@link MAX_HELD} answers are held or its
 * first answer has waited {@link MAX_WAIT_MS}, checked whenever a request
 * arrives or an answer is held. So an answer waits for at most that long
 * plus one other handler: a handler that keeps the thread busy (there is
 * one thread) still delays what was held before it, as it delays every
 * other request.
 *
 * An answer is held only under concurrency: when this turn has brought more
 * than one request, or the last turn that brought any had several and ended
 * less than {@link BUSY_WINDOW_MS} ago (more are probably on their way). A
 * lone request on a quiet server is never held.
 */

/** Answers held at most; the next one releases the group (about 1.5 ms of MCP calls). */
export const MAX_HELD = 32;
/** How long the first answer of a group may wait before the group is released. */
export const MAX_WAIT_MS = 1;
/** How long a busy turn keeps the next one holding its first answer. */
export const BUSY_WINDOW_MS = 2;

export interface ResponseCoalescer {
  /** A request has arrived (called before its handler runs). */
  arrived: () => void;
  /** Null when an answer ready now should be written at once, else a promise that settles when it may be. */
  hold: () => Promise<void> | null;
}

export interface CoalescerOptions {
  maxHeld?: number;
  maxWaitMs?: number;
  busyWindowMs?: number;
  /** A monotonic clock in milliseconds (tests inject one). */
  now?: () => number;
}

export function createResponseCoalescer(options: CoalescerOptions = {}): ResponseCoalescer {
  const { maxHeld = MAX_HELD, maxWaitMs = MAX_WAIT_MS, busyWindowMs = BUSY_WINDOW_MS, now = performance.now.bind(performance) } = options;
  let arrivals = 0; // requests received in this turn
  let busyUntil = -Infinity; // a turn with several requests ended recently: until then, hold
  let held = 0;
  let heldSince = 0;
  let release: (() => void) | null = null;
  let released: Promise<void> | null = null;
  let turnEndPending = false;

  const releaseHeld = () => {
    const go = release;
    release = null;
    released = null;
    held = 0;
    go?.();
  };
  const releaseIfLate = () => {
    if (held > 0 && now() - heldSince >= maxWaitMs) releaseHeld();
  };
  const endTurn = () => {
    turnEndPending = false;
    if (arrivals > 1) busyUntil = now() + busyWindowMs;
    arrivals = 0;
    releaseHeld();
  };
  const scheduleTurnEnd = () => {
    if (turnEndPending) return;
    turnEndPending = true;
    setImmediate(endTurn);
  };

  return {
    arrived: () => {
      arrivals += 1;
      scheduleTurnEnd();
      releaseIfLate();
    },
    hold: () => {
      if (arrivals <= 1 && now() >= busyUntil) return null;
      // An answer that finishes in a later turn with no arrivals (after I/O) still has a turn end to wait for.
      scheduleTurnEnd();
      if (released === null) {
        released = new Promise<void>((resolve) => (release = resolve));
        heldSince = now();
      }
      const wait = released;
      held += 1;
      if (held >= maxHeld) releaseHeld();
      else releaseIfLate();
      return wait;
    },
  };
}
