/** Percentile of a sample (nearest-rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Times `run` `iterations` times (awaited) after `warmup` untimed runs; milliseconds per call. */
export async function sampleTimesAsync(run: () => Promise<unknown>, iterations: number, warmup = Math.min(50, iterations)): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Reads a response body chunk by chunk, as the platform streams it to the
 * client, without gathering it into one more buffer (arrayBuffer() would).
 * An unread body stays in memory, so a benchmark must read it.
 */
export async function drainBody(response: Response): Promise<void> {
  if (response.body === null) return;
  for await (const chunk of response.body) void chunk;
}

export const fmt = (ms: number): string => (ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));

/** One line describing the machine, for results tables. */
export async function describeMachine(): Promise<string> {
  const os = await import("node:os");
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
}
