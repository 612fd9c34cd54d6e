/**
 * The only inline styles a markdown body keeps: the ones gatsby-remark-images writes (as gatsby-config.ts
 * configures it: no link to the original, no caption), each matched declaration for declaration on the
 * element it writes it on, inside the parent it writes that element in. The body sanitizer
 * (./bodyHtml.ts) asks `layoutRole` for every element and `layoutStyle` for its style.
 *
 * Why the parent matters: the image is `position:absolute; top:0; left:0; width:100%; height:100%`. Inside
 * the pipeline's wrapper (`position:relative`, in the flow, `overflow:hidden` in MarkdownBody) it covers its
 * own picture; anywhere else it would cover whatever positioned box holds it, up to the whole page.
 */

/** What an element is in the pipeline's markup; null for anything else (its style is dropped). */
export type LayoutRole = "wrapper" | "background" | "picture" | "image";

const NUMBER = String.raw`\d{1,6}(?:\.\d{1,20})?`;
/** The blurred placeholder sharp produced, inlined as a data URL (never a remote address). */
const PLACEHOLDER =
  /^url\('data:image\/(?:png|jpeg|webp|gif|avif|heif);base64,[A-Za-z0-9+/]+={0,2}'\)$/;

type Rule = readonly [property: string, value: RegExp | string];

/** Per role: the element, its one class, the roles its parent may have (null: anywhere), its declarations. */
const LAYOUTS = {
  wrapper: {
    tag: "span",
    className: "gatsby-resp-image-wrapper",
    parents: null,
    rules: [
      ["position", "relative"],
      ["display", "block"],
      ["margin-left", "auto"],
      ["margin-right", "auto"],
      ["max-width", new RegExp(`^${NUMBER}px$`)],
    ],
    optional: [],
  },
  background: {
    tag: "span",
    className: "gatsby-resp-image-background-image",
    parents: ["wrapper"],
    rules: [
      ["padding-bottom", new RegExp(`^${NUMBER}%$`)],
      ["position", "relative"],
      ["bottom", "0"],
      ["left", "0"],
      ["display", "block"],
    ],
    // The placeholder and its size come together, or not at all (disableBgImage).
    optional: [
      ["background-image", PLACEHOLDER],
      ["background-size", "cover"],
    ],
  },
  image: {
    tag: "img",
    className: "gatsby-resp-image-image",
    parents: ["wrapper", "picture"],
    rules: [
      ["width", "100%"],
      ["height", "100%"],
      ["margin", "0"],
      ["vertical-align", "middle"],
      ["position", "absolute"],
      ["top", "0"],
      ["left", "0"],
    ],
    optional: [],
  },
} satisfies Record<
  Exclude<LayoutRole, "picture">,
  {
    tag: string;
    className: string;
    parents: readonly LayoutRole[] | null;
    rules: readonly Rule[];
    optional: readonly Rule[];
  }
>;

type StyledRole = keyof typeof LAYOUTS;

/**
 * A style attribute as its declarations, property names lower-cased; null when it cannot be read plainly
 * (an escape, an unclosed quote or bracket, a declaration without a colon). A `;` inside quotes or
 * brackets (the data URL's `image/png;base64`) does not end a declaration.
 */
export function declarations(style: string): [string, string][] | null {
  const parts: string[] = [];
  let current = "";
  let quote: string | null = null;
  let depth = 0;
  for (const char of style) {
    if (char === "\\") return null;
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "(") depth += 1;
    else if (char === ")" && --depth < 0) return null;
    else if (char === ";" && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  if (quote !== null || depth !== 0) return null;
  parts.push(current);
  const out: [string, string][] = [];
  for (const part of parts.map((text) => text.trim()).filter(Boolean)) {
    const colon = part.indexOf(":");
    if (colon < 1) return null;
    out.push([part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim()]);
  }
  return out;
}

const fits = (rule: Rule, value: string) =>
  typeof rule[1] === "string" ? value === rule[1] : rule[1].test(value);

/**
 * The style a role's element keeps, rewritten in one spelling ("property:value;…" in the pipeline's
 * order), when its declarations are exactly the role's (every required one once, the optional ones all
 * or none, nothing else); otherwise null, and the element keeps no style at all.
 */
export function layoutStyle(role: LayoutRole | null, style: string | undefined): string | null {
  if (role === null || role === "picture" || style === undefined) return null;
  const layout = LAYOUTS[role];
  const found = declarations(style);
  if (found === null) return null;
  const given = new Map(found);
  if (given.size !== found.length) return null;
  const withOptional =
    layout.optional.length > 0 && layout.optional.some(([name]) => given.has(name));
  const rules: readonly Rule[] = withOptional
    ? [...layout.rules.slice(0, -1), ...layout.optional, ...layout.rules.slice(-1)]
    : layout.rules;
  if (given.size !== rules.length) return null;
  const kept: string[] = [];
  for (const rule of rules) {
    const value = given.get(rule[0]);
    if (value === undefined || !fits(rule, value)) return null;
    kept.push(`${rule[0]}:${value}`);
  }
  return kept.join(";");
}

/**
 * The role of an element the parser opens, given its parent's role: only the pipeline's element with
 * the pipeline's class (and nothing else in it), in the parent the pipeline writes it in, whose own style
 * was kept. A `picture` counts only directly inside a kept wrapper.
 */
export function layoutRole(
  tag: string,
  attributes: Readonly<Record<string, string>>,
  parent: LayoutRole | null,
): LayoutRole | null {
  if (tag === "picture") return parent === "wrapper" ? "picture" : null;
  const role = (Object.keys(LAYOUTS) as StyledRole[]).find(
    (candidate) =>
      LAYOUTS[candidate].tag === tag &&
      (attributes["class"] ?? "").trim() === LAYOUTS[candidate].className,
  );
  if (role === undefined) return null;
  const parents: readonly LayoutRole[] | null = LAYOUTS[role].parents;
  if (parents !== null && (parent === null || !parents.includes(parent))) return null;
  return layoutStyle(role, attributes["style"]) === null ? null : role;
}

/** What the sanitizer lets sanitize-html keep of a style, per tag: the same declarations, as a second gate. */
export function allowedLayoutStyles(): Record<string, Record<string, RegExp[]>> {
  const byTag: Record<string, Record<string, RegExp[]>> = {};
  for (const layout of Object.values(LAYOUTS)) {
    const tag = (byTag[layout.tag] ??= {});
    for (const [name, value] of [...layout.rules, ...layout.optional]) {
      const pattern = typeof value === "string" ? new RegExp(`^${value}$`) : value;
      (tag[name] ??= []).push(pattern);
    }
  }
  return byTag;
}
