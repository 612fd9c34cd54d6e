/**
 * What a page's Markdown twin says (src/data/markdownTwins.ts names where it lives): a post's comes from its own
 * Markdown, every other page's from its built main content through node-html-markdown. The page pass
 * (builtPages.ts) calls these with the page it has already parsed.
 */
import { Lexer, Parser, type Token, type Tokens } from "marked";
import { NodeHtmlMarkdown } from "node-html-markdown";
import { sanitizeBodyHtml } from "../data/bodyHtml";
import { fillPlaceholders } from "../data/content";
import { dateLabel } from "../data/dateLabels";
import { hasToken, parseHtml, spliceRanges, type HtmlElement } from "../data/parseHtml";

/** What the page pass is given for a post: its frontmatter as the page shows it, and its Markdown body. */
export type PostSource = {
  title: string;
  description: string;
  /** "Hannah Lindqvist · November 12, 2024": the line under the title, as the page writes it. */
  byline: string;
  tags: string[];
  markdown: string;
};

const converter = new NodeHtmlMarkdown({
  bulletMarker: "-",
  codeFence: "```",
  emDelimiter: "_",
  maxConsecutiveNewlines: 2,
  useInlineLinks: true,
});

/** Elements that are controls, chrome or drawing, never the page's words. */
const DROPPED = new Set([
  ...["script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "embed"],
  ...["nav", "form", "button", "input", "select", "textarea", "label", "dialog", "video", "audio"],
]);

/** An address a twin may link to: the web, mail, a phone, or a path of this site; anything else is dropped. */
function absolute(address: string | undefined, base: string): string | null {
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
function tidy(markdown: string): string {
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
function fragmentToMarkdown(fragment: string, base: string): string {
  return converter
    .translate(convertibleHtml(fragment, parseHtml(fragment), 0, fragment.length, base))
    .trim();
}

const SAFE_LINK = /^(?:https?:|mailto:|tel:)/i;

/** The Markdown of a link destination, in angle brackets when it holds spaces or brackets. */
const destination = (url: string) =>
  /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
const titled = (title: string | null | undefined) =>
  title ? ` "${title.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"` : "";

type Edit = { start: number; end: number; insert: string };

/**
 * The replacement of one inline token of a post, or undefined when it stays as written: a relative link or image
 * made absolute, an unsafe one reduced to its text, a local image pointed at the picture the page shows (found by
 * its alternative text), or at its text when the page has none.
 */
function rewriteInline(
  token: Token,
  base: string,
  pictures: ReadonlyMap<string, string>,
): string | undefined {
  if (token.type === "link") {
    const link = token as Tokens.Link;
    const href = absolute(link.href, base);
    if (!href || !SAFE_LINK.test(href)) return link.text;
    return href === link.href
      ? undefined
      : `[${link.text}](${destination(href)}${titled(link.title)})`;
  }
  if (token.type === "image") {
    const image = token as Tokens.Image;
    const shown = pictures.get(image.text);
    const href = shown ?? (/^(?:https?:)?\//i.test(image.href) ? absolute(image.href, base) : null);
    if (!href || !/^https?:/i.test(href)) return image.text;
    return href === image.href
      ? undefined
      : `![${image.text}](${destination(href)}${titled(image.title)})`;
  }
  if (token.type === "def") {
    const def = token as Tokens.Def;
    const href = absolute(def.href, base);
    if (!href || !SAFE_LINK.test(href)) return "";
    return href === def.href
      ? undefined
      : `[${def.tag}]: ${destination(href)}${titled(def.title)}\n`;
  }
  return undefined;
}

const childrenOf = (token: Token): Token[] => {
  if (token.type === "list") return (token as Tokens.List).items;
  if (token.type === "table") {
    const table = token as Tokens.Table;
    return [...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens);
  }
  return "tokens" in token && Array.isArray(token.tokens) ? token.tokens : [];
};

const holdsHtml = (token: Token): boolean =>
  token.type === "html" || childrenOf(token).some(holdsHtml);

/**
 * The edits one block of a post needs, found by walking its tokens in order through the block's own text (each
 * token's source is found after the one before it); null when a token to rewrite cannot be found where it was
 * written (inside a quote or list item spanning lines), and the block is then converted from its HTML instead.
 */
function blockEdits(
  block: Token,
  source: string,
  offset: number,
  base: string,
  pictures: ReadonlyMap<string, string>,
): Edit[] | null {
  const edits: Edit[] = [];
  const walk = (tokens: readonly Token[], from: number, to: number): boolean => {
    let cursor = from;
    for (const token of tokens) {
      const at = token.raw ? source.indexOf(token.raw, cursor) : -1;
      const found = at >= 0 && at + token.raw.length <= to;
      const insert = rewriteInline(token, base, pictures);
      if (insert !== undefined) {
        if (!found) return false;
        edits.push({ start: at, end: at + token.raw.length, insert });
      } else if (
        !walk(childrenOf(token), found ? at : cursor, found ? at + token.raw.length : to)
      ) {
        return false;
      }
      if (found) cursor = at + token.raw.length;
    }
    return true;
  };
  return walk([block], offset, offset + block.raw.length) ? edits : null;
}

/** A block of a post rendered as the page renders it, sanitized by the page's own rules, then as Markdown. */
function blockFromHtml(block: Token, base: string): string {
  const html = sanitizeBodyHtml(new Parser({ gfm: true }).parse([block]));
  const markdown = fragmentToMarkdown(html, base);
  return markdown ? `${markdown}\n\n` : "";
}

/**
 * A post's twin: its title, description and byline, then its Markdown as written, with the placeholders filled
 * and what the page would not show taken out by the page's own rules. Raw HTML goes through the body sanitizer
 * and is converted like a page; links and images become absolute, unsafe ones their text. `pageHtml` and its
 * elements give the pictures the page shows for the post's local images.
 */
export function postTwin(
  post: PostSource,
  pageElements: readonly HtmlElement[],
  pageUrl: string,
): string {
  const pictures = new Map<string, string>();
  for (const el of pageElements) {
    const src = absolute(el.attributes["src"], pageUrl);
    const alt = el.attributes["alt"];
    if (el.name === "img" && src && alt && !pictures.has(alt)) pictures.set(alt, src);
  }
  const source = fillPlaceholders(post.markdown.replace(/\r\n?/g, "\n"));
  let body = "";
  let offset = 0;
  for (const block of new Lexer({ gfm: true }).lex(source)) {
    const edits =
      source.startsWith(block.raw, offset) && !holdsHtml(block)
        ? blockEdits(block, source, offset, pageUrl, pictures)
        : null;
    body += edits
      ? spliceRanges(
          source.slice(offset, offset + block.raw.length),
          edits.map((e) => ({ ...e, start: e.start - offset, end: e.end - offset })),
        )
      : blockFromHtml(block, pageUrl);
    offset += block.raw.length;
  }
  const head = [
    `# ${fillPlaceholders(post.title)}`,
    fillPlaceholders(post.description),
    [post.byline, ...(post.tags.length > 0 ? [`Tags: ${post.tags.join(", ")}`] : [])].join(" · "),
  ];
  return tidy(`${head.join("\n\n")}\n\n${body}`);
}

type Node = { id: string; parent?: string | null } & Record<string, unknown>;
type NodeApi = {
  getNodesByType(type: string): Node[];
  getNode(id: string): Node | undefined;
};

/**
 * Every post's twin source by its page file ("blog/x/index.html"), read from Gatsby's nodes (the Markdown body
 * from each post's MarkdownRemark parent): no query, and the page pass sends each only to the thread that needs it.
 */
export function postSources(nodes: NodeApi): Map<string, PostSource> {
  const names = new Map(nodes.getNodesByType("Author").map((a) => [a["key"], String(a["name"])]));
  const labels = new Map(nodes.getNodesByType("Tag").map((t) => [t["key"], String(t["label"])]));
  const sources = new Map<string, PostSource>();
  for (const post of nodes.getNodesByType("BlogPost")) {
    const parent = post.parent ? nodes.getNode(post.parent) : undefined;
    const markdown = parent?.["rawMarkdownBody"];
    if (typeof markdown !== "string") continue;
    const keys = (list: unknown) => (Array.isArray(list) ? list : []);
    const authors = keys(post["authorKeys"]).map((key) => names.get(key) ?? String(key));
    const date = dateLabel(String(post["date"]), String(post["locale"] ?? "en"));
    sources.set(`${String(post["path"]).slice(1)}index.html`, {
      title: String(post["title"]),
      description: String(post["description"]),
      byline: [...(authors.length > 0 ? [authors.join(", ")] : []), date].join(" · "),
      tags: keys(post["tagKeys"]).map((key) => labels.get(key) ?? String(key)),
      markdown,
    });
  }
  return sources;
}
