import type { IncomingMessage } from "node:http";

/**
 * Logs, in one line, a request whose client closed the connection before
 * sending its whole body. The handler then reads an incomplete body
 * (read-body.ts) and answers a client that is gone; there is nothing to
 * debug, so no stack trace. Requests without a body are not watched.
 */
export function logIncompleteBody(req: IncomingMessage, log: (message: string) => void): void {
  if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) return;
  req.once("close", () => {
    if (req.complete) return;
    const path = (req.url ?? "").split("?")[0];
    const declared = req.headers["content-length"] === undefined ? "" : ` (Content-Length ${req.headers["content-length"]})`;
    log(`${req.method} ${path}: the client closed the connection before sending the whole body${declared}`);
  });
}
