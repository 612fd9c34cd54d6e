/**
 * Build-time markdown → HTML for content fields (the bodies of RichText and Split sections), with the engine
 * the blog's bodies use: remark with GFM, mdast → hast → HTML. Raw HTML is shown as text, images as their
 * alt text (content images go through the image pipeline, never hot-linked from markdown), links keep only
 * safe schemes and outside links get rel="noopener"; the result then passes the body sanitizer.
 */
import remark from "remark";
import gfm from "remark-gfm";
import toHast from "mdast-util-to-hast";
import toHtml from "hast-util-to-html";
import type { MdastNode } from "./blogHeadings";
import { sanitizeBodyHtml } from "./bodyHtml";

type FieldNode = MdastNode & {
  url?: string;
  alt?: string | null;
  data?: Record<string, unknown>;
};

const safeHref = (href: string): string | null => {
  const trimmed = href.trim();
  if (/^(https?:|mailto:|\/|#)/i.test(trimmed) && !trimmed.startsWith("//")) return trimmed;
  return null;
};

/** The node, or what stands in for it: raw HTML and images become text, an unsafe link its text. */
function rewrite(node: FieldNode): FieldNode[] {
  if (node.type === "html") return [{ type: "text", value: node.value ?? "" }];
  if (node.type === "image") return [{ type: "text", value: node.alt ?? "" }];
  if (node.type === "link") {
    const href = safeHref(node.url ?? "");
    const children = (node.children ?? []).flatMap((child) => rewrite(child as FieldNode));
    if (!href) return children;
    const external = /^https?:/i.test(href);
    return [
      {
        ...node,
        url: href,
        children,
        // Only what the site writes: no title attribute, rel only for other origins.
        title: null,
        data: external ? { hProperties: { rel: "noopener" } } : {},
      } as FieldNode,
    ];
  }
  // References to definitions elsewhere in the field ([text][ref]) render as their text: a content field
  // has no place for a definitions list, and its target would escape the safe-scheme check.
  if (node.type === "linkReference" || node.type === "imageReference")
    return (node.children ?? []).flatMap((child) => rewrite(child as FieldNode));
  if (node.type === "definition") return [];
  if (!node.children) return [node];
  return [{ ...node, children: node.children.flatMap((child) => rewrite(child as FieldNode)) }];
}

const processor = remark().use(gfm as never);

export function markdownToHtml(markdown: string): string {
  const tree = processor.runSync(processor.parse(markdown)) as unknown as FieldNode;
  const [safe] = rewrite(tree);
  const hast = toHast(safe as never);
  return sanitizeBodyHtml(toHtml(hast as never));
}
