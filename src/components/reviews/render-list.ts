/**
 * Browser-side twins of ReviewListItem.astro and PageNav.astro, for the
 * filtered results. Review text comes from the API and is untrusted: every
 * value goes in as textContent or an attribute, never as markup.
 */
import type { ReviewListEntry } from "../../lib/reviews-list/list-entry.ts";
import { listPageLinks } from "../../lib/reviews-list/paginate.ts";
import { formatDate } from "../format.ts";

type Child = Node | string;

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(typeof child === "string" ? doc.createTextNode(child) : child);
  return node;
}

function hidden(doc: Document, text: string): HTMLSpanElement {
  return element(doc, "span", { class: "visually-hidden" }, text);
}

export function renderListEntry(doc: Document, entry: ReviewListEntry): HTMLLIElement {
  const headingId = `entry-${entry.id}`;
  const stars = element(
    doc,
    "span",
    { class: "stars stars--small", "data-rating": String(entry.rating) },
    element(doc, "span", { "aria-hidden": "true" }, entry.stars),
    hidden(doc, entry.ratingLabel),
  );
  const byline = element(
    doc,
    "p",
    { class: "review-list__byline" },
    stars,
    " ",
    element(doc, "span", {}, `${entry.byline} · `, element(doc, "time", { datetime: entry.date }, formatDate(entry.date))),
  );
  const article = element(
    doc,
    "article",
    { "aria-labelledby": headingId },
    element(doc, "h3", { id: headingId, class: "review-list__title" }, element(doc, "a", { href: entry.path }, entry.heading)),
    byline,
    element(doc, "p", { class: "review-list__excerpt" }, entry.excerpt),
  );
  if (entry.facts !== "") article.append(element(doc, "p", { class: "review-list__facts" }, entry.facts));
  return element(doc, "li", { class: "review-list__item", "data-review-id": entry.id, "data-rating": String(entry.rating) }, article);
}

/** Page links for the filtered results; each carries `data-page` so the script can load it in place. */
export function renderPageNav(doc: Document, current: number, pageCount: number, href: (page: number) => string, label: string): HTMLElement | null {
  if (pageCount <= 1) return null;
  const link = (page: number, ...children: Child[]) => element(doc, "a", { href: href(page), "data-page": String(page) }, ...children);
  const step = (enabled: boolean, page: number, rel: string, text: string, arrowFirst: boolean) => {
    const item = element(doc, "li", { class: "pager__step" });
    if (!enabled) item.append(element(doc, "span", { "aria-hidden": "true" }, arrowFirst ? `← ${text}` : `${text} →`));
    else {
      const anchor = arrowFirst ? link(page, `← ${text}`, hidden(doc, " page")) : link(page, text, hidden(doc, " page"), " →");
      anchor.setAttribute("rel", rel);
      item.append(anchor);
    }
    return item;
  };
  const list = element(doc, "ul", { class: "pager__list" }, step(current > 1, current - 1, "prev", "Previous", true));
  for (const entry of listPageLinks(current, pageCount)) {
    if (entry.kind === "gap") list.append(element(doc, "li", { class: "pager__gap", "aria-hidden": "true" }, "…"));
    else {
      const anchor = link(entry.page, hidden(doc, "Page "), String(entry.page));
      if (entry.current) anchor.setAttribute("aria-current", "page");
      list.append(element(doc, "li", {}, anchor));
    }
  }
  list.append(step(current < pageCount, current + 1, "next", "Next", false));
  return element(doc, "nav", { class: "pager", "aria-label": label }, list);
}
