import type { Store } from "@netlify/blobs";

/**
 * A real @netlify/blobs Store (from test/support/blobs.ts) that fails on
 * purpose: once armed, the Nth call of one method (counted from the moment
 * it is armed) fails, then the store recovers by itself. Every other call
 * goes to the real store untouched, so what the code under test reads and
 * writes is real Blobs state.
 *
 * - `when: "before"` (default): the call fails without reaching Blobs (a
 *   request that never arrived).
 * - `when: "after"`: the call reaches Blobs and its effect is applied, then
 *   the caller gets an error anyway (an answer lost on the way back).
 */
export const FAULTY_METHODS = ["get", "getWithMetadata", "getMetadata", "set", "setJSON", "list", "delete"] as const;
export type FaultyMethod = (typeof FAULTY_METHODS)[number];

export interface FaultPlan {
  method: FaultyMethod;
  /** 1-based: the Nth call of `method` after arming fails (counting only calls on `key`, when given). */
  nth: number;
  /** Only calls whose key (for `list`: prefix) matches count: a string is a key prefix. */
  key?: string | RegExp;
  /** How many calls fail from the Nth on (default 1). */
  times?: number;
  when?: "before" | "after";
}

/** What the injected failure looks like to the code under test: an error from the Blobs client. */
export class InjectedStoreFault extends Error {
  readonly method: FaultyMethod;
  readonly key: string | null;
  constructor(method: FaultyMethod, key: string | null) {
    super(`injected Blobs failure: ${method}(${key ?? ""}) failed with 503 Service Unavailable`);
    this.name = "InjectedStoreFault";
    this.method = method;
    this.key = key;
  }
}

export interface StoreCall {
  method: FaultyMethod;
  /** The key, or for `list` the prefix. */
  key: string | null;
  failed: boolean;
}

export interface FaultyStore {
  store: Store;
  /** Arms one failure plan; calls are counted from now. Replaces any earlier plan. */
  arm: (plan: FaultPlan) => void;
  /** Back to a healthy store. */
  heal: () => void;
  /** Every call since the store was made (or since `clearCalls`), in order. */
  calls: () => StoreCall[];
  clearCalls: () => void;
  /** The calls that failed on purpose. */
  faults: () => StoreCall[];
}

function keyOf(method: FaultyMethod, args: unknown[]): string | null {
  if (method === "list") return (args[0] as { prefix?: string } | undefined)?.prefix ?? "";
  return typeof args[0] === "string" ? args[0] : null;
}

/** An async iterable whose first step fails, as `list({ paginate: true })` does when its first page fails. */
function failingPages(error: Error): AsyncIterable<never> {
  return {
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }),
  };
}

export function createFaultyStore(real: Store): FaultyStore {
  let plan: (FaultPlan & { seen: number }) | null = null;
  const log: StoreCall[] = [];

  /** Counts the call and says whether it must fail. */
  const decide = (method: FaultyMethod, key: string | null): "before" | "after" | null => {
    if (plan === null || plan.method !== method) return null;
    if (plan.key !== undefined && !(typeof plan.key === "string" ? (key ?? "").startsWith(plan.key) : plan.key.test(key ?? ""))) return null;
    plan.seen++;
    const last = plan.nth + (plan.times ?? 1) - 1;
    if (plan.seen < plan.nth || plan.seen > last) return null;
    const when = plan.when ?? "before";
    if (plan.seen === last) plan = null; // recovers by itself
    return when;
  };

  const wrap =
    (method: FaultyMethod) =>
    (...args: unknown[]): unknown => {
      const key = keyOf(method, args);
      const when = decide(method, key);
      log.push({ method, key, failed: when !== null });
      const call = () => (Reflect.get(real, method, real) as (...a: unknown[]) => unknown).apply(real, args);
      if (when === null) return call();
      const error = new InjectedStoreFault(method, key);
      const paginate = method === "list" && (args[0] as { paginate?: boolean } | undefined)?.paginate === true;
      if (when === "before") return paginate ? failingPages(error) : Promise.reject(error);
      if (paginate) {
        // "After" for a listing: the first page is fetched, then the caller is told it failed.
        return {
          [Symbol.asyncIterator]: () => {
            const pages = (call() as AsyncIterable<unknown>)[Symbol.asyncIterator]();
            return { next: () => pages.next().then(() => Promise.reject(error)) };
          },
        };
      }
      return (call() as Promise<unknown>).then(() => Promise.reject(error));
    };

  const wrapped = new Map<PropertyKey, (...args: unknown[]) => unknown>(FAULTY_METHODS.map((method) => [method, wrap(method)]));
  const store = new Proxy(real, {
    get(target, property) {
      const replacement = wrapped.get(property);
      if (replacement !== undefined) return replacement;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    store,
    arm: (next) => {
      if (next.nth < 1) throw new RangeError("nth is 1-based");
      plan = { ...next, seen: 0 };
    },
    heal: () => {
      plan = null;
    },
    calls: () => [...log],
    clearCalls: () => void log.splice(0),
    faults: () => log.filter((call) => call.failed),
  };
}
