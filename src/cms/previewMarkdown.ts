/**
 * Markdown for the CMS previews, rendered as the build renders it: heading ids from slug() with the same
 * permalinks (src/data/blogHeadings.ts), code in gatsby-remark-prismjs's markup and token classes, then
 * only safe markup. Also returns the table of contents, which the site reads from the same headings.
 */
import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { ANCHORED_DEPTHS, anchorHtml, headingSlugger } from "../data/blogHeadings";
import { tokenize } from "../data/highlight";

export interface PreviewBody {
  html: string;
  toc: Array<{ id: string; title: string; depth: 2 | 3 }>;
}

/** Fence labels as gatsby-config.ts aliases them for prism, mapped to the tokenizer's languages. */
const LANGUAGES: Record<string, string> = {
  js: "javascript",
  jsx: "javascript",
  javascript: "javascript",
  ts: "typescript",
  tsx: "typescript",
  typescript: "typescript",
  sh: "bash",
  shell: "bash",
  bash: "bash",
  json: "json",
  kotlin: "kotlin",
  swift: "swift",
  python: "python",
  py: "python",
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** The text of rendered inline HTML (what mdast-util-to-string gives the build for the same heading). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? "")
    .trim();
}

function highlighted(code: string, label: string): string {
  const language = LANGUAGES[label];
  if (!language) return escapeHtml(code);
  return tokenize(code, language)
    .map((token) =>
      token.kind === "plain"
        ? escapeHtml(token.text)
        : `<span class="token ${token.kind}">${escapeHtml(token.text)}</span>`,
    )
    .join("");
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
    ...["div", "span", "svg", "path"],
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
    "*": ["id"],
  },
  // Only the classes this module writes survive (markdown may carry raw HTML with its own classes).
  transformTags: {
    a: keepClasses(/^(heading-anchor|before)$/),
    div: keepClasses(/^gatsby-highlight$/),
    span: keepClasses(/^(token|keyword|string|comment|number)$/),
    pre: keepClasses(/^language-[\w-]+$/),
    code: keepClasses(/^language-[\w-]+$/),
  },
  allowedSchemes: ["http", "https", "mailto"],
};

export function previewMarkdown(markdown: string, locale?: string | null): PreviewBody {
  const idFor = headingSlugger();
  const toc: PreviewBody["toc"] = [];
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        if (!ANCHORED_DEPTHS.includes(depth)) return `<h${depth}>${inner}</h${depth}>\n`;
        const text = textOf(inner);
        const id = idFor(text);
        toc.push({ id, title: text, depth: depth === 3 ? 3 : 2 });
        return `<h${depth} id="${id}">${anchorHtml(id, text, locale)}${inner}</h${depth}>\n`;
      },
      code({ text, lang }: Tokens.Code) {
        const label = (lang ?? "").trim().split(/\s+/)[0]?.toLowerCase() || "text";
        const cls = `language-${escapeHtml(label)}`;
        return `<div class="gatsby-highlight" data-language="${escapeHtml(label)}"><pre class="${cls}"><code class="${cls}">${highlighted(text, label)}</code></pre></div>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { html: sanitizeHtml(html, SANITIZE), toc };
}
