// Runs before `npm start`, `npm run build` and the servers, on whatever Node is first on PATH.
// Plain JavaScript on purpose: an old Node cannot even load the project's .ts scripts
// (ERR_UNKNOWN_FILE_EXTENSION), so this check must run where they cannot.
import { readFileSync } from "node:fs";

const required = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node; // ">=24"
const [major, minor] = process.versions.node.split(".").map(Number);
const [needMajor, needMinor] = required
  .replace(/^>=\s*/, "")
  .split(".")
  .map(Number);
if (major < needMajor || (major === needMajor && minor < (needMinor ?? 0))) {
  console.error(
    `This project needs Node.js ${required} (Node 24 recommended); this is ${process.version} at ${process.execPath}. Install Node 24 (nvm install 24, or https://nodejs.org) and put it first on PATH.`,
  );
  process.exit(1);
}
