/**
 * The one sanitizer for markdown bodies (posts, case studies, webinars): the build's resolver and the CMS
 * preview both pass the rendered HTML through it, so an editor sees exactly what will be published.
 *
 * Markdown lets an author write raw HTML, and gatsby-transformer-remark passes it on. What survives is what
 * marketers legitimately write (tables, details/summary, figure/figcaption, images, links with safe schemes,
 * code) and what the build's own markdown steps write (heading permalinks with their icon, Prism's token
 * spans, gatsby-remark-images' responsive pictures, task-list checkboxes, footnotes). Nothing that runs or
 * loads a document survives: no script, iframe, object, embed, style element, form, event-handler attribute
 * or javascript: URL. Nothing positions, sizes or paints itself over the page either: the only inline
 * styles kept are gatsby-remark-images' own, matched exactly where it writes them (./imageLayout.ts). The
 * content of a dropped script or style element is dropped with it; the text of any other dropped element
 * is kept as text.
 */
import { parseFragment, serialize } from "parse5";
import sanitizeHtml from "sanitize-html";
import { allowedLayoutStyles, layoutRole, layoutStyle, type LayoutRole } from "./imageLayout";

/** Classes the build's markdown steps write; a raw-HTML class outside this list is dropped. */
const PIPELINE_CLASSES =
  /^(heading-anchor|before|after|gatsby-highlight|gatsby-resp-image-[a-z-]+|language-[\w-]+|token|contains-task-list|task-list-item|footnotes|footnote-ref|footnote-backref)$/;
/**
 * Prism's token types beside `token` (`keyword`, `class-name`, `template-punctuation`…: too many languages to
 * list); never a styled-components class (`sc-…`), so raw HTML cannot dress up as the site's components.
 */
const PRISM_TYPE = /^(?!sc-)[a-z][a-z0-9-]*$/;
/** Heading ids and footnote anchors as the pipeline writes them (slug() output): never a name a script reads. */
const SAFE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function keptClasses(tagName: string, classes: string | undefined): string | null {
  const names = (classes ?? "").split(/\s+/).filter(Boolean);
  const prism = tagName === "span" && names.includes("token");
  const kept = names.filter(
    (name) => PIPELINE_CLASSES.test(name) || (prism && PRISM_TYPE.test(name)),
  );
  return kept.length > 0 ? kept.join(" ") : null;
}

/** Every element: only the pipeline's classes and slug-shaped ids stay (attributes keep their order). */
function commonAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const out: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === "class") {
      const kept = keptClasses(tagName, value);
      if (kept) out[name] = kept;
    } else if (name !== "id" || SAFE_ID.test(value)) out[name] = value;
  }
  return { tagName, attribs: out };
}

/** A link that opens a new tab does not hand that tab this window (window.opener). */
function link(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { target, rel, ...rest } = attribs;
  if (target !== "_blank") return { tagName, attribs: rel === undefined ? rest : { ...rest, rel } };
  const rels = new Set((rel ?? "").split(/\s+/).filter(Boolean)).add("noopener");
  return { tagName, attribs: { ...rest, target, rel: [...rels].join(" ") } };
}

/** Task lists are the only inputs: a checkbox that cannot be changed. */
function checkbox(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  // Any other input is not content: renamed to a tag that is not allowed, so it is dropped.
  if (attribs["type"] !== "checkbox") return { tagName: "dropped-input", attribs: {} };
  const out: sanitizeHtml.Attributes = { type: "checkbox" };
  if (attribs["checked"] !== undefined) out["checked"] = "";
  out["disabled"] = "";
  return { tagName, attribs: out };
}

/**
 * Per call: the image-pipeline role (./imageLayout.ts) of every element the parser has open, so a style
 * is judged where it stands. sanitize-html reports each start tag (before transforming it) and each end
 * tag, implied ones included, in the parser's own nesting.
 */
function layoutTracker() {
  const open: { name: string; role: LayoutRole | null }[] = [];
  const current = () => open.at(-1)?.role ?? null;
  return {
    onOpenTag(name: string, attribs: sanitizeHtml.Attributes): void {
      open.push({ name, role: layoutRole(name, attribs, current()) });
    },
    onCloseTag(name: string): void {
      const at = open.map((element) => element.name).lastIndexOf(name);
      if (at >= 0) open.length = at;
    },
    /** The element's style in the pipeline's one spelling when it is the pipeline's, else no style. */
    style(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
      const kept = layoutStyle(current(), attribs["style"]);
      const out: sanitizeHtml.Attributes = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (name !== "style") out[name] = value;
        else if (kept !== null) out[name] = kept;
      }
      return { tagName, attribs: out };
    },
  };
}

const OPTIONS = {
  allowedTags: [
    ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "div", "span"],
    ...["ul", "ol", "li", "dl", "dt", "dd", "details", "summary", "figure", "figcaption"],
    ...["a", "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup"],
    ...["abbr", "q", "kbd", "samp", "var", "time", "code", "pre"],
    ...["img", "picture", "source", "table", "caption", "colgroup", "col", "thead", "tbody"],
    ...["tfoot", "tr", "th", "td", "input", "svg", "path"],
  ],
  allowedAttributes: {
    "*": ["id", "class", "title", "lang", "dir"],
    a: ["href", "target", "rel", "aria-label"],
    img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding", "style"],
    source: ["srcset", "sizes", "type", "media"],
    span: ["style"],
    div: ["data-language"],
    ol: ["start", "reversed"],
    li: ["value"],
    details: ["open"],
    time: ["datetime"],
    th: ["align", "colspan", "rowspan", "scope"],
    td: ["align", "colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
    input: ["type", "checked", "disabled"],
    // The permalink icon beside each heading.
    svg: ["aria-hidden", "focusable", "width", "height", "viewBox"],
    path: ["fill", "d"],
  },
  // Void elements are written without an end tag: sanitize-html's own list lacks <source> and <col>, and
  // wrote a stray </source> into every responsive picture (invalid HTML the validator step refuses).
  selfClosing: [...sanitizeHtml.defaults.selfClosing, "source", "col"],
  // gatsby-remark-images writes title="" when an image has no title.
  allowedEmptyAttributes: ["alt", "title"],
  // A second gate behind the tracker: only the pipeline's declarations can pass at all.
  allowedStyles: allowedLayoutStyles(),
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"], source: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped with their content, not shown as text: what a script, style or template holds is code.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "xmp", "template", "title"],
  // SVG attribute names keep their case (viewBox); an attribute in any other case is simply not allowed.
  parser: { lowerCaseAttributeNames: false },
} satisfies sanitizeHtml.IOptions;

/**
 * The body as it may reach a page. The markup is first read and written back by parse5, as a browser builds it:
 * htmlparser2, which sanitize-html reads with, nests misnested markup otherwise (a block inside an open <p>, a
 * link inside a link, a list item inside a list item), and a style is judged by where the element will stand.
 */
export function sanitizeBodyHtml(html: string): string {
  const layout = layoutTracker();
  return sanitizeHtml(serialize(parseFragment(html)), {
    ...OPTIONS,
    onOpenTag: layout.onOpenTag,
    onCloseTag: layout.onCloseTag,
    transformTags: {
      "*": commonAttributes,
      a: link,
      input: checkbox,
      span: layout.style,
      img: layout.style,
    },
  });
}
