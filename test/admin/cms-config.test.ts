import { describe, expect, it } from "vitest";
import { createCmsConfig } from "../../src/admin/cms-config.ts";
import { fieldPathOf } from "../../src/admin/widgets.ts";

type Field = { name: string; widget: string; required?: boolean; fields?: Field[]; [key: string]: unknown };
type Collection = {
  name: string;
  folder?: string;
  slug?: string;
  identifier_field?: string;
  fields?: Field[];
  files?: Array<{ file: string; fields: Field[] }>;
};

const config = createCmsConfig({
  repo: "owner/site",
  branch: "main",
  authBaseUrl: "https://api.netlify.com",
  localBackendUrl: "http://127.0.0.1:8081/api/v1",
  today: "2026-11-28",
});
const collections = config.collections as Collection[];
const reviews = collections.find((collection) => collection.name === "reviews")!;
const field = (fields: Field[], name: string) => fields.find((candidate) => candidate.name === name)!;

describe("createCmsConfig", () => {
  it("edits content/reviews, one file per review named after its id", () => {
    expect(reviews).toMatchObject({ folder: "content/reviews", identifier_field: "id", slug: "{{slug}}", extension: "json", format: "keystone-reviews" });
    expect(field(reviews.fields!, "id").widget).toBe("review-id");
  });

  it.each([
    ["technicians", "technicians", true],
    ["services", "services", true],
    ["service_area", "service_areas", false],
  ])("offers %s from the business file's %s, read when the form opens", (name, list, multiple) => {
    expect(field(reviews.fields!, name)).toMatchObject({ widget: "relation", collection: "business", file: "business", value_field: `${list}.*.id`, multiple });
  });

  it("takes required and optional from the schema, and requires nothing inside the optional response", () => {
    const required = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.name, f.required]));
    expect(required(reviews.fields!)).toMatchObject({
      id: true,
      rating: true,
      date: true,
      title: false,
      text: true,
      technicians: false,
      service_area: false,
      response: false,
    });
    expect(required(field(reviews.fields!, "author").fields!)).toEqual({ name: true, location: false });
    expect(required(field(reviews.fields!, "response").fields!)).toEqual({ date: false, text: false });
  });

  it("offers the verification values the schema allows", () => {
    expect(field(field(reviews.fields!, "verified").fields!, "source").options).toEqual(["google", "facebook", "yelp", "nextdoor", "direct"]);
  });

  it("edits the business, FAQ and summary files", () => {
    expect(collections.flatMap((collection) => collection.files?.map((file) => file.file) ?? [])).toEqual([
      "content/business.json",
      "content/faq.json",
      "content/summary.json",
    ]);
  });

  it("names the GitHub backend with Netlify as OAuth provider, and decap-server for local editing", () => {
    expect(config.backend).toEqual({ name: "github", repo: "owner/site", branch: "main", base_url: "https://api.netlify.com", auth_endpoint: "auth" });
    expect(config.local_backend).toEqual({ url: "http://127.0.0.1:8081/api/v1" });
    expect(config.load_config_file).toBe(false);
  });
});

describe("fieldPathOf: a widget's field as the build names it", () => {
  const keys = new Map([["technicians-field-7", ["k1", "k2", "k3"]]]);
  it.each([
    ["text", [], "text"],
    ["name", ["author-field-3"], "author.name"],
    ["id", ["technicians-field-7", "k3", undefined], "technicians[2].id"],
    ["date", ["response-field-16"], "response.date"],
  ])("%s under %j is %s", (name, parentIds, path) => {
    expect(fieldPathOf(name, parentIds, (id) => keys.get(id))).toBe(path);
  });
});
