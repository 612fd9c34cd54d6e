/**
 * The CMS's view of the content model, derived from the same zod schemas the build validates with, so
 * `static/admin/config.yml` (written by `npm run cms:config`) cannot drift from what the site accepts.
 * Build-time and test-time only: never imported by the site or the admin bundle.
 */
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import {
  authorSchema,
  caseStudyFrontmatterSchema,
  postFrontmatterSchema,
  reservedSlugs,
  tagSchema,
  webinarFrontmatterSchema,
} from "../data/blogSchema";
import { navigationSchema } from "../data/navigationSchema";
import { marketingPageSchema } from "../data/sectionSchemas";

export type CmsField = {
  label: string;
  name: string;
  widget: string;
  required?: boolean;
  default?: unknown;
  hint?: string;
  pattern?: [string, string];
  options?: string[];
  multiple?: boolean;
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  field?: CmsField;
  fields?: CmsField[];
  types?: (Omit<CmsField, "widget"> & { widget: "object"; fields: CmsField[] })[];
  typeKey?: string;
  summary?: string;
  sanitize_preview?: boolean;
  choose_url?: boolean;
};

type Def = {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  element?: ZodLike;
  shape?: Record<string, ZodLike>;
  entries?: Record<string, string>;
  options?: ZodLike[];
  values?: unknown[];
  defaultValue?: unknown;
  checks?: { _zod: { def: { check: string; maximum?: number; format?: string } } }[];
  format?: string;
};
type ZodLike = { _zod: { def: Def } };

const def = (schema: ZodLike): Def => schema._zod.def;

const SLUG_RULE = "(?=.{1,80}$)[a-z0-9]+(-[a-z0-9]+)*";

/** The lowercase-hyphen rule of slug() (and keySchema's 80 characters), as a CMS pattern. */
export const SLUG_PATTERN: [string, string] = [
  `^${SLUG_RULE}$`,
  "Lowercase letters, digits and single hyphens only (like my-post-title), at most 80 characters.",
];

/** A post's slug also keeps clear of the blog's listing routes (checkPostSlug refuses those). */
export const POST_SLUG_PATTERN: [string, string] = [
  `^(?!(?:${[...reservedSlugs].join("|")}|\\d+)$)${SLUG_RULE}$`,
  `Lowercase letters, digits and single hyphens only (like my-post-title), at most 80 characters; not ${[...reservedSlugs].join(", ")} or a number, which the blog's lists use.`,
];

/**
 * A name or label the CMS turns into a file name (`slug: "{{slug}}"`). Decap's ascii slugs keep "_"
 * and "~", which slug() refuses, and a name without a Latin letter makes an empty (or, for a tag, a
 * page-number) slug; so: Latin letters (accented ones too), digits, spaces and plain punctuation.
 */
export const NAME_PATTERN: [string, string] = [
  "^(?=.*[A-Za-z])[A-Za-z0-9\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u017F '’.,&+/()!?:-]+$",
  "Latin letters (at least one), digits, spaces and . , & + / ( ) ! ? : - only (no _ or ~): the name also makes the file name.",
];

/** A pattern of its own for each field, so the YAML shows it in place rather than as an alias. */
const copyOf = (pattern: [string, string]): [string, string] => [pattern[0], pattern[1]];

/** Field names whose strings are slugs (keys of other entries or of this one). */
const SLUG_FIELDS = new Set(["translationOf", "slug"]);
/** Field names that hold local images next to the entry. */
const IMAGE_FIELDS = new Set(["hero", "photo"]);

function label(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function maxLength(schema: ZodLike): number | undefined {
  for (const check of def(schema).checks ?? []) {
    if (check._zod.def.check === "max_length") return check._zod.def.maximum;
  }
  return undefined;
}

/** Peels optional/default wrappers: the inner schema, whether it is required, and any default. */
export function unwrap(schema: ZodLike): { inner: ZodLike; required: boolean; fallback?: unknown } {
  let inner = schema;
  let required = true;
  let fallback: unknown;
  for (;;) {
    const d = def(inner);
    if ((d.type === "optional" || d.type === "nullable") && d.innerType) {
      required = false;
      inner = d.innerType;
    } else if (d.type === "default" && d.innerType) {
      required = false;
      fallback = typeof d.defaultValue === "function" ? undefined : d.defaultValue;
      inner = d.innerType;
    } else break;
  }
  return { inner, required, ...(fallback !== undefined ? { fallback } : {}) };
}

/** The kind of value a schema holds, as the config test compares it with a widget. */
export function kindOf(schema: ZodLike): string {
  const d = def(schema);
  if (d.type === "pipe" && d.in) {
    const source = def(d.in);
    if (source.type === "union" && source.options?.some((option) => def(option).type === "date"))
      return "date";
    return kindOf(d.in);
  }
  if (d.type === "union") return "union";
  return d.type;
}

const RELATIONS: Record<string, { collection: string; display: string }> = {
  authors: { collection: "authors", display: "name" },
  tags: { collection: "tags", display: "label" },
};

export function fieldFor(name: string, schema: ZodLike): CmsField {
  const { inner, required, fallback } = unwrap(schema);
  const base: CmsField = {
    label: label(name),
    name,
    widget: "string",
    ...(required ? {} : { required: false }),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
  const d = def(inner);
  const kind = kindOf(inner);
  if (kind === "date") return { ...base, widget: "datetime" };
  if (d.type === "boolean") return { ...base, widget: "boolean" };
  if (d.type === "number") {
    const integer =
      d.format?.includes("int") ||
      (d.checks ?? []).some((check) => check._zod.def.format?.includes("int"));
    return { ...base, widget: "number", value_type: integer ? "int" : "float" } as CmsField;
  }
  if (d.type === "enum")
    return { ...base, widget: "select", options: Object.values(d.entries ?? {}) };
  if (d.type === "literal") return { ...base, widget: "hidden", default: d.values?.[0] };
  if (d.type === "string") {
    if (IMAGE_FIELDS.has(name)) return { ...base, widget: "image", choose_url: false };
    if (SLUG_FIELDS.has(name)) return { ...base, pattern: copyOf(SLUG_PATTERN) };
    const max = maxLength(inner);
    return { ...base, widget: max !== undefined && max > 160 ? "text" : "string" };
  }
  if (d.type === "object" && d.shape) {
    // Decap checks an optional object's required fields even when it is left empty, so they are
    // optional in the editor; the build's schema still refuses a half-filled one.
    const fields = fieldsOf(d.shape).map((child) =>
      required ? child : { ...child, required: false },
    );
    return {
      ...base,
      widget: "object",
      fields,
      ...(required ? {} : { hint: "Optional: fill in every part, or leave all of it empty." }),
    };
  }
  if (d.type === "union" && d.options?.every((option) => def(option).type === "literal")) {
    const values = d.options.map((option) => def(option).values?.[0]);
    return { ...base, widget: "select", options: values.map(String) };
  }
  if (d.type === "array" && d.element) {
    const relation = RELATIONS[name];
    if (relation) {
      return {
        ...base,
        widget: "relation",
        collection: relation.collection,
        value_field: "{{slug}}",
        search_fields: [relation.display],
        display_fields: [relation.display],
        multiple: true,
      };
    }
    const element = unwrap(d.element).inner;
    const elementDef = def(element);
    if (elementDef.type === "object" && elementDef.shape)
      return { ...base, widget: "list", fields: fieldsOf(elementDef.shape) };
    if (elementDef.type === "union" && elementDef.options?.every(hasTypeLiteral)) {
      return { ...base, widget: "list", typeKey: "type", types: sectionTypes(elementDef.options) };
    }
    if (elementDef.type === "union") {
      // Mixed values (a comparison cell is true, false or a short text): one line each.
      return { ...base, widget: "list", hint: "One value per line: true, false or a short text." };
    }
    return { ...base, widget: "list" };
  }
  // JSON-ish values the CMS cannot model field by field (never expected in the content model).
  return { ...base, widget: "code" };
}

export function fieldsOf(shape: Record<string, ZodLike>): CmsField[] {
  return Object.entries(shape).map(([name, schema]) => fieldFor(name, schema));
}

function hasTypeLiteral(option: ZodLike): boolean {
  const type = def(option).shape?.type;
  return type !== undefined && def(type).type === "literal";
}

function sectionTypes(options: ZodLike[]) {
  return options.map((option) => {
    const shape = def(option).shape ?? {};
    const typeName = String(def(shape.type as ZodLike).values?.[0]);
    const fields = fieldsOf(
      Object.fromEntries(Object.entries(shape).filter(([key]) => key !== "type")),
    );
    return { label: label(typeName), name: typeName, widget: "object" as const, fields };
  });
}

const body = (label = "Body"): CmsField => ({
  label,
  name: "body",
  widget: "markdown",
  sanitize_preview: true,
});

export type CmsCollection = Record<string, unknown> & { name: string; fields?: CmsField[] };

/** Editor help for fields whose rules a field setting cannot show. */
const HINTS: Record<string, string> = {
  slug: "The address of the page, chosen once: it names the file when the entry is created, and the CMS never renames it later.",
  hero: "Optional. Stored beside the post. A hero image needs its alternative text below.",
  heroAlt:
    "Required when there is a hero image (saving stops without it): what the image shows, for people who cannot see it.",
  photo: "Optional. A square photo or illustration, stored beside the author files.",
};

/** A link's address as the navigation schema takes it, or a placeholder the build fills in. */
const LINK_PATTERN: [string, string] = [
  "^(/([a-z0-9-]+/)*|https?://[^\\s/]+(/\\S*)?|\\{[A-Za-z]+\\}\\S*)$",
  "A path of this site ending in / (like /pricing/), a full https:// address, or an address placeholder such as {docsUrl} or {demoHubUrl}/playground.",
];

/** Applies `patch` to every field called `name`, in nested objects and lists too. */
function patchDeep(fields: CmsField[], name: string, patch: Partial<CmsField>): CmsField[] {
  return fields.map((field) => ({
    ...field,
    ...(field.name === name ? patch : {}),
    ...(field.fields ? { fields: patchDeep(field.fields, name, patch) } : {}),
  }));
}

/** Applies `patch` to the named field of a field list. */
function patchField(fields: CmsField[], name: string, patch: Partial<CmsField>): CmsField[] {
  return fields.map((field) => (field.name === name ? { ...field, ...patch } : field));
}

/** Adds the editor hints to the fields that have one. */
function withHints(fields: CmsField[]): CmsField[] {
  return fields.map((field) => (HINTS[field.name] ? { ...field, hint: HINTS[field.name] } : field));
}

/** The content folders of marketing pages: one CMS collection per folder under content/pages. */
export function pageGroups(root: string): string[] {
  const pages = path.join(root, "content", "pages");
  const groups = fs
    .readdirSync(pages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return ["", ...groups];
}

export function cmsConfig(root: string): Record<string, unknown> {
  const shapeOf = (schema: unknown) => (schema as { shape: Record<string, ZodLike> }).shape;
  const pageFields = fieldsOf(shapeOf(marketingPageSchema));
  const collections: CmsCollection[] = [
    {
      name: "blog",
      label: "Blog posts",
      label_singular: "Blog post",
      folder: "content/blog",
      path: "{{slug}}/index",
      extension: "md",
      format: "frontmatter",
      create: true,
      // The folder comes from the validated slug field, never from the title: a title can be longer
      // than a slug may be, and a translation must live in <original>-br/.
      slug: "{{fields.slug}}",
      // Images live beside each post's index.md (content/blog/<slug>/hero.png).
      media_folder: "",
      public_folder: "",
      summary: "{{title}} ({{date | date('YYYY-MM-DD')}})",
      sortable_fields: ["date", "title"],
      preview_path: "blog/{{slug}}/",
      fields: [
        ...patchField(withHints(fieldsOf(shapeOf(postFrontmatterSchema))), "slug", {
          pattern: POST_SLUG_PATTERN,
          hint: `${HINTS["slug"]} A translation lives at the original's slug plus -br (my-post-br).`,
        }),
        body(),
      ],
    },
    {
      name: "authors",
      label: "Authors",
      label_singular: "Author",
      folder: "content/authors",
      extension: "yml",
      format: "yml",
      create: true,
      identifier_field: "name",
      // The file name comes from the name (NAME_PATTERN keeps it a valid key).
      slug: "{{slug}}",
      media_folder: "/content/authors",
      public_folder: "",
      fields: patchField(withHints(fieldsOf(shapeOf(authorSchema))), "name", {
        pattern: copyOf(NAME_PATTERN),
      }),
    },
    {
      name: "tags",
      label: "Tags",
      label_singular: "Tag",
      folder: "content/tags",
      extension: "yml",
      format: "yml",
      create: true,
      identifier_field: "label",
      slug: "{{slug}}",
      fields: patchField(fieldsOf(shapeOf(tagSchema)), "label", { pattern: copyOf(NAME_PATTERN) }),
    },
    {
      name: "case-studies",
      label: "Case studies",
      label_singular: "Case study",
      folder: "content/case-studies",
      extension: "md",
      format: "frontmatter",
      create: true,
      slug: "{{fields.slug}}",
      preview_path: "case-studies/{{slug}}/",
      fields: [...withHints(fieldsOf(shapeOf(caseStudyFrontmatterSchema))), body("Story")],
    },
    {
      name: "webinars",
      label: "Webinars",
      label_singular: "Webinar",
      folder: "content/webinars",
      extension: "md",
      format: "frontmatter",
      create: true,
      slug: "{{fields.slug}}",
      preview_path: "webinars/{{slug}}/",
      fields: [...withHints(fieldsOf(shapeOf(webinarFrontmatterSchema))), body("Agenda")],
    },
    ...pageGroups(root).map((group) => ({
      name: group ? `pages-${group}` : "pages",
      label: group ? `Pages: ${label(group)}` : "Pages: top level",
      label_singular: "Page",
      folder: group ? `content/pages/${group}` : "content/pages",
      extension: "yml",
      format: "yml",
      create: true,
      identifier_field: "title",
      slug: "{{slug}}",
      summary: "{{path}}: {{title}}",
      fields: pageFields,
    })),
    {
      // One file, not a folder: the header menus, footer columns and social links of every page.
      name: "settings",
      label: "Site settings",
      files: [
        {
          name: "navigation",
          label: "Navigation: header menus, footer columns, social links",
          file: "content/settings/navigation.yml",
          fields: patchDeep(fieldsOf(shapeOf(navigationSchema)), "url", { pattern: LINK_PATTERN }),
        },
      ],
    },
  ];
  return {
    backend: { name: "git-gateway", branch: "main" },
    // `npm run cms` / `npm run develop` start decap-server: on localhost the admin edits content/ directly.
    local_backend: true,
    media_folder: "static/img/uploads",
    public_folder: "/img/uploads",
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections,
  };
}

export type { z };
