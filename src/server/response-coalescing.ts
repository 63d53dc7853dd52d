/**
 * Holds the answers that are ready in one turn of the event loop and writes them together when
 * the turn ends (`setImmediate` runs right after the poll phase), so a peer on the same host,
 * such as a reverse proxy, is woken once per group rather than once per answer. A group is
 * released early at {@link MAX_HELD} answers or after {@link MAX_WAIT_MS}; a lone request on a
 * quiet server is never held. Serves the MCP target of bench/RESULTS.md ("Why coalescing").
 */

/** Answers held at most; the next one releases the group. */
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
