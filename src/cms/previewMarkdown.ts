/**
 * Markdown for the CMS previews, through the pipeline the build uses: remark with GFM (the versions
 * gatsby-transformer-remark runs), the site's heading-anchors transform (ids from slug(), permalinks),
 * code fences in gatsby-remark-prismjs's markup highlighted by Prism, mdast → hast → HTML; then the build's own
 * body sanitizer (src/data/bodyHtml.ts), so the editor sees what the page will carry. Also returns the table of contents, read from the same headings as the site's.
 */
import remark from "remark";
import gfm from "remark-gfm";
import toHast from "mdast-util-to-hast";
import toHtml from "hast-util-to-html";
import { sanitizeBodyHtml } from "../data/bodyHtml";
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

export function previewMarkdown(markdown: string, locale?: string | null): PreviewBody {
  const processor = remark().use(gfm as never);
  const tree = processor.runSync(processor.parse(markdown)) as unknown as MdastNode;
  anchorHeadings(tree, locale);
  const toc = tableOfContents(tree);
  highlightFences(tree);
  const hast = toHast(tree as never, { allowDangerousHtml: true });
  const html = toHtml(hast as never, { allowDangerousHtml: true });
  return { html: sanitizeBodyHtml(html), toc };
}
