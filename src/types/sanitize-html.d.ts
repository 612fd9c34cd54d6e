/** The part of sanitize-html's API the site uses; the package ships no types of its own. */
declare module "sanitize-html" {
  namespace sanitizeHtml {
    type Attributes = Record<string, string>;
    interface Tag {
      tagName: string;
      attribs: Attributes;
      text?: string;
    }
    type Transformer = (tagName: string, attribs: Attributes) => Tag;
    interface IOptions {
      allowedTags?: string[] | false;
      allowedAttributes?: Record<string, string[]> | false;
      allowedSchemes?: string[];
      allowedSchemesByTag?: Record<string, string[]>;
      allowProtocolRelative?: boolean;
      disallowedTagsMode?: "discard" | "escape" | "recursiveEscape" | "completelyDiscard";
      enforceHtmlBoundary?: boolean;
      transformTags?: Record<string, string | Transformer>;
      /** Attributes kept when their value is empty (by default only alt). */
      allowedEmptyAttributes?: string[];
      /** Per tag ("*" for all), the CSS properties a style attribute may keep and the values each accepts. */
      allowedStyles?: Record<string, Record<string, RegExp[]>>;
      /** Disallowed tags whose text is dropped with them instead of kept. */
      nonTextTags?: string[];
      /** Called with each piece of kept text (entity-encoded) and its element; returns what to write instead. */
      textFilter?: (text: string, tagName: string) => string;
      /** Called for every start tag the parser reads, kept or not. */
      onOpenTag?: (name: string, attributes: Attributes) => void;
      /** Called for every end tag the parser reads (implied ones too), kept or not. */
      onCloseTag?: (name: string, isImplied: boolean) => void;
      /** Tags written without an end tag (the defaults list img, br, hr and a few more). */
      selfClosing?: string[];
      /** Options passed to htmlparser2. */
      parser?: { lowerCaseAttributeNames?: boolean; decodeEntities?: boolean };
    }
  }
  function sanitizeHtml(dirty: string, options?: sanitizeHtml.IOptions): string;
  namespace sanitizeHtml {
    /** The options sanitize-html starts from. */
    const defaults: { selfClosing: string[] };
  }
  export = sanitizeHtml;
}
