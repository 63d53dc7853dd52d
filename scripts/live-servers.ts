/**
 * A record of the servers serving this checkout's dist/, so nothing rebuilds
 * a live dist/ for another origin (its pages would then link to the wrong
 * host): each server writes `.netlify/live-servers/<pid>.json` with the
 * SITE_URL its dist/ was built for, and removes it on exit. A record whose
 * process is gone is ignored and removed.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const DIR = join(root, ".netlify/live-servers");

export interface LiveServer {
  pid: number;
  siteUrl: string;
  url: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Records this process as serving dist/ built for `siteUrl`; the record goes when the process exits. */
export function recordLiveServer(siteUrl: string, url: string): void {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ pid: process.pid, siteUrl, url } satisfies LiveServer));
  process.once("exit", () => rmSync(file, { force: true }));
}

export function listLiveServers(): LiveServer[] {
  let names: string[];
  try {
    names = readdirSync(DIR);
  } catch {
    return [];
  }
  const live: LiveServer[] = [];
  for (const name of names) {
    const file = join(DIR, name);
    try {
      const record = JSON.parse(readFileSync(file, "utf8")) as LiveServer;
      if (record.pid !== process.pid && isAlive(record.pid)) live.push(record);
      else if (record.pid !== process.pid) rmSync(file, { force: true });
    } catch {
      rmSync(file, { force: true });
    }
  }
  return live;
}
