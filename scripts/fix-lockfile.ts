/**
 * The npm registry reachable from these machines does not serve the
 * non-Linux builds of @astrojs/compiler-binding, so `npm install` leaves them
 * out of package-lock.json and `npm ci` then refuses the lock as out of sync.
 * This adds them back as optional, platform-bound entries (exactly how npm
 * records them when the registry has them); npm skips them on Linux x64.
 * Run it after any `npm install` that rewrites the lock: `node scripts/fix-lockfile.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORMS: Record<string, { os: string[]; cpu: string[]; libc?: string[] }> = {
  "android-arm64": { os: ["android"], cpu: ["arm64"] },
  "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "linux-arm64-gnu": { os: ["linux"], cpu: ["arm64"], libc: ["glibc"] },
  "linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
  "wasm32-wasi": { os: ["wasi"], cpu: ["wasm32"] },
  "win32-arm64-msvc": { os: ["win32"], cpu: ["arm64"] },
  "win32-x64-msvc": { os: ["win32"], cpu: ["x64"] },
};

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const parent = lock.packages["node_modules/@astrojs/compiler-binding"];
let added = 0;
for (const [name, version] of Object.entries<string>(parent?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  const platform = PLATFORMS[name.replace("@astrojs/compiler-binding-", "")];
  if (lock.packages[key] || !platform) continue;
  lock.packages[key] = { version, ...platform, license: "MIT", optional: true };
  added += 1;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform entries`);
