import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Reads and parses a JSON file of the build's output. A missing file is a
 * broken deploy or a missing build, never a bad request: the error says
 * which file was expected where, and how it gets there.
 */
export function readBuiltFile(file: URL): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`${fileURLToPath(file)} is missing: run \`npm run build\` first, and ship the file with the function (included_files in netlify.toml)`, {
      cause: error,
    });
  }
  return JSON.parse(text);
}
