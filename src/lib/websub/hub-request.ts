import { LEASE_SECONDS } from "./lease.ts";
import * as z from "../zod.ts";
import type { ValidationIssue } from "../http/validation-error.ts";
import { toValidationIssues } from "../http/validation-error.ts";
import type { Result } from "../result.ts";
import type { HubLimits } from "./hub-limits.ts";
import { findTopic, type Topic } from "./topics.ts";

/** A subscribe or unsubscribe request (W3C WebSub §5.1), validated. */
export interface SubscriptionRequest {
  mode: "subscribe" | "unsubscribe";
  callback: string;
  topic: Topic;
  /** As requested; the hub clamps it (lease.ts). */
  leaseSeconds: number | undefined;
  secret: string | undefined;
}

/** A publish ping: run the diff for one topic (docs/design.md, "Publish"). */
export interface PublishRequest {
  mode: "publish";
  topic: Topic;
}

export type HubRequest = SubscriptionRequest | PublishRequest;

const KNOWN_FIELDS = ["hub.mode", "hub.callback", "hub.topic", "hub.url", "hub.lease_seconds", "hub.secret"] as const;

const byteLength = (text: string): number => new TextEncoder().encode(text).byteLength;

/** Why a callback URL is refused before any network traffic, or null when it is acceptable. */
export function describeCallbackProblem(value: string, maxLength: number): string | null {
  if (value.length > maxLength) return `hub.callback must be at most ${maxLength} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "hub.callback must be an absolute URL";
  }
  if (url.protocol === "http:") return "hub.callback must use https://; plain HTTP callbacks are refused";
  if (url.protocol !== "https:") return "hub.callback must be an https:// URL";
  if (url.username !== "" || url.password !== "") return "hub.callback must not carry a user name or password";
  if (url.hostname === "") return "hub.callback must name a host";
  return null;
}

/**
 * The one schema of a hub request: the form fields `hub.*` (W3C WebSub §5.1,
 * docs/interface.md §6). Topics depend on `{base_url}`, so the schema is made per
 * site. Unknown `hub.*` (and other) fields are tolerated and dropped.
 */
export function createHubRequestSchema(topics: readonly Topic[], limits: HubLimits) {
  const topicUrls = topics.map((topic) => topic.url);
  const topicField = z
    .string()
    .refine((value) => findTopic(topics, value) !== null, { error: `must be one of the hub's topics: ${topicUrls.join(", ")}` })
    .describe(`One of the topic URLs, matched exactly: ${topicUrls.join(", ")}`);
  return z
    .object({
      "hub.mode": z
        .enum(["subscribe", "unsubscribe", "publish"], {
          error: (issue) =>
            issue.input === undefined ? "hub.mode is required: subscribe, unsubscribe or publish" : "hub.mode must be subscribe, unsubscribe or publish",
        })
        .describe("subscribe or unsubscribe (a callback), or publish (the deploy hook's ping)"),
      "hub.callback": z
        .string()
        .superRefine((value, ctx) => {
          const problem = describeCallbackProblem(value, limits.maxCallbackLength);
          if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
        })
        .describe("HTTPS URL of the subscriber; plain HTTP is rejected. Required for subscribe and unsubscribe.")
        .optional(),
      "hub.topic": topicField.optional(),
      "hub.url": topicField.describe("Publish only: the topic that changed (same as hub.topic)").optional(),
      "hub.lease_seconds": z
        .string()
        .regex(/^\d+$/, { error: "hub.lease_seconds must be a whole number of seconds" })
        // Any count of digits is a lease to clamp (docs/websub.md); past 12 digits it is far over the maximum anyway.
        .transform((value) => (value.replace(/^0+(?=\d)/, "").length > 12 ? Number.MAX_SAFE_INTEGER : Number(value)))
        .describe(`Requested lease in seconds; clamped to ${LEASE_SECONDS.min} s to ${LEASE_SECONDS.max} s, default ${LEASE_SECONDS.default} s (10 days)`)
        .optional(),
      "hub.secret": z
        .string()
        .refine((value) => value.length > 0 && byteLength(value) < limits.maxSecretBytes, {
          error: `hub.secret must be 1 to ${limits.maxSecretBytes - 1} bytes (W3C WebSub §5.1: under ${limits.maxSecretBytes})`,
        })
        .describe("Signs each delivery: X-Hub-Signature: sha256=<hex HMAC-SHA256 of the body>")
        .optional(),
    })
    .superRefine((fields, ctx) => {
      const require = (name: (typeof KNOWN_FIELDS)[number]) => {
        if (fields[name] === undefined) ctx.addIssue({ code: "custom", path: [name], message: `${name} is required` });
      };
      if (fields["hub.mode"] === "publish") {
        if (fields["hub.topic"] === undefined && fields["hub.url"] === undefined) require("hub.topic");
        const both = fields["hub.topic"] !== undefined && fields["hub.url"] !== undefined;
        if (both && fields["hub.topic"] !== fields["hub.url"]) {
          ctx.addIssue({ code: "custom", path: ["hub.url"], message: "hub.url and hub.topic name different topics" });
        }
        return;
      }
      require("hub.callback");
      require("hub.topic");
    })
    .transform((fields): HubRequest => {
      const topic = findTopic(topics, (fields["hub.topic"] ?? fields["hub.url"])!)!;
      if (fields["hub.mode"] === "publish") return { mode: "publish", topic };
      return {
        mode: fields["hub.mode"],
        // In the URL's own serialization (host lower-cased, default port and surrounding spaces dropped), so every spelling
        // of one callback is one subscription (W3C WebSub §5.1 keys a subscription by topic and callback URL).
        callback: new URL(fields["hub.callback"]!).href,
        topic,
        leaseSeconds: fields["hub.lease_seconds"],
        secret: fields["hub.secret"],
      };
    });
}

export type HubRequestResult = Result<HubRequest, { issues: ValidationIssue[] }>;

/** Validates decoded form fields. A known field given twice is ambiguous, so it is refused. */
export function parseHubRequest(form: URLSearchParams, topics: readonly Topic[], limits: HubLimits): HubRequestResult {
  const fields: Record<string, string> = {};
  const issues: ValidationIssue[] = [];
  for (const name of KNOWN_FIELDS) {
    const values = form.getAll(name);
    if (values.length > 1) issues.push({ path: [name], code: "repeated_parameter", message: `${name} must be given once` });
    if (values.length > 0) fields[name] = values[0]!;
  }
  if (issues.length > 0) return { ok: false, issues };
  const parsed = createHubRequestSchema(topics, limits).safeParse(fields);
  if (!parsed.success) return { ok: false, issues: toValidationIssues(parsed.error, KNOWN_FIELDS) };
  return { ok: true, value: parsed.data };
}
