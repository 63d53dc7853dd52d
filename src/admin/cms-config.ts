import * as z from "../lib/zod.ts";
import { BusinessSchema } from "../lib/schema/business.ts";
import { FaqSchema, SummaryContentSchema } from "../lib/schema/editorial.ts";
import { ReviewContentSchema } from "../lib/schema/review.ts";
import { CONTENT_PATHS } from "./check-entry.ts";

/** Where the CMS commits on a deployed site (docs/editing.md): a GitHub repository, signed in through Netlify's OAuth. */
export interface CmsSettings {
  /** `owner/name` of the GitHub repository. */
  repo: string;
  branch: string;
  /** The OAuth provider's base URL: Netlify's API for the GitHub provider set up on the site. */
  authBaseUrl: string;
}

export interface CmsConfigOptions extends CmsSettings {
  /** decap-server's API, used when the page is opened on localhost. */
  localBackendUrl: string;
  /** Today's date (UTC), the default of a new review's date. */
  today: string;
}

type Field = Record<string, unknown>;

/** A calendar day, stored `YYYY-MM-DD`, picked in UTC like the build's date. */
const dateField = (name: string, label: string, extra: Field = {}): Field => ({
  name,
  label,
  widget: "datetime",
  format: "YYYY-MM-DD",
  date_format: "YYYY-MM-DD",
  time_format: false,
  picker_utc: true,
  ...extra,
});

/**
 * A choice from a list in content/business.json, read when the form opens,
 * so the roster stays the one source of technicians, services and areas.
 */
const rosterField = (name: string, label: string, list: string, multiple: boolean): Field => ({
  name,
  label,
  widget: "relation",
  collection: "business",
  file: "business",
  value_field: `${list}.*.id`,
  search_fields: [`${list}.*.name`],
  display_fields: [`${list}.*.name`],
  multiple,
  options_length: 50,
});

const select = (name: string, label: string, options: readonly string[]): Field => ({ name, label, widget: "select", options: [...options] });

const verified = ReviewContentSchema.shape.verified.shape;

function reviewFields(today: string): Field[] {
  return [
    { name: "id", label: "Review id (the file name)", widget: "review-id", hint: "Made from the date and the reviewer's name when you save a new review." },
    { name: "rating", label: "Rating (1 to 5 stars)", widget: "number", value_type: "int" },
    dateField("date", "Review date", { default: today }),
    { name: "title", label: "Title", widget: "string" },
    { name: "text", label: "Review text", widget: "text" },
    {
      name: "author",
      label: "Reviewer",
      widget: "object",
      fields: [
        { name: "name", label: "Name as shown, e.g. Jane D.", widget: "string" },
        { name: "location", label: "Location, e.g. Bethlehem, PA", widget: "string" },
      ],
    },
    {
      name: "verified",
      label: "Verification",
      widget: "object",
      fields: [
        select("source", "Where the review was posted", verified.source.options),
        select("method", "How it was matched to a job", verified.method.options),
        dateField("job_date", "Job date"),
      ],
    },
    rosterField("technicians", "Technicians", "technicians", true),
    rosterField("services", "Services", "services", true),
    rosterField("service_area", "Service area", "service_areas", false),
    {
      name: "response",
      label: "Owner's response",
      widget: "object",
      collapsed: true,
      fields: [dateField("date", "Response date"), { name: "text", label: "Response text", widget: "text" }],
    },
  ];
}

const text = (name: string, label: string): Field => ({ name, label, widget: "string" });
const list = (name: string, label: string, fields: Field[], summary: string): Field => ({ name, label, widget: "list", summary, fields });

function businessFields(): Field[] {
  return [
    text("id", "Business id"),
    text("name", "Name"),
    { name: "description", label: "Description", widget: "text" },
    text("url", "Website"),
    text("telephone", "Telephone"),
    text("email", "Email"),
    {
      name: "address",
      label: "Address",
      widget: "object",
      fields: [
        text("street_address", "Street"),
        text("locality", "Town"),
        text("region", "Region"),
        text("postal_code", "Postal code"),
        text("country", "Country code (e.g. US)"),
      ],
    },
    {
      name: "geo",
      label: "Coordinates",
      widget: "object",
      fields: [
        { name: "latitude", label: "Latitude", widget: "number", value_type: "float" },
        { name: "longitude", label: "Longitude", widget: "number", value_type: "float" },
      ],
    },
    list(
      "opening_hours",
      "Opening hours",
      [
        { name: "days", label: "Days", widget: "select", multiple: true, options: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] },
        text("opens", "Opens (HH:MM)"),
        text("closes", "Closes (HH:MM)"),
      ],
      "{{fields.opens}}–{{fields.closes}}",
    ),
    text("price_range", "Price range"),
    { name: "founded", label: "Founded (year)", widget: "number", value_type: "int" },
    list("technicians", "Technicians", [text("id", "Id (never change it once used)"), text("name", "Name"), text("role", "Role")], "{{fields.name}}"),
    list(
      "services",
      "Services",
      [text("id", "Id (never change it once used)"), text("name", "Name"), { name: "description", label: "Description", widget: "text" }],
      "{{fields.name}}",
    ),
    list("service_areas", "Service areas", [text("id", "Id (never change it once used)"), text("name", "Name")], "{{fields.name}}"),
  ];
}

/** content/faq.json is a list; the form edits it as `questions` (the keystone-faq format in main.ts). */
function faqFields(): Field[] {
  return [
    list(
      "questions",
      "Questions",
      markRequired(
        [
          text("id", "Id"),
          text("question", "Question"),
          { name: "answer", label: "Answer", widget: "text" },
          {
            name: "review_ids",
            label: "Reviews that back the answer",
            widget: "relation",
            collection: "reviews",
            value_field: "id",
            search_fields: ["id", "author.name", "title"],
            display_fields: ["id"],
            multiple: true,
          },
        ],
        FaqSchema,
      ),
      "{{fields.question}}",
    ),
  ];
}

/** The schema under its optional, nullable and default wrappers, and whether any of them lets the value be left out. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    optional = true;
    inner = inner.unwrap() as z.ZodType;
  }
  return { inner, optional };
}

/**
 * Marks each field required or optional as the content schema says, through objects and lists.
 * Inside an optional object (the owner's response) nothing is required of Decap, which would
 * insist on the parts of an object left out as a whole; the schema still refuses one filled in by
 * half. Decap's own "is required" message is silenced (main.ts) so the schema's words are shown.
 */
function markRequired(fields: Field[], schema: z.ZodType, insideOptional = false): Field[] {
  const { inner } = unwrap(schema);
  const element = inner instanceof z.ZodArray ? unwrap(inner.element as z.ZodType).inner : inner;
  const shape = element instanceof z.ZodObject ? (element.shape as Record<string, z.ZodType>) : {};
  return fields.map((field) => {
    const own = shape[String(field.name)];
    if (own === undefined) return field;
    const optional = insideOptional || unwrap(own).optional;
    const nested = Array.isArray(field.fields) ? { fields: markRequired(field.fields as Field[], own, optional) } : {};
    return { ...field, required: !optional, ...nested };
  });
}

/**
 * A collection of one file. Decap picks the format per collection, and each
 * of these files has its own (main.ts registers `keystone-<name>`).
 */
function fileCollection(name: string, label: string, file: string, fields: Field[]): Field {
  return { name, label, delete: false, editor: { preview: false }, format: `keystone-${name}`, files: [{ name, label, file, fields }] };
}

/** The Decap CMS configuration (decapcms.org/docs/configuration-options), built in the page so it can carry today's date. */
export function createCmsConfig(options: CmsConfigOptions): Record<string, unknown> {
  return {
    // The whole configuration is here; there is no config.yml to fetch.
    load_config_file: false,
    backend: { name: "github", repo: options.repo, branch: options.branch, base_url: options.authBaseUrl, auth_endpoint: "auth" },
    local_backend: { url: options.localBackendUrl },
    // Decap wants a media folder; no collection here has a media field.
    media_folder: "content/media",
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections: [
      {
        name: "reviews",
        label: "Reviews",
        label_singular: "Review",
        folder: CONTENT_PATHS.reviews,
        extension: "json",
        format: "keystone-reviews",
        create: true,
        // A review is removed by a commit that also drops the FAQ's citations of it.
        delete: false,
        identifier_field: "id",
        // The preview would show the raw fields again, in an untitled frame (axe: frame-title).
        editor: { preview: false },
        slug: "{{slug}}",
        summary: "{{date}} · {{author.name}} · {{rating}}★",
        sortable_fields: ["date", "rating", "author.name"],
        fields: markRequired(reviewFields(options.today), ReviewContentSchema),
      },
      fileCollection("business", "Business and roster", CONTENT_PATHS.business, markRequired(businessFields(), BusinessSchema)),
      fileCollection("faq", "FAQ", CONTENT_PATHS.faq, faqFields()),
      fileCollection(
        "summary",
        "Editorial summary",
        CONTENT_PATHS.summary,
        markRequired([text("headline", "Headline"), { name: "text", label: "Text", widget: "text" }], SummaryContentSchema),
      ),
    ],
  };
}
