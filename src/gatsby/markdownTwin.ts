/**
 * What a page's Markdown twin says (src/data/markdownTwins.ts names where it lives), for every page but a post
 * (postTwin.ts): its built main content through node-html-markdown, links absolute, controls and chrome left out.
 * The page pass (builtPages.ts) calls it with the page it has already parsed.
 */
import { NodeHtmlMarkdown, PostProcessResult, type TranslatorConfigFactory } from "node-html-markdown";
import { hasToken, parseHtml, spliceRanges, type HtmlElement } from "../data/parseHtml";

/**
 * A list item as CommonMark reads one holding blocks (a step's heading and its text) or a list: every line after
 * its first indented to the item's content, so a nested list is indented once per level (the converter's own
 * `indent` is empty). node-html-markdown's own item joins its blocks with hard breaks at the list's margin, which
 * ends the list at the item's second block.
 */
const listItem: TranslatorConfigFactory = ({ options, listKind, listItemNumber }) => {
  const marker =
    listKind === "OL" && listItemNumber !== undefined ? `${listItemNumber}. ` : `${options.bulletMarker} `;
  const content = " ".repeat(marker.length);
  return {
    prefix: marker,
    surroundingNewlines: 1,
    postprocess: ({ content: text }) =>
      text.trim() === ""
        ? PostProcessResult.RemoveNode
        : text.trim().replace(/\n(?=[^\n])/g, `\n${content}`),
  };
};

const converter = new NodeHtmlMarkdown(
  {
    bulletMarker: "-",
    codeFence: "```",
    emDelimiter: "_",
    indent: "",
    // Blank lines are collapsed outside code by tidy(); inside code they are the author's.
    maxConsecutiveNewlines: 1000,
    useInlineLinks: true,
  },
  { li: listItem },
);

/** Elements that are controls, chrome or drawing, never the page's words. */
const DROPPED = new Set([
  ...["script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "embed"],
  ...["nav", "form", "button", "input", "select", "textarea", "label", "dialog", "video", "audio"],
]);

/** An address a twin may link to: the web, mail, a phone, or a path of this site; anything else is dropped. */
export function absolute(address: string | undefined, base: string): string | null {
  if (address === undefined) return null;
  const trimmed = address.trim();
  if (trimmed.startsWith("//")) return null;
  try {
    const url = new URL(trimmed, base);
    return ["http:", "https:", "mailto:", "tel:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/**
 * Why an element of a page's main content stays out of its twin: controls and drawings, what is hidden or only
 * decorates (aria-hidden, `hidden`), the variant of an A/B test a visitor is not assigned by default, heading
 * permalinks, and a card's thumbnail in a list. A drawing with a name (role="img" and aria-label: a table's yes
 * and no marks, an illustration made of markup) is replaced by its name.
 */
function isLeftOut(el: HtmlElement): boolean {
  const a = el.attributes;
  if (DROPPED.has(el.name) || a["hidden"] !== undefined || a["aria-hidden"] === "true") return true;
  if ((a["data-ab-part"] ?? a["data-ab-variant"] ?? "").endsWith(":treatment")) return true;
  if (el.name === "a" && hasToken(a["class"], "heading-anchor")) return true;
  return (el.name === "img" || el.name === "picture") && el.ancestors.includes("li");
}

/**
 * `html[from, to)` as the HTML the converter reads: what isLeftOut names cut out, links and images reduced to
 * their absolute address (an unsafe one to none), a disclosure's summary turned into a heading one level below
 * the heading before it, so a FAQ reads as questions and answers. `imageFor` may name a better address for an
 * image (a post's processed picture).
 */
function convertibleHtml(
  html: string,
  elements: readonly HtmlElement[],
  from: number,
  to: number,
  base: string,
): string {
  const edits: Array<{ start: number; end: number; insert: string }> = [];
  let skipUntil = -1;
  let headingLevel = 1;
  let linkEnd = -1;
  for (const el of elements) {
    if (el.start < from || el.start >= to || el.start < skipUntil) continue;
    const closed = el.end > el.openEnd;
    const name =
      el.attributes["role"] === "img" && el.name !== "img"
        ? el.attributes["aria-label"]
        : undefined;
    if (name !== undefined && closed) {
      edits.push({ start: el.start, end: el.end, insert: ` ${escapeAttribute(name)} ` });
      skipUntil = el.end;
      continue;
    }
    if (isLeftOut(el)) {
      // An element without its end tag in the source cannot be cut exactly; only its start tag goes.
      edits.push({ start: el.start, end: closed ? el.end : el.openEnd, insert: "" });
      skipUntil = closed ? el.end : el.openEnd;
      continue;
    }
    const heading = /^h([1-6])$/.exec(el.name);
    if (heading) headingLevel = Number(heading[1]);
    if (el.name === "a") {
      const href = absolute(el.attributes["href"], base);
      // Links side by side (a group of calls to action) keep a space between them.
      const gap = el.start === linkEnd ? " " : "";
      const tag = href ? `<a href="${escapeAttribute(href)}">` : "<a>";
      edits.push({ start: el.start, end: el.openEnd, insert: `${gap}${tag}` });
      if (closed) linkEnd = el.end;
    } else if (el.name === "img") {
      const src = absolute(el.attributes["src"], base);
      const alt = escapeAttribute(el.attributes["alt"] ?? "");
      edits.push({
        start: el.start,
        end: el.openEnd,
        insert: src ? `<img src="${escapeAttribute(src)}" alt="${alt}">` : alt,
      });
    } else if (el.name === "summary" && closed && html.startsWith("</summary>", el.end - 10)) {
      const tag = `h${Math.min(headingLevel + 1, 6)}`;
      edits.push({ start: el.start, end: el.openEnd, insert: `<${tag}>` });
      edits.push({ start: el.end - 10, end: el.end, insert: `</${tag}>` });
    }
  }
  return spliceRanges(
    html.slice(from, to),
    edits.map((e) => ({ ...e, start: e.start - from, end: e.end - from })),
  );
}

/** Each line of a Markdown text with whether it is inside a code fence (whose lines are never touched). */
function mapOutsideFences(markdown: string, map: (line: string) => string | null): string {
  let fenced = false;
  const out: string[] = [];
  for (const line of markdown.split("\n")) {
    const fence = /^ {0,3}(?:```|~~~)/.test(line);
    const mapped = fenced || fence ? line : map(line);
    if (fence) fenced = !fenced;
    if (mapped !== null) out.push(mapped);
  }
  return out.join("\n");
}

/** The twin as written: blank lines outside code at most one in a row, one newline at the end. */
export function tidy(markdown: string): string {
  let blank = false;
  const lines = mapOutsideFences(markdown, (line) => {
    const empty = line.trim() === "";
    const drop = empty && blank;
    blank = empty;
    return drop ? null : line;
  });
  return `${lines.trim()}\n`;
}

/**
 * The converter pads every table cell to its column's widest: a row with a long note pads the whole column. Table
 * rows outside code fences lose that padding (a table reads the same with one space around each cell).
 */
function unpadTables(markdown: string): string {
  return mapOutsideFences(markdown, (line) =>
    line.startsWith("|") ? line.replace(/ {2,}\|/g, " |").replace(/-{4,}/g, "---") : line,
  );
}

/**
 * The twin of a page built from sections or a template: its main content from the page's `<h1>` on (eyebrows and
 * breadcrumbs above it left out), as Markdown with every link absolute. `pageUrl` is the page's own address.
 */
export function pageTwin(html: string, elements: readonly HtmlElement[], pageUrl: string): string {
  const main = elements.find((el) => el.name === "main" && el.end > el.openEnd);
  if (!main) return "";
  const h1 = elements.find(
    (el) => el.name === "h1" && el.start >= main.openEnd && el.end <= main.end,
  );
  const from = h1?.start ?? main.openEnd;
  const to = main.end - "</main>".length;
  return tidy(unpadTables(converter.translate(convertibleHtml(html, elements, from, to, pageUrl))));
}

/** An HTML fragment (a post's raw HTML, already sanitized) as Markdown. */
export function fragmentToMarkdown(fragment: string, base: string): string {
  const html = convertibleHtml(fragment, parseHtml(fragment), 0, fragment.length, base);
  return unpadTables(converter.translate(html)).trim();
}
