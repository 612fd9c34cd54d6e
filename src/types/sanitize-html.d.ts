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
    }
  }
  function sanitizeHtml(dirty: string, options?: sanitizeHtml.IOptions): string;
  export = sanitizeHtml;
}
