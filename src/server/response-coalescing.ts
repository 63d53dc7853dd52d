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
 * when the turn ends (`setImmediate` runs right after the poll phase), or as
 * soon as {@link MAX_HELD} are held, which bounds the wait of the first one.
 * An answer is held only under concurrency: when this turn or the last one
 * brought more than one request. A lone request on a quiet server is
 * answered at once, with no added latency.
 */

/** Answers held at most; the next one releases them all (about 2 ms of MCP calls). */
export const MAX_HELD = 32;

export interface ResponseCoalescer {
  /** A request has arrived (called before its handler runs). */
  arrived: () => void;
  /** Null when an answer ready now should be written at once, else a promise that settles when it may be. */
  hold: () => Promise<void> | null;
}

export function createResponseCoalescer(maxHeld = MAX_HELD): ResponseCoalescer {
  let arrivals = 0; // requests received in this turn
  let lastArrivals = 0; // and in the last turn that had any
  let held = 0;
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
  const endTurn = () => {
    turnEndPending = false;
    lastArrivals = arrivals;
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
    },
    hold: () => {
      if (arrivals <= 1 && lastArrivals <= 1) return null;
      // An answer that finishes in a later turn with no arrivals (after I/O) still has a turn end to wait for.
      scheduleTurnEnd();
      released ??= new Promise<void>((resolve) => (release = resolve));
      const wait = released;
      held += 1;
      if (held >= maxHeld) releaseHeld();
      return wait;
    },
  };
}
