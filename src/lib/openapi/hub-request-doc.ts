import { z } from "zod";

/** The hub's form fields (interface.md §6). */
export const HubRequestDocSchema = z.object({
  "hub.callback": z.url().describe("HTTPS URL of the subscriber; plain HTTP is rejected"),
  "hub.mode": z.enum(["subscribe", "unsubscribe", "publish"]),
  "hub.topic": z.url().describe("One of the three topic URLs, matched exactly"),
  "hub.lease_seconds": z.int().optional().describe("Requested lease; clamped by the hub"),
  "hub.secret": z.string().max(199).optional().describe("Signs deliveries with X-Hub-Signature: sha256=<hex HMAC>"),
});
