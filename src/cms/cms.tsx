/**
 * The admin's entry (bundled by src/gatsby/cmsAdmin.ts): registers the preview templates and the save-time
 * checks, then starts the CMS with the build's backend (./backend.ts). This is the only init(): registering
 * first means no entry can render before its preview and checks exist.
 */
import CMS from "decap-cms-app";
import dayjs from "dayjs";
import { backendOverrides, previewOverrides, readCmsBackend, readPreviewContext } from "./backend";
import { BulkGitHubBackend } from "./bulkBackend";
import type * as React from "react";
import { entryProblems, slugChangeProblem } from "./checks";
import { plain, type PreviewProps } from "./previewData";
import { PREVIEWS } from "./previews";
import { scheduleMarker } from "./scheduleMarker";
import { applySiteNow } from "./siteDateTime";

type SavedEntry = { get(key: string): unknown };
type Registry = {
  init(options: { config: Record<string, unknown> }): void;
  getBackend(name: string): { init: (config: unknown, options?: unknown) => unknown } | undefined;
  getWidget(name: string): Parameters<typeof applySiteNow>[0];
  registerPreviewTemplate(name: string, component: React.ComponentType<PreviewProps>): void;
  registerEventListener(listener: {
    name: "preSave";
    handler: (event: { entry: SavedEntry }) => undefined;
  }): void;
};
const cms = CMS as unknown as Registry;

// The lists' summaries mark scheduled entries (model.ts, scheduledSummary): Decap formats with this dayjs.
dayjs.extend(scheduleMarker());
// "Now" on a date field is the site's wall clock, as the field stores it (siteDateTime.ts).
if (!applySiteNow(cms.getWidget("datetime")))
  console.warn(
    "The datetime widget changed: its Now button fills the browser's clock, not the site's.",
  );

for (const [name, preview] of Object.entries(PREVIEWS)) cms.registerPreviewTemplate(name, preview);

// The github backend lists folders in bulk (bulkBackend.ts). It stays registered as "github", the name the
// config, the stored login and Decap's own GitHub links go by.
const github = cms.getBackend("github");
if (github) github.init = (config, options) => new BulkGitHubBackend(config, options);
else console.warn("Decap has no github backend to extend: the admin lists entries one by one.");

// Decap shows a thrown error as "Failed to persist entry: …" and keeps the editor open.
cms.registerEventListener({
  name: "preSave",
  handler: ({ entry }) => {
    const collection = String(entry.get("collection") ?? "");
    const data = plain<Record<string, unknown>>(entry.get("data"), {});
    // A saved entry's path is where Decap keeps writing it, whatever its slug field says now.
    const saved = { isNew: entry.get("newRecord") === true, path: String(entry.get("path") ?? "") };
    const slugProblem = slugChangeProblem(collection, saved, data);
    const problems = [...entryProblems(collection, data), ...(slugProblem ? [slugProblem] : [])];
    if (problems.length > 0) throw new Error(problems.join(" "));
    return undefined;
  },
});

// Last, once everything above is registered, with the backend the build asked for on top of config.yml.
// A marker on <html> tells tests and support the admin is ours.
const backend = readCmsBackend({
  // Inlined at build, GATSBY_* and CMS_BACKEND alike (src/gatsby/cmsAdmin.ts, adminDefinitions).
  CMS_BACKEND: process.env.CMS_BACKEND,
  GATSBY_CMS_GITHUB_REPO: process.env.GATSBY_CMS_GITHUB_REPO,
  GATSBY_CMS_GITHUB_API_URL: process.env.GATSBY_CMS_GITHUB_API_URL,
});
// "View Preview" links to the commit status the build names, else to Decap's default (backend.ts).
const preview = previewOverrides(
  readPreviewContext({ GATSBY_CMS_PREVIEW_CONTEXT: process.env.GATSBY_CMS_PREVIEW_CONTEXT }),
);
cms.init({
  config: { backend: { ...backendOverrides(backend, window.location.origin), ...preview } },
});
document.documentElement.dataset["cmsRegistered"] = String(Object.keys(PREVIEWS).length);
