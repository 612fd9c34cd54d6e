/**
 * A post's Markdown twin, from the post's own Markdown (marked's lexer finds what to change, and everything else
 * stays as the author wrote it): placeholders filled, links and images absolute, raw HTML through the page's own
 * sanitizer. What the page pass sends for each post comes from Gatsby's nodes (postSources).
 */
import { Lexer, Parser, type Token, type Tokens } from "marked";
import { sanitizeBodyHtml } from "../data/bodyHtml";
import { fillPlaceholders } from "../data/content";
import { dateLabel } from "../data/dateLabels";
import { spliceRanges, type HtmlElement } from "../data/parseHtml";
import { absolute, fragmentToMarkdown, tidy } from "./markdownTwin";

/** What the page pass is given for a post: its frontmatter as the page shows it, and its Markdown body. */
export type PostSource = {
  title: string;
  description: string;
  /** "Hannah Lindqvist · November 12, 2024": the line under the title, as the page writes it. */
  byline: string;
  tags: string[];
  markdown: string;
};

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
