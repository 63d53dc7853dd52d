import { CronExpressionParser } from "cron-parser";

/** setTimeout's longest delay (2^31 - 1 ms, about 24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Runs `run` on a cron schedule, in UTC as Netlify's scheduled functions
 * do, passing the run after it (Netlify's `next_run`). A run still going
 * when the next is due makes that one skip, so runs never overlap.
 */
export function schedule(expression: string, run: (nextRun: Date) => Promise<void>): { stop: () => void } {
  const cron = CronExpressionParser.parse(expression, { tz: "UTC" });
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;
  const wait = (due: Date) => {
    if (stopped) return;
    const delay = due.getTime() - Date.now();
    timer = setTimeout(
      () => {
        if (delay > MAX_DELAY_MS) return wait(due);
        if (!running) {
          running = true;
          const nextRun = CronExpressionParser.parse(expression, { tz: "UTC", currentDate: due }).next().toDate();
          void run(nextRun).finally(() => (running = false));
        }
        wait(cron.next().toDate());
      },
      Math.min(Math.max(0, delay), MAX_DELAY_MS),
    );
  };
  wait(cron.next().toDate());
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
