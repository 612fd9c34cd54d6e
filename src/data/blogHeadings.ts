/** Heading anchors for markdown bodies: ids from the one slug(), unique per document, with a permalink beside each heading. */
import { slug } from "../config/site";
import { fillPlaceholders } from "./content";

/** Heading levels that get an id and a permalink (the table of contents lists the same levels). */
export const ANCHORED_DEPTHS: readonly number[] = [2, 3];
export const ANCHOR_CLASS = "heading-anchor";

/** A small "#" mark shown beside headings on hover (the link's name is its aria-label). */
export const anchorIcon = `<svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16"><path fill="currentColor" d="M6.5 1 5.6 5H2.5l-.2 1.5h3L4.6 9.5H1.5l-.2 1.5h3L3.5 15H5l.8-4h3l-.8 4h1.5l.8-4h3.1l.2-1.5h-3l.7-3h3.1l.2-1.5h-3l.8-4H11l-.8 4h-3l.8-4H6.5Zm.3 5.5h3l-.7 3h-3l.7-3Z"/></svg>`;

/**
 * A fresh id source for one document: slug(text), then `-1`, `-2`… when that id is taken (as GitHub
 * numbers repeated headings), and "section" for a heading with no Latin letters or digits.
 */
export function headingSlugger(): (text: string) => string {
  const used = new Set<string>();
  return (text) => {
    const base = slug(text) || "section";
    let id = base;
    for (let n = 1; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

/** The permalink's accessible name, in the document's language. */
export function anchorLabel(text: string, locale?: string | null): string {
  return locale === "pt-BR" ? `Link para esta seção: ${text}` : `Link to this section: ${text}`;
}

/** The part of an mdast node this module reads and writes. */
export interface MdastNode {
  type: string;
  depth?: number;
  value?: string;
  alt?: string | null;
  url?: string;
  title?: string | null;
  children?: MdastNode[];
  data?: Record<string, unknown>;
}

/** A node's plain text, as mdast-util-to-string reads it (the text the table of contents shows). */
export function mdastText(node: MdastNode): string {
  if (typeof node.value === "string") return node.value;
  if (node.type === "image") return node.alt ?? "";
  return (node.children ?? []).map(mdastText).join("");
}

/**
 * Gives every h2/h3 of a markdown tree its id (also read by gatsby-transformer-remark's `headings`, hence
 * the table of contents) and puts a permalink before its text, the markup gatsby-remark-autolink-headers
 * made. Runs as a gatsby-transformer-remark sub-plugin (src/gatsby/remark-heading-anchors).
 */
export function anchorHeadings<T extends MdastNode>(tree: T, locale?: string | null): T {
  const idFor = headingSlugger();
  const visit = (node: MdastNode) => {
    if (node.type === "heading" && ANCHORED_DEPTHS.includes(node.depth ?? 0)) {
      // Brand placeholders are filled in the HTML later; the id follows the text readers see.
      const text = fillPlaceholders(mdastText(node));
      const id = idFor(text);
      const data = (node.data ??= {});
      data["id"] = id;
      data["htmlAttributes"] = { ...(data["htmlAttributes"] as object | undefined), id };
      data["hProperties"] = { ...(data["hProperties"] as object | undefined), id };
      node.children = [
        {
          type: "link",
          url: `#${id}`,
          title: null,
          children: [],
          data: {
            hProperties: {
              "aria-label": anchorLabel(text, locale),
              class: `${ANCHOR_CLASS} before`,
            },
            hChildren: [{ type: "raw", value: anchorIcon }],
          },
        },
        ...(node.children ?? []),
      ];
      return;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return tree;
}
