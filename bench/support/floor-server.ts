/**
 * The floor of `npm run bench:load`: a bare node:http server answering
 * pre-computed responses from memory (status, headers and body, captured
 * from the production server), keyed by floorKey (method, URL, MCP era and
 * session headers). Nothing is parsed,
 * routed or computed per request: no server of ours can beat it on this
 * machine. Usage: node bench/support/floor-server.ts <answers.json>; prints
 * "listening on <url>".
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { floorKey } from "./floor-key.ts";

interface Answer {
  key: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const answers = new Map(
  (JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Answer[]).map((answer) => [answer.key, { ...answer, bytes: Buffer.from(answer.body, "base64") }]),
);
const server = createServer((req, res) => {
  const answer = answers.get(floorKey(req.method!, req.url!, req.headers));
  req.resume();
  if (answer === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, { ...answer.headers, "content-length": answer.bytes.byteLength });
  res.end(answer.bytes);
});
server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
