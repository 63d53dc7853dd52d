import { createHmac } from "node:crypto";

/**
 * `X-Hub-Signature: sha256=<hex>` over the exact body bytes (W3C WebSub §7
 * "Authenticated Content Distribution"; sha256 is one of the §7.1 methods).
 */
export function signBody(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
