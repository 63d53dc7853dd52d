import { describe, expect, it } from "vitest";
import type { ReviewRecord } from "../../../src/lib/schema/review.ts";
import { callTool, connectClient, realData } from "../support/mcp-fixture.ts";

const data = realData();
const { business, reviews } = data.index.dataset;
const client = await connectClient();
const withoutInsights = await connectClient({ ...data, insights: { ...data.insights, entities: { technicians: [], services: [], service_areas: [] } } });

function expectedStats(matching: ReviewRecord[]) {
  const mean = matching.reduce((sum, review) => sum + review.rating, 0) / matching.length;
  return { review_count: matching.length, average_rating: matching.length === 0 ? null : Math.round(mean * 100) / 100 };
}

interface Entity {
  id: string;
  name: string;
  review_count: number;
  average_rating: number | null;
  aspects: { aspect: string; mentions: { total: number } }[];
}

describe("list_technicians and list_services, from insights.json", () => {
  it("lists the roster in the business's order with the insights' counts, ratings and aspects", async () => {
    expect(data.insights.entities.technicians.length).toBeGreaterThan(0);
    const { structured } = await callTool(client, "list_technicians");
    const technicians = (structured as { technicians: (Entity & { role: string })[] }).technicians;
    expect(technicians.map((t) => t.id)).toEqual(business.technicians.map((t) => t.id));
    for (const technician of technicians) {
      expect(technician.role).toBe(business.technicians.find((t) => t.id === technician.id)!.role);
      const entity = data.insights.entities.technicians.find((e) => e.id === technician.id)!;
      expect(technician).toMatchObject({ review_count: entity.review_count, average_rating: entity.average_rating, aspects: entity.aspects });
    }
  });

  it("lists the services in catalogue order with the insights' counts, ratings and aspects", async () => {
    const { structured } = await callTool(client, "list_services");
    const services = (structured as { services: (Entity & { description: string })[] }).services;
    expect(services.map((s) => s.id)).toEqual(business.services.map((s) => s.id));
    for (const service of services) {
      const entity = data.insights.entities.services.find((e) => e.id === service.id)!;
      expect(service).toMatchObject({ review_count: entity.review_count, average_rating: entity.average_rating, aspects: entity.aspects });
    }
  });

  it("counts what its description says: the recorded services, so each total is search_reviews' mentions_service total", async () => {
    const { tools } = await client.listTools();
    const description = tools.find((tool) => tool.name === "list_services")!.description!;
    expect(description).toContain("review_count counts the reviews whose recorded services include it");
    expect(description).toContain("the two totals agree");
    expect(description).not.toMatch(/or describe it in the text|search total can be lower/);
    const { structured } = await callTool(client, "list_services");
    for (const service of (structured as { services: Entity[] }).services) {
      const search = await callTool(client, "search_reviews", { mentions_service: service.id, limit: 1 });
      expect((search.structured as { total: number }).total, service.id).toBe(service.review_count);
    }
  });
});

describe("list_technicians and list_services, computed when insights list no entities", () => {
  it("counts the reviews that record each technician, with their mean rating", async () => {
    const { structured } = await callTool(withoutInsights, "list_technicians");
    for (const technician of (structured as { technicians: Entity[] }).technicians) {
      expect(technician).toMatchObject(expectedStats(reviews.filter((r) => r.technicians.some((t) => t.id === technician.id))));
    }
  });

  it("counts the reviews that record each service, as search_reviews does", async () => {
    const { structured } = await callTool(withoutInsights, "list_services");
    for (const service of (structured as { services: Entity[] }).services) {
      expect(service).toMatchObject(expectedStats(reviews.filter((r) => r.services.some((s) => s.id === service.id))));
      const search = await callTool(withoutInsights, "search_reviews", { mentions_service: service.id, limit: 1 });
      expect((search.structured as { total: number }).total).toBe(service.review_count);
    }
  });

  it("breaks ratings down by every aspect in the fixed order, as insights.json does", async () => {
    const { structured } = await callTool(withoutInsights, "list_technicians");
    for (const technician of (structured as { technicians: Entity[] }).technicians) {
      expect(technician.aspects.map((a) => a.aspect)).toEqual(data.insights.aspects.map((a) => a.aspect));
    }
  });
});

describe("list tools take no arguments", () => {
  it.each(["list_technicians", "list_services", "get_business"])("%s refuses an unexpected argument", async (name) => {
    expect((await callTool(client, name, { everything: true })).result.isError).toBe(true);
  });
});

describe("list_technicians as a ranking: who is the best technician for X?", () => {
  interface Ranked extends Entity {
    rank_score: number;
  }
  const rank = async (args: Record<string, unknown>) => {
    const { structured } = await callTool(client, "list_technicians", args);
    return structured as { basis: string; technicians: Ranked[] };
  };

  it("ranks the technicians who did the service, best first, with the counts search gives", async () => {
    const { basis, technicians } = await rank({ mentions_service: "dryer-vent-cleaning" });
    expect(basis).toMatch(/dryer-vent-cleaning/);
    expect(technicians.length).toBeGreaterThan(1);
    const scores = technicians.map((t) => t.rank_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const technician of technicians) {
      const matching = reviews.filter((r) => r.technicians.some((t) => t.id === technician.id) && r.services.some((s) => s.id === "dryer-vent-cleaning"));
      expect(technician).toMatchObject(expectedStats(matching));
      const search = await callTool(client, "search_reviews", { mentions_technician: technician.id, mentions_service: "dryer-vent-cleaning", limit: 1 });
      expect((search.structured as { total: number }).total).toBe(technician.review_count);
    }
  });

  it("ranks by an aspect's score, pulling a small sample toward zero", async () => {
    const { basis, technicians } = await rank({ aspect: "punctuality" });
    expect(basis).toMatch(/punctuality/);
    for (const technician of technicians) {
      const { positive, negative, total } = technician.aspects.find((a) => a.aspect === "punctuality")!.mentions as {
        positive: number;
        negative: number;
        total: number;
      };
      expect(technician.rank_score).toBeCloseTo((positive - negative) / (total + 3), 3);
    }
  });

  it("refuses an unknown service with the search's message", async () => {
    const { result, text } = await callTool(client, "list_technicians", { mentions_service: "gutter-cleaning" });
    expect(result.isError).toBe(true);
    expect(text).toMatch(/gutter-cleaning/);
  });
});
