import * as z from "../zod.ts";
import { NonEmptyTextSchema, SlugSchema } from "./primitives.ts";

export const TechnicianSchema = z.strictObject({
  id: SlugSchema.describe("Stable technician id, e.g. dana-okafor"),
  name: NonEmptyTextSchema.describe("Full name as customers know it"),
  role: NonEmptyTextSchema.describe("Job title"),
});

export const ServiceSchema = z.strictObject({
  id: SlugSchema.describe("Stable service id, e.g. chimney-sweep"),
  name: NonEmptyTextSchema.describe("Service name"),
  description: NonEmptyTextSchema.describe("What the service includes"),
});

export const ServiceAreaSchema = z.strictObject({
  id: SlugSchema.describe("Stable service area id, e.g. bethlehem"),
  name: NonEmptyTextSchema.describe("Town or district name"),
});

const DAY = z.enum(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]);
const CLOCK = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time HH:MM");

export const BusinessSchema = z.strictObject({
  id: SlugSchema,
  name: NonEmptyTextSchema,
  description: NonEmptyTextSchema,
  url: z.url(),
  telephone: NonEmptyTextSchema,
  email: z.email(),
  address: z.strictObject({
    street_address: NonEmptyTextSchema,
    locality: NonEmptyTextSchema,
    region: NonEmptyTextSchema,
    postal_code: NonEmptyTextSchema,
    country: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code"),
  }),
  geo: z.strictObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  opening_hours: z.array(z.strictObject({ days: z.array(DAY).min(1), opens: CLOCK, closes: CLOCK })),
  price_range: NonEmptyTextSchema,
  founded: z.int().min(1800).max(2100),
  technicians: z.array(TechnicianSchema).min(1),
  services: z.array(ServiceSchema).min(1),
  service_areas: z.array(ServiceAreaSchema),
});

export type Technician = z.infer<typeof TechnicianSchema>;
export type Service = z.infer<typeof ServiceSchema>;
export type ServiceArea = z.infer<typeof ServiceAreaSchema>;
export type Business = z.infer<typeof BusinessSchema>;
