/**
 * Loads one page and records what the browser tests assert on: console
 * errors, page errors, failed or non-2xx same-origin requests, the links and
 * fragment targets on the page, JSON-LD, axe results at both widths, whether
 * the mobile layout scrolls sideways, and screenshots at both widths.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { runAxe, type AxeViolation } from "./axe.ts";
import { DESKTOP, MOBILE } from "./browser.ts";

export interface PageReport {
  url: string;
  status: number | null;
  consoleErrors: string[];
  failedRequests: string[];
  links: string[];
  ids: string[];
  jsonLd: unknown[];
  axe: { desktop: AxeViolation[]; mobile: AxeViolation[] };
  mobileOverflow: number;
  /** Desktop full page; mobile as the first 390x844 screen (a `-mobile-full.png` holds the whole page). */
  screenshots: { desktop: string; mobile: string };
  charts: {
    stars: Array<{ star: string; count: number; text: string; width: number }>;
    aspects: Array<{ aspect: string; total: number; segments: Record<string, number> }>;
    chartBoxes: Array<{ kind: string; width: number; height: number }>;
  };
  reviewIds: string[];
  /** Rows of the technician and service tables: id, review count and average as rendered. */
  entities: Record<"technician" | "service", Array<{ id: string; reviewCount: number; average: string }>>;
  /** API reference entries on /docs: anchor id, parameter and field names, response statuses. */
  operations: Array<{ id: string; params: string[]; statuses: string[] }>;
  /** On a review page: the aspects listed, and the text of the main article (review, reply, verification). */
  findings: Array<{ aspect: string; sentiment: string; evidence: string }>;
  /** On the home page: the representative quote shown for each aspect and the review it links to. */
  quotes: Array<{ aspect: string; text: string; href: string; label: string; reviewId: string }>;
  articleText: string;
  /** The first two keyboard focus stops: their text, computed outline and position. */
  focusStops: Array<{ text: string; outline: string; top: number }>;
  /** Heading levels in document order, e.g. [1, 2, 3, 2]. */
  headings: number[];
  head: { canonical: string | null; alternates: Array<{ type: string; href: string }>; hub: string | null; title: string; description: string | null };
}

export async function capturePage(context: BrowserContext, url: string, name: string, outDir: string): Promise<PageReport> {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ""}`));
  page.on("response", (response) => {
    if (response.status() >= 400) failedRequests.push(`${response.url()} ${response.status()}`);
  });
  await page.setViewportSize(DESKTOP);
  const response = await page.goto(url, { waitUntil: "load" });

  const collected = await page.evaluate(() => {
    const attr = (element: Element | null, name: string) => element?.getAttribute(name) ?? null;
    const box = (element: Element) => element.getBoundingClientRect();
    return {
      links: [...document.querySelectorAll("a[href]")].map((anchor) => (anchor as HTMLAnchorElement).href),
      ids: [...document.querySelectorAll("[id]")].map((element) => element.id),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? ""),
      stars: [...document.querySelectorAll('svg[data-chart="rating-distribution"] [data-star]')].map((group) => ({
        star: attr(group, "data-star") ?? "",
        count: Number(attr(group, "data-count")),
        text: group.textContent ?? "",
        width: Number(group.querySelector(".chart-bar")?.getAttribute("width")),
      })),
      aspects: [...document.querySelectorAll('svg[data-chart="aspect-sentiment"] [data-aspect]')].map((group) => ({
        aspect: attr(group, "data-aspect") ?? "",
        total: Number(attr(group, "data-total")),
        segments: Object.fromEntries(
          [...group.querySelectorAll("[data-sentiment]")].map((segment) => [attr(segment, "data-sentiment"), Number(attr(segment, "data-count"))]),
        ),
      })),
      chartBoxes: [...document.querySelectorAll("svg[data-chart]")].map((svg) => ({
        kind: attr(svg, "data-chart") ?? "",
        width: box(svg).width,
        height: box(svg).height,
      })),
      reviewIds: [...document.querySelectorAll("#main [data-review-id]")].map((element) => attr(element, "data-review-id") ?? ""),
      entities: Object.fromEntries(
        (["technician", "service"] as const).map((kind) => [
          kind,
          [...document.querySelectorAll(`tr[data-${kind}]`)].map((row) => ({
            id: attr(row, `data-${kind}`) ?? "",
            reviewCount: Number(attr(row, "data-review-count")),
            average: attr(row, "data-average-rating") ?? "",
          })),
        ]),
      ) as Record<"technician" | "service", Array<{ id: string; reviewCount: number; average: string }>>,
      operations: [...document.querySelectorAll("article.operation")].map((article) => ({
        id: article.id,
        params: [...article.querySelectorAll("[data-param]")].map((row) => attr(row, "data-param") ?? ""),
        statuses: [...article.querySelectorAll("[data-status]")].map((row) => attr(row, "data-status") ?? ""),
      })),
      findings: [...document.querySelectorAll(".findings [data-aspect]")].map((item) => ({
        aspect: attr(item, "data-aspect") ?? "",
        sentiment: attr(item, "data-sentiment") ?? "",
        evidence: item.querySelector("blockquote")?.textContent?.trim() ?? "",
      })),
      quotes: [...document.querySelectorAll(".aspects .quote[data-aspect]")].map((item) => ({
        aspect: attr(item, "data-aspect") ?? "",
        text: item.querySelector("blockquote")?.textContent?.trim() ?? "",
        href: (item.querySelector("a[href]") as HTMLAnchorElement | null)?.href ?? "",
        label: item.querySelector("a[href]")?.textContent?.trim() ?? "",
        reviewId: attr(item, "data-quote-review") ?? "",
      })),
      headings: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) => Number(heading.tagName.slice(1))),
      articleText: document.querySelector("article.review-detail")?.textContent ?? "",
      head: {
        canonical: attr(document.querySelector('link[rel="canonical"]'), "href"),
        alternates: [...document.querySelectorAll('link[rel="alternate"]')].map((link) => ({ type: attr(link, "type") ?? "", href: attr(link, "href") ?? "" })),
        hub: attr(document.querySelector('link[rel="hub"]'), "href"),
        title: document.title,
        description: attr(document.querySelector('meta[name="description"]'), "content"),
      },
    };
  });

  const focusStops: PageReport["focusStops"] = [];
  for (let stop = 0; stop < 2; stop++) {
    await page.keyboard.press("Tab");
    focusStops.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { text: element.textContent?.trim() ?? "", outline: `${style.outlineStyle} ${style.outlineWidth}`, top: element.getBoundingClientRect().top };
      }),
    );
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  mkdirSync(outDir, { recursive: true });
  const desktopShot = join(outDir, `${name}-desktop.png`);
  await page.screenshot({ path: desktopShot, fullPage: true });
  const desktopAxe = await runAxe(page);

  await page.setViewportSize(MOBILE);
  await page.waitForFunction((width) => window.innerWidth === width, MOBILE.width);
  const mobileOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const mobileShot = join(outDir, `${name}-mobile.png`);
  await page.screenshot({ path: mobileShot });
  await page.screenshot({ path: join(outDir, `${name}-mobile-full.png`), fullPage: true });
  const mobileAxe = await runAxe(page);
  await page.close();

  return {
    url,
    status: response?.status() ?? null,
    consoleErrors,
    failedRequests,
    links: collected.links,
    ids: collected.ids,
    jsonLd: collected.jsonLd.map((text) => JSON.parse(text) as unknown),
    axe: { desktop: desktopAxe, mobile: mobileAxe },
    mobileOverflow,
    screenshots: { desktop: desktopShot, mobile: mobileShot },
    charts: { stars: collected.stars, aspects: collected.aspects, chartBoxes: collected.chartBoxes },
    reviewIds: collected.reviewIds,
    entities: collected.entities,
    operations: collected.operations,
    findings: collected.findings,
    quotes: collected.quotes,
    articleText: collected.articleText,
    headings: collected.headings,
    focusStops,
    head: collected.head,
  };
}
