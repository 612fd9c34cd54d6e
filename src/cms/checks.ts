/**
 * Save-time rules the CMS cannot express as field settings (Decap has no "required when another field
 * is set", and no field that is editable only until the entry is saved): cms.tsx runs them before every save and
 * stops the save with the message.
 */
import { paths } from "../data/blog";

const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** What is wrong with an entry of `collection` about to be saved; empty when it may be saved. */
export function entryProblems(collection: string, data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (collection === "blog") {
    if (filled(data["hero"]) && !filled(data["heroAlt"]))
      problems.push(
        "Hero alt is required with a hero image: describe what the image shows, for people who cannot see it.",
      );
    if (!filled(data["hero"]) && filled(data["heroAlt"]))
      problems.push(
        "Hero alt is filled in but there is no hero image: add the image or clear the text.",
      );
  }
  return problems;
}

/** The collections whose slug field is the entry's address and its file (or, for a post, folder) name. */
const ADDRESSED: Readonly<Record<string, (key: string) => string>> = {
  blog: paths.post,
  "case-studies": paths.caseStudy,
  webinars: paths.webinar,
};

/** The key a saved entry's file stands for: its name, or its folder's for <key>/index.md (as the build reads it). */
export function savedKey(path: string): string | null {
  const parts = path.split("/").filter(Boolean);
  const file = parts.at(-1)?.replace(/\.[^.]+$/, "");
  return (file === "index" ? parts.at(-2) : file) ?? null;
}

/**
 * A changed slug on an entry that is already saved, on main or as a draft. Decap names the file (a post's folder)
 * from the slug once, when the entry is created, and never moves it: a new slug would no longer match its file,
 * which fails the build (checkPostSlug, checkEntrySlug), and once published it would be a new address with the old
 * one gone. A rename that keeps the old address working is a new entry plus a redirect, which one save cannot
 * write (it writes one entry), so the slug is locked and the message says how to move the page.
 */
export function slugChangeProblem(
  collection: string,
  entry: { isNew: boolean; path: string },
  data: Record<string, unknown>,
): string | null {
  const address = ADDRESSED[collection];
  const key = savedKey(entry.path);
  if (!address || entry.isNew || key === null) return null;
  const slug = typeof data["slug"] === "string" ? data["slug"] : "";
  if (slug === key) return null;
  return (
    `The slug cannot change once the entry is saved: it is the page's address (${address(key)}) and the name of ` +
    `its file. Set Slug back to "${key}". To move the page, publish a new entry with the new slug, then delete ` +
    `this one and add a redirect from ${address(key)} to the new address (Site settings > Redirects).`
  );
}
