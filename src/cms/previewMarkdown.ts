/**
 * Markdown for the CMS previews, through the pipeline the build uses: remark with GFM (the versions
 * gatsby-transformer-remark runs), the site's heading-anchors transform (ids from slug(), permalinks),
 * code fences in gatsby-remark-prismjs's markup highlighted by Prism, mdast → hast → HTML; then only
 * safe markup survives. Also returns the table of contents, read from the same headings as the site's.
 */
import remark from "remark";
import gfm from "remark-gfm";
import toHast from "mdast-util-to-hast";
import toHtml from "hast-util-to-html";
import sanitizeHtml from "sanitize-html";
import { ANCHORED_DEPTHS, anchorHeadings, mdastText, type MdastNode } from "../data/blogHeadings";
import { escapeHtml } from "../data/html";
import { highlightCode } from "../data/highlight";

export interface PreviewBody {
  html: string;
  toc: Array<{ id: string; title: string; depth: 2 | 3 }>;
}

/** A fenced block as gatsby-remark-prismjs writes it: the first word of the info string names the language. */
function fenceHtml(code: string, lang: string | undefined): string {
  const label = (lang ?? "").trim().split(/\s+/)[0]?.toLowerCase() || "text";
  const cls = `language-${escapeHtml(label)}`;
  return `<div class="gatsby-highlight" data-language="${escapeHtml(label)}"><pre class="${cls}"><code class="${cls}">${highlightCode(code, label)}</code></pre></div>`;
}

/** Replaces every code block with its highlighted HTML, as the build's prism step does. */
function highlightFences(node: MdastNode): void {
  for (const [index, child] of (node.children ?? []).entries()) {
    if (child.type === "code") {
      const lang = (child as MdastNode & { lang?: string | null }).lang ?? undefined;
      node.children![index] = { type: "html", value: fenceHtml(child.value ?? "", lang) };
    } else highlightFences(child);
  }
}

function tableOfContents(tree: MdastNode): PreviewBody["toc"] {
  const toc: PreviewBody["toc"] = [];
  const visit = (node: MdastNode) => {
    const id = node.data?.["id"];
    if (
      node.type === "heading" &&
      typeof id === "string" &&
      ANCHORED_DEPTHS.includes(node.depth ?? 0)
    )
      toc.push({ id, title: mdastText(node), depth: node.depth === 3 ? 3 : 2 });
    node.children?.forEach(visit);
  };
  visit(tree);
  return toc;
}

function keepClasses(allowed: RegExp): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const { class: classes = "", ...rest } = attribs;
    const kept = classes.split(/\s+/).filter((name) => allowed.test(name));
    return { tagName, attribs: kept.length > 0 ? { ...rest, class: kept.join(" ") } : rest };
  };
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "a", "ul", "ol", "li", "blockquote", "hr", "br"],
    ...["strong", "em", "code", "pre", "img", "table", "thead", "tbody", "tr", "th", "td", "del"],
    ...["div", "span", "svg", "path", "input"],
  ],
  allowedAttributes: {
    a: ["href", "title", "aria-label", "class"],
    img: ["src", "alt", "title"],
    div: ["class", "data-language"],
    span: ["class"],
    pre: ["class"],
    code: ["class"],
    svg: ["aria-hidden", "focusable", "width", "height", "viewbox", "viewBox"],
    path: ["fill", "d"],
    th: ["align"],
    td: ["align"],
    // GFM task lists: a disabled checkbox, as the build renders them.
    input: ["type", "checked", "disabled"],
    "*": ["id"],
  },
  // Only the classes the pipeline writes survive (markdown may carry raw HTML with its own classes).
  transformTags: {
    a: keepClasses(/^(heading-anchor|before)$/),
    div: keepClasses(/^gatsby-highlight$/),
    // Prism's token classes that the code stylesheet (src/styles/codeTokens.ts) colours.
    span: keepClasses(
      /^(token|keyword|boolean|operator|important|atrule|selector|string|char|attr-value|number|builtin|inserted|url|comment|prolog|doctype|cdata)$/,
    ),
    pre: keepClasses(/^language-[\w-]+$/),
    code: keepClasses(/^language-[\w-]+$/),
  },
  allowedSchemes: ["http", "https", "mailto"],
};

export function previewMarkdown(markdown: string, locale?: string | null): PreviewBody {
  const processor = remark().use(gfm as never);
  const tree = processor.runSync(processor.parse(markdown)) as unknown as MdastNode;
  anchorHeadings(tree, locale);
  const toc = tableOfContents(tree);
  highlightFences(tree);
  const hast = toHast(tree as never, { allowDangerousHtml: true });
  const html = toHtml(hast as never, { allowDangerousHtml: true });
  return { html: sanitizeHtml(html, SANITIZE), toc };
}
