/**
 * The paths no page (and so no redirect) may claim: each function's, the hosts' function folders, the CMS admin,
 * and what the build writes beside the pages (bundles, page data, the search index, social cards, uploads).
 */
import { routes } from "../config/routes";
import { SEARCH_BUNDLE_PATH } from "../config/searchLinks";
import { socialImagePath } from "../data/socialCard";
import { functionAddresses, normalizeFunctionPath } from "./functionPaths";

const folderOf = (pathname: string) => pathname.replace(/\/[^/]*$/, "");

/**
 * Each is a path without its trailing slash; that path and everything below it are not pages'. A function's
 * path up to its first `:parameter` (`/fp/events/:requestId` claims `/fp/events`).
 */
const claimed = [
    ...functionAddresses.map((fn) => normalizeFunctionPath(fn.path.replace(/\/:.*$/, ""))),
    // Vercel serves every file of api/ as a function there, Netlify its functions under /.netlify/, and the
    // identification proxy owns /fp/ (its agent, results, events and visits).
    "/api",
    "/.netlify",
    "/fp",
    ...routes.filter((route) => route.app).map((route) => normalizeFunctionPath(route.path)),
    // Gatsby's output beside the pages: bundles and images, page and slice data, slices, Partytown.
    "/static",
    "/page-data",
    "/slice-data",
    "/_gatsby",
    "/~partytown",
    normalizeFunctionPath(SEARCH_BUNDLE_PATH),
    folderOf(socialImagePath("/")),
    // The CMS's uploads (public_folder in src/cms/model.ts).
    "/img/uploads",
];

/** Those paths, each once, leaving out any that lies below another. */
export const NON_PAGE_PATHS: readonly string[] = [...new Set(claimed)]
  .filter((candidate) => !claimed.some((other) => candidate.startsWith(`${other}/`)))
  .sort();

/**
 * True when `pathname` is one of those paths or below one. Case-insensitive: some hosts match paths without
 * regard to case, and no page of the site differs from a reserved path only in case.
 */
export function isNonPagePath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return NON_PAGE_PATHS.some((reserved) => {
    const prefix = reserved.toLowerCase();
    return lower === prefix || lower.startsWith(`${prefix}/`);
  });
}

/** One letter as a class of both its cases, anything else escaped: the CMS's patterns take no flags. */
const anyCase = (text: string) =>
  [...text]
    .map((char) =>
      /[a-z]/i.test(char)
        ? `[${char.toLowerCase()}${char.toUpperCase()}]`
        : char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");

/** isNonPagePath as a regular expression's lookahead, for a field pattern that starts at the path's start. */
export function nonPagePathLookahead(): string {
  return `(?!(?:${NON_PAGE_PATHS.map(anyCase).join("|")})(?:/|$))`;
}
