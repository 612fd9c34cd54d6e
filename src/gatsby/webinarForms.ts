// The webinar form allowlist's source: the hubspotFormId of every page in content/webinars, as a module.
import { promises as fs } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

const FORM_GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the generated module lives; serverless bundles include it, unlike content/. */
export const WEBINAR_FORMS_MODULE = "src/server/leads/webinarFormIds.ts";

/** The form ids the webinar pages name, lower-cased, sorted and unique. */
export async function readWebinarFormIds(dir: string): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith(".md")).sort();
  const ids = new Set<string>();
  for (const name of names) {
    const text = await fs.readFile(path.join(dir, name), "utf8");
    const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
    if (frontmatter === undefined) continue;
    const data = parse(frontmatter) as { hubspotFormId?: unknown } | null;
    const id = data?.hubspotFormId;
    if (typeof id === "string" && FORM_GUID.test(id)) ids.add(id.toLowerCase());
  }
  return [...ids].sort();
}

/** The module's text for these ids. */
export function renderWebinarFormsModule(ids: readonly string[]): string {
  return [
    "// Generated from content/webinars by every build and `gatsby develop` (onPreBootstrap); do not edit by hand.",
    "// The default allowlist of /api-webinar/ (HUBSPOT_WEBINAR_FORM_IDS overrides it).",
    "export const webinarFormIds: readonly string[] = [",
    ...ids.map((id) => `  "${id}",`),
    "];",
    "",
  ].join("\n");
}

/**
 * Rewrites the generated module from `<root>/content/webinars` when its ids differ (the build does this
 * first, so a webinar published from the CMS is accepted by the next deploy). Returns whether it wrote.
 */
export async function syncWebinarFormsModule(root: string): Promise<boolean> {
  const ids = await readWebinarFormIds(path.join(root, "content", "webinars")).catch(() => null);
  if (ids === null) return false;
  const file = path.join(root, WEBINAR_FORMS_MODULE);
  const current = await fs.readFile(file, "utf8").catch(() => "");
  const wanted = renderWebinarFormsModule(ids);
  const idsOf = (text: string) => [...text.matchAll(/"([0-9a-f-]{36})"/g)].map((m) => m[1]).join();
  if (idsOf(current) === ids.join() && current !== "") return false;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, wanted);
  return true;
}
