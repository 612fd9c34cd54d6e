/**
 * The admin's own module (gatsby-plugin-decap-cms `modulePath`): registers the preview templates and the
 * save-time checks. The plugin initialises the CMS itself (STACK.md trap 4); calling init here would
 * mount it twice.
 */
import CMS from "decap-cms-app";
import type * as React from "react";
import { entryProblems } from "./checks";
import { plain, PREVIEWS, type PreviewProps } from "./previews";

type SavedEntry = { get(key: string): unknown };
type Registry = {
  registerPreviewTemplate(name: string, component: React.ComponentType<PreviewProps>): void;
  registerEventListener(listener: {
    name: "preSave";
    handler: (event: { entry: SavedEntry }) => undefined;
  }): void;
};
const cms = CMS as unknown as Registry;

for (const [name, preview] of Object.entries(PREVIEWS)) cms.registerPreviewTemplate(name, preview);

// Decap shows a thrown error as "Failed to persist entry: …" and keeps the editor open.
cms.registerEventListener({
  name: "preSave",
  handler: ({ entry }) => {
    const problems = entryProblems(
      String(entry.get("collection") ?? ""),
      plain<Record<string, unknown>>(entry.get("data"), {}),
    );
    if (problems.length > 0) throw new Error(problems.join(" "));
    return undefined;
  },
});
