/**
 * The one way the build and its tools read HTML: htmlparser2 underneath (the parser sanitize-html uses, so
 * the body sanitizer and the checks after it see the same markup), every element with its decoded
 * attributes, the raw text of scripts and styles, the elements it sits in and where it is in the source, so
 * a step can rewrite a page by splicing exactly the bytes it means to change.
 */
import { Parser } from "htmlparser2";

export type HtmlElement = {
  /** Tag name, lower case. */
  name: string;
  /** Attribute names lower case, values with character references decoded; the first of a repeated name wins. */
  attributes: Readonly<Record<string, string>>;
  /** Offset of the start tag's "<". */
  start: number;
  /** Offset just after the start tag's ">". */
  openEnd: number;
  /** Offset just after the end tag's ">"; openEnd when the source has no end tag (void, implied). */
  end: number;
  /** The exact source text of a script or style element (not decoded), "" for other elements. */
  text: string;
  /** Names of the elements it sits in, outermost first. */
  ancestors: readonly string[];
};

/** Elements whose text is kept: what a script runs and what a stylesheet says. */
const TEXT_ELEMENTS = new Set(["script", "style"]);

/** Every element of `html`, in document order. */
export function parseHtml(html: string): HtmlElement[] {
  const elements: HtmlElement[] = [];
  const open: HtmlElement[] = [];
  const parser: Parser = new Parser(
    {
      onopentag(name, attributes) {
        const element: HtmlElement = {
          name,
          attributes,
          start: parser.startIndex,
          openEnd: parser.endIndex + 1,
          end: parser.endIndex + 1,
          text: "",
          ancestors: open.map((parent) => parent.name),
        };
        elements.push(element);
        open.push(element);
      },
      onclosetag(name, isImplied) {
        const element = open.pop();
        if (!element || element.name !== name || isImplied) return;
        element.end = parser.endIndex + 1;
        if (TEXT_ELEMENTS.has(name)) element.text = html.slice(element.openEnd, parser.startIndex);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return elements;
}

/** Whether a space-separated attribute value (rel, class) holds `token`, ignoring case. */
export function hasToken(value: string | undefined, token: string): boolean {
  return (value ?? "")
    .toLowerCase()
    .split(/[\t\n\f\r ]+/)
    .includes(token.toLowerCase());
}

/** A text with some of its ranges replaced; ranges must not overlap. */
export function spliceRanges(
  text: string,
  edits: ReadonlyArray<{ start: number; end: number; insert: string }>,
): string {
  let out = "";
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < at) throw new Error(`overlapping edits at ${edit.start}`);
    out += text.slice(at, edit.start) + edit.insert;
    at = edit.end;
  }
  return out + text.slice(at);
}
