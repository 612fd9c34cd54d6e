/**
 * Markdown twins: a page's Markdown at its URL with `.md` appended (`index.html.md` for a URL ending in `/`, as the
 * llms.txt proposal puts it), which page has one, and when a request's Accept header asks for it instead of the HTML.
 * Pure, with no imports: the pages' heads, the build, the Node server and Vercel's routes all read it.
 */

/** The file name of a twin beside its page's index.html. */
export const TWIN_FILE = "index.html.md";

/** The twin of a page path that ends in `/` ("/pricing/" → "/pricing/index.html.md"), else null. */
export function twinPathOf(pagePath: string): string | null {
  return pagePath.startsWith("/") && pagePath.endsWith("/") ? `${pagePath}${TWIN_FILE}` : null;
}

/** The page a twin path belongs to ("/pricing/index.html.md" → "/pricing/"), else null. */
export function pageOfTwin(twinPath: string): string | null {
  return twinPath.endsWith(`/${TWIN_FILE}`) ? twinPath.slice(0, -TWIN_FILE.length) : null;
}

/**
 * Whether a page gets a twin: exactly the pages the sitemap lists. A draft or scheduled entry has no page, and a
 * hidden post, a noindex page and a copy whose canonical is elsewhere are out of the sitemap (src/gatsby/sitemap.ts).
 * createPages writes the answer into the context as `twin`; the page's head links the twin only then.
 */
export function hasTwin(pageContext: unknown): boolean {
  return (pageContext as { twin?: unknown } | null | undefined)?.twin === true;
}

/**
 * An entry of an Accept header that names a media type at full weight: no `q`, or `q=1`, other parameters
 * allowed. Written as a pattern rather than parsed, so that Vercel's routes (which match request headers with a
 * regular expression) decide exactly as the Node server does.
 */
const fullWeight = (type: string) =>
  `(?:^|,)[ \\t]*${type.replace("/", "\\/")}[ \\t]*(?:;[ \\t]*(?![ \\t]|q[ \\t]*=)[^,;]*|;[ \\t]*q[ \\t]*=[ \\t]*1(?:\\.0{0,3})?[ \\t]*)*(?:,|$)`;

/**
 * An Accept header that prefers Markdown to HTML: it names `text/markdown` at full weight and does not name
 * `text/html` at full weight. Anything else (no header, a browser's `text/html,…,*\/*;q=0.8`, Markdown at a lower
 * weight, both at full weight) gets the page. Media types are matched in lower case, as every client sends them;
 * the Node server lowercases the header first, Vercel matches it as sent. Anchored itself, so it decides the same
 * whether a host matches it whole or searches the header with it.
 */
export const MARKDOWN_ACCEPT_PATTERN = `^(?=.*?${fullWeight("text/markdown")})(?!.*?${fullWeight("text/html")}).*$`;

const ACCEPT = new RegExp(`^(?:${MARKDOWN_ACCEPT_PATTERN})$`, "s");

/** Whether a request with this Accept header gets a page's twin rather than its HTML. */
export function prefersMarkdown(accept: string | null | undefined): boolean {
  return typeof accept === "string" && ACCEPT.test(accept.toLowerCase());
}
