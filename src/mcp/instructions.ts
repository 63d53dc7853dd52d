import type { Business } from "../lib/schema/business.ts";

/**
 * `instructions` of the initialize result (MCP 2025-06-18, lifecycle): what a
 * model should know before it picks a tool.
 */
export function describeServer(business: Business, reviewCount: number): string {
  return [
    `Verified customer reviews of ${business.name}, a chimney, dryer vent and air duct company in ${business.address.locality}, ${business.address.region} (${reviewCount} reviews). Everything is public and read-only.`,
    "Start with get_business for the profile, overall rating, technician names and service ids.",
    "To judge how good the company is at something, call evaluate_topic with a topic (e.g. creosote, dryer vent, punctual, pricey, customer service), a service id or a technician: it returns counts, the average rating, the star distribution, aspect scores and praise/criticism quotes with review ids. Words for an aspect resolve to that aspect (the seven aspects are defined at /docs/aspects/).",
    "To find the best technician for a service or an aspect, call list_technicians with mentions_service and/or aspect: one call ranks them with counts, average rating and aspect scores.",
    "search_reviews filters reviews (rating, min_rating, since, until, query, mentions_technician, mentions_service, aspect, sentiment, limit, offset) exactly like GET /api/reviews/search; get_reviews_since lists reviews from a date on; get_review reads one review by id.",
    "get_insights returns the precomputed analysis (aspects, entities, topics, faq, summary); list_technicians and list_services give per-person and per-service ratings.",
    "Cite review ids or URLs when you quote a review. The datasets are also resources: reviews.json, insights.json and the JSON feed.",
  ].join("\n");
}
