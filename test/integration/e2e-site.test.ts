/**
 * The pre-built site in headless Chromium (Debian's `chromium`, driven by
 * playwright-core), served by the integration server. Screenshots of every
 * page go to test-results/e2e/ as artifacts: `<page>-desktop.png` (1280x900,
 * full page), `<page>-mobile.png` (the first 390x844 screen) and
 * `<page>-mobile-full.png`.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import type { Insights } from "../../src/lib/schema/insights.ts";
import type { Page } from "playwright-core";
import { findBlockingViolations, runAxe } from "../e2e/axe.ts";
import { isLoopbackUrl, launchSiteBrowser, MOBILE, type SiteBrowser } from "../e2e/browser.ts";
import { capturePage, type PageReport } from "../e2e/page-report.ts";
import { PROJECT_ROOT } from "../support/fixtures.ts";

type Json = Record<string, unknown>;
const base = inject("baseUrl");
const OUT_DIR = join(PROJECT_ROOT, "test-results/e2e");
const HOME_REVIEWS = 12;

let browser: SiteBrowser;
let dataset: ReviewsDataset;
let insights: Insights;
let openapi: Json;
let jsonFeed: { home_page_url: string; feed_url: string; items: Array<{ url: string; id: string }> };
let atomLinks: string[];
/** The review whose page is tested: one with an owner's reply and aspects when there is one. */
let pageReview: ReviewsDataset["reviews"][number];
const reports = new Map<string, PageReport>();

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(base + path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** GET each URL (a few at a time) and return those that did not answer 200 without a redirect. */
async function findUnresolved(urls: readonly string[]): Promise<string[]> {
  const queue = [...new Set(urls)];
  const bad: string[] = [];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      expect(isLoopbackUrl(url), url).toBe(true);
      const response = await fetch(url, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) bad.push(`${url} → ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return bad;
}

const pathOf = (url: string) => new URL(url).pathname;
const report = (name: string) => reports.get(name)!;
const PAGES = ["home", "docs", "review", "reviews", "reviews-2"] as const;
const LIST_PAGE_SIZE = 20;

beforeAll(async () => {
  dataset = await getJson<ReviewsDataset>("/reviews.json");
  insights = await getJson<Insights>("/insights.json");
  openapi = await getJson<Json>("/openapi.json");
  jsonFeed = await getJson("/api/feed.json");
  const atom = await (await fetch(`${base}/feed.xml`)).text();
  // Every Atom link but rel="hub" (the hub takes POST only).
  atomLinks = [...atom.matchAll(/<link\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/rel="hub"/.test(tag))
    .map((tag) => /href="([^"]+)"/.exec(tag)![1]!);
  // Links in the data use SITE_URL; the build sets it to the server's own loopback address.
  const siteOrigin = new URL(dataset.reviews[0]!.url).origin;
  browser = await launchSiteBrowser([base, siteOrigin]);
  pageReview = dataset.reviews.find((review) => review.response !== null && review.aspects.length > 0) ?? dataset.reviews[0]!;
  const pages = { home: "/", docs: "/docs/", review: pathOf(pageReview.url), reviews: "/reviews/", "reviews-2": "/reviews/page/2/" };
  for (const name of PAGES) reports.set(name, await capturePage(browser.context, base + pages[name], name, OUT_DIR));
}, 420_000);

afterAll(async () => {
  await browser?.close();
});

describe("the site in headless Chromium", () => {
  it.each(PAGES)("loads %s with 200, no console errors, no failed requests", (name) => {
    const page = report(name);
    expect(page.status).toBe(200);
    expect(page.consoleErrors).toEqual([]);
    expect(page.failedRequests).toEqual([]);
  });

  it("sends no request to any other origin", () => {
    expect(browser.blockedRequests).toEqual([]);
  });

  it.each(
    PAGES.flatMap(
      (name) =>
        [
          [name, "desktop"],
          [name, "mobile"],
        ] as const,
    ),
  )("%s has no serious or critical axe violations at %s width", (name, width) => {
    expect(findBlockingViolations(report(name).axe[width])).toEqual([]);
  });

  it.each(PAGES)("%s has one h1 and headings that never skip a level", (name) => {
    const { headings } = report(name);
    expect(headings[0]).toBe(1);
    expect(headings.filter((level) => level === 1)).toHaveLength(1);
    const skips = headings.flatMap((level, index) =>
      index > 0 && level > headings[index - 1]! + 1 ? [`h${headings[index - 1]} → h${level} at #${index}`] : [],
    );
    expect(skips).toEqual([]);
  });

  it.each(PAGES)("%s starts keyboard navigation with a visible skip link, and focus is always outlined", (name) => {
    const [skip, next] = report(name).focusStops;
    expect(skip).toMatchObject({ text: "Skip to main content" });
    expect(skip!.top).toBeGreaterThanOrEqual(0);
    for (const stop of [skip!, next!]) expect(stop.outline).toMatch(/^solid [1-9]/);
  });

  it.each(PAGES)("%s fits the 390px mobile viewport without sideways scrolling", (name) => {
    expect(report(name).mobileOverflow).toBeLessThanOrEqual(0);
  });

  it.each(["home", "docs", "reviews"] as const)("every internal link on %s answers 200 and every fragment exists", async (name) => {
    const page = report(name);
    const internal = page.links.filter(
      (href) => new URL(href).origin === new URL(base).origin || new URL(href).origin === new URL(dataset.reviews[0]!.url).origin,
    );
    expect(internal.length).toBeGreaterThan(5);
    const pageUrl = new URL(page.url);
    const fragments = internal.map((href) => new URL(href)).filter((url) => url.hash !== "" && url.pathname === pageUrl.pathname);
    for (const fragment of fragments) expect(page.ids, fragment.href).toContain(decodeURIComponent(fragment.hash.slice(1)));
    expect(await findUnresolved(internal.map((href) => href.split("#")[0]!))).toEqual([]);
  });

  it("every review url in reviews.json and every link in the JSON Feed and the Atom feed answers 200", async () => {
    const urls = [
      ...dataset.reviews.map((review) => review.url),
      jsonFeed.home_page_url,
      jsonFeed.feed_url,
      ...jsonFeed.items.map((item) => item.url),
      ...atomLinks,
    ];
    expect(urls.length).toBeGreaterThanOrEqual(dataset.reviews.length);
    expect(await findUnresolved(urls)).toEqual([]);
  });

  it("puts canonical, title, description, both feed alternates and the hub link in the head", () => {
    const { head } = report("home");
    const origin = new URL(dataset.reviews[0]!.url).origin;
    expect(head.canonical).toBe(`${origin}/`);
    expect(head.title).toContain(dataset.business.name);
    expect(head.description).toContain(String(dataset.aggregate_rating.review_count));
    expect(head.alternates).toEqual(
      expect.arrayContaining([
        { type: "application/atom+xml", href: `${origin}/feed.xml` },
        { type: "application/feed+json", href: `${origin}/api/feed.json` },
      ]),
    );
    expect(head.hub).toBe(`${origin}/api/websub/hub`);
    expect(report("review").head.canonical).toBe(pageReview.url);
    expect(report("docs").head.canonical).toBe(`${origin}/docs/`);
  });
});

describe("the charts, checked against the published data", () => {
  it("draws the star distribution of reviews.json, bar by bar", () => {
    const { stars, chartBoxes } = report("home").charts;
    const { distribution, review_count: total } = dataset.aggregate_rating;
    expect(stars.map((row) => [row.star, row.count])).toEqual(["5", "4", "3", "2", "1"].map((star) => [star, distribution[star as keyof typeof distribution]]));
    for (const row of stars) expect(row.text).toContain(`${row.count} (${Math.round((row.count / total) * 100)}%)`);
    const [largest] = [...stars].sort((a, b) => b.count - a.count);
    expect(largest!.width).toBeGreaterThan(0);
    expect(chartBoxes.find((box) => box.kind === "rating-distribution")?.width).toBeGreaterThan(200);
  });

  it("draws the aspect sentiment of insights.json, or says there is none yet", () => {
    const { aspects, chartBoxes } = report("home").charts;
    if (insights.aspects.some((aspect) => aspect.mentions.total > 0)) {
      expect(aspects).toEqual(
        insights.aspects.map((aspect) => ({
          aspect: aspect.aspect,
          total: aspect.mentions.total,
          segments: { positive: aspect.mentions.positive, mixed: aspect.mentions.mixed, negative: aspect.mentions.negative },
        })),
      );
      expect(chartBoxes.find((box) => box.kind === "aspect-sentiment")?.height).toBeGreaterThan(100);
    } else {
      expect(aspects).toEqual([]);
      expect(report("home").ids).toContain("aspects-heading");
    }
  });

  it("quotes each mentioned aspect once, with that review's own evidence, a different sentence each, linked under a specific label", () => {
    const { quotes } = report("home");
    const mentioned = insights.aspects.filter((aspect) => aspect.mentions.total > 0);
    expect(quotes.map((quote) => quote.aspect)).toEqual(mentioned.map((aspect) => aspect.aspect));
    expect(new Set(quotes.map((quote) => quote.text)).size).toBe(quotes.length);
    expect(new Set(quotes.map((quote) => quote.label)).size).toBe(quotes.length);
    for (const quote of quotes) {
      const source = dataset.reviews.find((review) => review.id === quote.reviewId)!;
      expect(source.aspects.find((found) => found.aspect === quote.aspect)?.evidence, quote.aspect).toBe(quote.text);
      expect(pathOf(quote.href)).toBe(pathOf(source.url));
      const aspectWords = quote.aspect === "price_value" ? "price and value" : quote.aspect.replace("_", " ");
      expect(quote.label).toBe(`Read ${source.author.name}\u2019s review of ${aspectWords}`);
    }
  });

  it.each([
    ["technician", "technicians"],
    ["service", "services"],
  ] as const)("lists every %s with the review count and average of insights.json", (kind, plural) => {
    const entities = new Map(insights.entities[plural].map((entity) => [entity.id, entity]));
    expect(report("home").entities[kind]).toEqual(
      dataset.business[plural].map((member) => ({
        id: member.id,
        reviewCount: entities.get(member.id)?.review_count ?? 0,
        average: String(entities.get(member.id)?.average_rating ?? ""),
      })),
    );
  });
});

describe("JSON-LD, checked against the published data", () => {
  it("describes the business with the aggregate rating and the reviews the page shows", () => {
    const [node] = report("home").jsonLd as Json[];
    expect(node).toMatchObject({ "@context": "https://schema.org", "@type": "HomeAndConstructionBusiness", name: dataset.business.name });
    expect(node!.aggregateRating).toMatchObject({
      ratingValue: dataset.aggregate_rating.rating_value,
      reviewCount: dataset.aggregate_rating.review_count,
      bestRating: 5,
      worstRating: 1,
    });
    const newest = dataset.reviews.slice(0, HOME_REVIEWS);
    expect(node!.review).toEqual(
      newest.map((review) =>
        expect.objectContaining({
          "@type": "Review",
          author: { "@type": "Person", name: review.author.name },
          datePublished: review.date,
          reviewBody: review.text,
          reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
        }),
      ),
    );
    expect(report("home").reviewIds).toEqual(newest.map((review) => review.id));
  });

  it("describes a review on its own page, naming the business", () => {
    const review = pageReview;
    const [node] = report("review").jsonLd as Json[];
    expect(node).toMatchObject({
      "@type": "Review",
      "@id": review.url,
      datePublished: review.date,
      reviewBody: review.text,
      author: { name: review.author.name },
      reviewRating: { ratingValue: review.rating },
      itemReviewed: { name: dataset.business.name },
    });
  });
});

describe("a review's own page", () => {
  it("lists the aspects reviews.json found in it, with their evidence", () => {
    expect(report("review").findings).toEqual(pageReview.aspects.map(({ aspect, sentiment, evidence }) => ({ aspect, sentiment, evidence })));
  });

  it("shows the full text, the owner's reply and the verification", () => {
    const text = report("review").articleText.replace(/\s+/g, " ");
    const squash = (value: string) => value.replace(/\s+/g, " ").trim();
    for (const paragraph of pageReview.text.split(/\n\s*\n/)) expect(text).toContain(squash(paragraph));
    if (pageReview.response !== null) expect(text).toContain(squash(pageReview.response.text.split(/\n\s*\n/)[0]!));
    expect(text).toContain("Verified");
  });
});

describe("the developer docs", () => {
  it("render every operation of /openapi.json with its parameters, body fields and responses", () => {
    type Operation = { parameters?: Array<{ name: string }>; requestBody?: { content: Record<string, { schema: { properties?: Json } }> }; responses: Json };
    const paths = openapi.paths as Record<string, Record<string, Operation>>;
    const expected = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        id: `op-${method}-${path
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")}`,
        params: [
          ...(operation.parameters ?? []).map((parameter) => parameter.name),
          ...Object.values(operation.requestBody?.content ?? {}).flatMap((media) => Object.keys(media.schema.properties ?? {})),
        ],
        statuses: Object.keys(operation.responses),
      })),
    );
    expect(expected.length).toBeGreaterThanOrEqual(10);
    expect(report("docs").operations).toEqual(expected);
  });

  it("show the MCP client configurations and the WebSub commands for this base URL", async () => {
    const html = await (await fetch(`${base}/docs/`)).text();
    const origin = new URL(dataset.reviews[0]!.url).origin;
    expect(html).toContain(`claude mcp add --transport http keystone ${origin}/mcp`);
    expect(html).toContain(`&quot;url&quot;: &quot;${origin}/mcp&quot;`);
    expect(html).toContain("hub.mode=subscribe");
    expect(html).toContain("X-Hub-Signature");
    for (const search of ["rating", "min_rating", "since", "until", "query", "mentions_technician", "mentions_service", "limit"])
      expect(html).toContain(`data-param="${search}"`);
  });

  it("saved screenshots at both widths", () => {
    for (const name of PAGES) expect(report(name).screenshots.mobile).toContain(`${name}-mobile.png`);
    expect(MOBILE.width).toBe(390);
  });
});

describe("the Content-Security-Policy in Chromium", () => {
  /** Opens `path` in a fresh page and collects every CSP violation: console reports and securitypolicyviolation events. */
  async function openWatched(path: string, ready?: (page: Page) => Promise<unknown>) {
    const page = await browser.context.newPage();
    const reported: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
    });
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const response = await page.goto(base + path, { waitUntil: "networkidle" });
    await ready?.(page);
    const violations = async () => [...reported, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
    return { page, response: response!, violations };
  }

  it.each([
    ["home", "/", 200],
    ["the list with filters", "/reviews/?rating=5&page=2", 200],
    ["a review", "review", 200],
    ["the docs", "/docs/", 200],
    ["the 404 page", "/no/such/page", 404],
  ] as const)("loads %s with the policy in force and no violation", async (_name, where, status) => {
    const path = where === "review" ? pathOf(pageReview.url) : where;
    const filtered = path.includes("?");
    const { page, response, violations } = await openWatched(
      path,
      filtered ? (p) => p.waitForFunction(() => /^Showing 21/.test(document.querySelector("[data-filter-status]")?.textContent ?? "")) : undefined,
    );
    try {
      expect(response.status()).toBe(status);
      expect(response.headers()["content-security-policy"]).toMatch(/^default-src 'none'; script-src 'self'; /);
      expect(await violations()).toEqual([]);
      if (filtered) expect(await page.locator("[data-filter-list] [data-review-id]").count()).toBe(LIST_PAGE_SIZE);
    } finally {
      await page.close();
    }
  });

  it("would see a violation: an inline script added to the home page is refused and reported", async () => {
    const { page, violations } = await openWatched("/");
    try {
      await page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.__ran = true";
        document.head.append(script);
      });
      await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
      expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
      expect((await violations()).join("\n")).toMatch(/script-src/);
    } finally {
      await page.close();
    }
  });
});

describe("the list of all reviews", () => {
  const listedIds = async (page: Page) =>
    page
      .locator("[data-filter-list] [data-review-id]")
      .evaluateAll((items) => items.map((item) => [item.getAttribute("data-review-id"), Number(item.getAttribute("data-rating"))] as const));
  const waitForResults = (page: Page) =>
    page.waitForFunction(() => /^Showing|^No reviews/.test(document.querySelector("[data-filter-status]")?.textContent ?? ""));

  it.each([
    ["reviews", 1],
    ["reviews-2", 2],
  ] as const)("%s shows page %i of every review, newest first, linked to each review's page", (name, page) => {
    const expected = dataset.reviews.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
    expect(report(name).reviewIds).toEqual(expected.map((review) => review.id));
    const links = report(name).links.map(pathOf);
    for (const review of expected) expect(links).toContain(pathOf(review.url));
    const pageCount = Math.ceil(dataset.reviews.length / LIST_PAGE_SIZE);
    expect(links).toContain(pathOf(`${base}/reviews/page/${pageCount}/`));
    if (page === 2) expect(links).toContain("/reviews/");
  });

  it("is linked from the home page and the site navigation on every page", () => {
    for (const name of PAGES) expect(report(name).links.map(pathOf), name).toContain("/reviews/");
  });

  it("works without JavaScript: the HTML holds the entries and page links, and hides the filters the script would run", async () => {
    const html = await (await fetch(`${base}/reviews/`)).text();
    expect(html).toMatch(/<form[^>]*\bhidden\b[^>]*data-filter-form|<form[^>]*data-filter-form[^>]*\bhidden\b/);
    expect(html).toContain('href="/reviews/page/2/"');
    expect(html.match(/class="review-list__item"/g)).toHaveLength(LIST_PAGE_SIZE);
  });

  it("filters by rating through the search API, keeps the filter in the URL, pages with offset, and passes axe", async () => {
    const page = await browser.context.newPage();
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/reviews/search")) apiCalls.push(request.url());
    });
    try {
      await page.goto(`${base}/reviews/`);
      await page.getByLabel("Rating").selectOption("5");
      await page.getByRole("button", { name: "Show reviews" }).click();
      await waitForResults(page);
      const fives = dataset.reviews.filter((review) => review.rating === 5);
      expect(new URL(page.url()).search).toBe("?rating=5");
      expect(await listedIds(page)).toEqual(fives.slice(0, LIST_PAGE_SIZE).map((review) => [review.id, 5]));
      expect(await page.locator("[data-filter-status]").textContent()).toContain(`of ${fives.length} reviews`);
      expect(await page.locator("[data-static-list]").isHidden()).toBe(true);
      expect(findBlockingViolations(await runAxe(page))).toEqual([]);

      await page.locator("[data-filter-pager] a[rel=next]").click();
      await page.waitForFunction(() => (document.querySelector("[data-filter-status]")?.textContent ?? "").startsWith("Showing 21"));
      expect(new URL(page.url()).search).toBe("?rating=5&page=2");
      expect(await listedIds(page)).toEqual(fives.slice(LIST_PAGE_SIZE, 2 * LIST_PAGE_SIZE).map((review) => [review.id, 5]));
      expect(apiCalls.map((url) => new URL(url).search)).toEqual(["?rating=5&limit=20&offset=0", "?rating=5&limit=20&offset=20"]);

      await page.getByRole("button", { name: "Clear filters" }).click();
      expect(await page.locator("[data-static-list]").isVisible()).toBe(true);
      expect(new URL(page.url()).search).toBe("");
    } finally {
      await page.close();
    }
  });

  it("opens a shared link with the filters applied: only that rating, technician and service", async () => {
    const sample = dataset.reviews.find((review) => review.rating <= 4 && review.technicians.length > 0 && review.services.length > 0)!;
    const [technician, service] = [sample.technicians[0]!, sample.services[0]!];
    const expected = dataset.reviews.filter(
      (r) => r.rating === sample.rating && r.technicians.some((t) => t.id === technician.id) && r.services.some((s) => s.id === service.id),
    );
    const page = await browser.context.newPage();
    try {
      await page.goto(`${base}/reviews/?rating=${sample.rating}&technician=${technician.id}&service=${service.id}`);
      await waitForResults(page);
      expect(await listedIds(page)).toEqual(expected.slice(0, LIST_PAGE_SIZE).map((review) => [review.id, sample.rating]));
      expect(await page.getByLabel("Technician").inputValue()).toBe(technician.id);
      expect(await page.getByLabel("Service").inputValue()).toBe(service.id);
    } finally {
      await page.close();
    }
  });

  it.each([
    ["/reviews/?rating=9", 'Ignored an invalid filter: rating "9" is not a star rating from 1 to 5.'],
    ["/reviews/?rating=9&technician=nobody", 'Ignored 2 invalid filters: rating "9" is not a star rating from 1 to 5; technician "nobody"'],
  ])("says %s has an invalid filter instead of quietly showing every review", async (path, message) => {
    const page = await browser.context.newPage();
    try {
      await page.goto(base + path);
      await page.waitForFunction(() => (document.querySelector("[data-filter-status]")?.textContent ?? "") !== "");
      expect(await page.locator("[data-filter-status]").textContent()).toContain(message);
      expect(await page.getByLabel("Rating").inputValue()).toBe("");
      await page.getByLabel("Rating").selectOption("5");
      await page.getByRole("button", { name: "Show reviews" }).click();
      await waitForResults(page);
      expect(await page.locator("[data-filter-status]").textContent()).not.toContain("Ignored");
    } finally {
      await page.close();
    }
  });

  it("renders review text from the API as text, never as markup", async () => {
    const hostile = '<img src="x" onerror="window.__pwned = true"><b>bold</b>';
    const review = { ...dataset.reviews[0]!, id: "hostile", title: hostile, text: hostile, rating: 1, author: { name: hostile, location: null } };
    const page = await browser.context.newPage();
    try {
      await page.route("**/api/reviews/search**", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ reviews: [review], count: 1, total: 1, limit: 20, offset: 0 }) }),
      );
      await page.goto(`${base}/reviews/?rating=1`);
      await waitForResults(page);
      const results = page.locator("[data-filter-results]");
      expect(await results.locator("img, b").count()).toBe(0);
      expect(await results.locator("h3").textContent()).toBe(hostile);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    } finally {
      await page.close();
    }
  });
});
