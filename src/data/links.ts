/** Decides which hrefs are routes of this site (client-side navigation) and which the browser handles. */

/** File extensions a link can point at that are downloads, not pages (the download list). */
export const downloadExtensions = [
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "odt",
  "ods",
  "odp",
  "txt",
  "rtf",
  "csv",
  "zip",
  "gz",
  "tgz",
  "rar",
  "7z",
  "tar",
  "dmg",
  "exe",
  "apk",
  "mp3",
  "mp4",
  "mov",
  "avi",
  "wav",
  "webm",
  "ogg",
  "json",
  "xml",
  "svg",
  "png",
  "jpg",
  "jpeg",
  "gif",
  "webp",
] as const;

const fileLike = new RegExp(`\\.(${downloadExtensions.join("|")})(?:[?#]|$)`, "i");

/** Paths served by something other than Gatsby's router (the CMS admin, feeds, functions). */
const excludedPrefixes = [
  "/admin",
  "/api/",
  "/rss.xml",
  "/sitemap",
  "/greenhouse",
  "/risk/",
  "/api-webinar/",
  "/amp-exp/",
];

/** True when href is a path on this site that Gatsby can navigate to client-side. */
export function isInternalHref(href: string): boolean {
  if (!href.startsWith("/") || href.startsWith("//")) return false;
  if (fileLike.test(href)) return false;
  return !excludedPrefixes.some((prefix) => href === prefix || href.startsWith(prefix));
}

/** What a delegated click handler knows about a click on a link inside rendered markdown. */
export interface LinkClick {
  href: string | null;
  target: string | null;
  download: boolean;
  rel: string | null;
  button: number;
  modified: boolean;
  defaultPrevented: boolean;
}

/**
 * The path to navigate to client-side for a click on a markdown link, or null to leave the click to
 * the browser: other buttons, modifier keys, new tabs, downloads, external and file-like links, and
 * hash links (the browser scrolls to them, honouring scroll-margin-top).
 */
export function clientSideTarget(click: LinkClick): string | null {
  const { href } = click;
  if (!href || click.defaultPrevented || click.button !== 0 || click.modified) return null;
  if (click.download || (click.target && click.target !== "_self")) return null;
  if (click.rel && /\bexternal\b/.test(click.rel)) return null;
  if (href.startsWith("#")) return null;
  return isInternalHref(href) ? href : null;
}
