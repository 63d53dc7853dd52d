/**
 * The admin page's own script (`/admin/cms-setup.js`, bundled by
 * scripts/build-admin.ts). It runs before the decap-cms bundle, asks it not
 * to start on its own, and once it has loaded registers the schema-checked
 * widgets, the content formats and the preSave check, then starts it with
 * the configuration from cms-config.ts.
 */
import { formatIssue, prepareEntry, type EntryKind } from "./check-entry.ts";
import { createCmsConfig, type CmsSettings } from "./cms-config.ts";
import { refreshContentContext } from "./content-context.ts";
import type { DecapCms, DecapGlobals, ImmutableValue, WidgetDefinition } from "./decap.ts";
import { checkDraft, expectedReviewId, kindOf } from "./draft-check.ts";
import { serializeContent } from "./prepare-entry.ts";
import { CHECKED_WIDGETS, createControls } from "./widgets.ts";

/** Set by the build (scripts/build-admin.ts) from CMS_GITHUB_REPO, CMS_GITHUB_BRANCH and CMS_AUTH_BASE_URL. */
declare const CMS_SETTINGS: CmsSettings;

/** decap-server's default port; `npm run edit` prints `?backend_port=N` when it runs elsewhere. */
const DEFAULT_BACKEND_PORT = 8081;

const globals = window as unknown as Window & DecapGlobals;
globals.CMS_MANUAL_INIT = true;

/** Today in UTC, as the build reads its date, so what the CMS accepts the build accepts. */
const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The local backend on this page's own loopback host. Only a port can be
 * chosen, and Decap uses it only when the page itself is on localhost.
 */
function localBackendUrl(location: Location): string {
  const asked = Number(new URLSearchParams(location.search).get("backend_port"));
  const port = Number.isInteger(asked) && asked > 0 && asked < 65536 ? asked : DEFAULT_BACKEND_PORT;
  return `${location.protocol}//${location.hostname}:${port}/api/v1`;
}

/** Decap's "is required" line is silenced: the schema's check says what is missing, in the build's words (widgets.ts). */
function useBuildWordsForMissingFields(cms: DecapCms): void {
  const english = cms.getLocale("en") as { editor?: { editorControlPane?: { widget?: Record<string, string> } } } | undefined;
  const widget = english?.editor?.editorControlPane?.widget;
  if (english === undefined || widget === undefined) return;
  cms.registerLocale("en", {
    ...english,
    editor: { ...english.editor, editorControlPane: { ...english.editor!.editorControlPane, widget: { ...widget, required: "" } } },
  });
}

function registerFormats(cms: DecapCms): void {
  const formats: Record<EntryKind, string> = { review: "keystone-reviews", business: "keystone-business", faq: "keystone-faq", summary: "keystone-summary" };
  for (const [kind, name] of Object.entries(formats) as [EntryKind, string][]) {
    cms.registerCustomFormat(name, "json", {
      fromFile: (text) => (kind === "faq" ? { questions: JSON.parse(text) as unknown } : (JSON.parse(text) as unknown)),
      toFile: (data) => serializeContent(prepareEntry(kind, data)),
    });
  }
}

/**
 * The last gate before a file is written: the whole entry against the
 * build's rules, with the roster and review ids read fresh. Any problem,
 * shown beside its field or not, stops the save with the build's lines.
 */
async function checkBeforeSave(entry: ImmutableValue): Promise<ImmutableValue | undefined> {
  const kind = kindOf(entry);
  if (kind === null) return undefined;
  const reading = refreshContentContext(Date.now());
  if (reading === null) throw new Error("The roster and review ids could not be read, so this entry cannot be checked. Reload the page and save again.");
  const context = await reading;
  const check = checkDraft(entry, context, today());
  if (check !== null && check.issues.length > 0) {
    throw new Error(`Not saved: ${check.path} has ${check.issues.length} problem(s), as the build would say:\n${check.issues.map(formatIssue).join("\n")}`);
  }
  if (kind !== "review") return undefined;
  const id = expectedReviewId(entry, context);
  return id === null ? undefined : (entry.get("data") as ImmutableValue).set("id", id);
}

/** A built-in widget with another control, everything else (preview, config schema, styles) kept. */
function replaceControl(name: string, base: WidgetDefinition, controlComponent: unknown): Record<string, unknown> {
  const { preview, schema, globalStyles, allowMapValue } = base;
  return { name, controlComponent, previewComponent: preview, schema, globalStyles, allowMapValue };
}

function start(): void {
  const { CMS: cms, h, createClass } = globals;
  if (cms === undefined || h === undefined || createClass === undefined) {
    document.body.textContent = "The editor did not load: /admin/decap-cms.js is missing from this build.";
    return;
  }
  const controls = createControls({ h, createClass }, today);
  for (const name of CHECKED_WIDGETS) {
    const base = cms.getWidget(name);
    if (base !== undefined) cms.registerWidget(replaceControl(name, base, controls.checked(base.control)));
  }
  const list = cms.getWidget("list");
  if (list !== undefined) cms.registerWidget(replaceControl("list", list, controls.tracked(list.control)));
  cms.registerWidget({ name: "review-id", controlComponent: controls.reviewId });
  registerFormats(cms);
  useBuildWordsForMissingFields(cms);
  cms.registerEventListener({ name: "preSave", handler: ({ entry }) => checkBeforeSave(entry) });
  cms.init({ config: createCmsConfig({ ...CMS_SETTINGS, localBackendUrl: localBackendUrl(window.location), today: today() }) });
}

// Both scripts are deferred and run in order; this listener fires after the decap-cms bundle ran.
window.addEventListener("DOMContentLoaded", start);
