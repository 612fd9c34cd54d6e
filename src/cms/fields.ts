/**
 * zod schema → Decap CMS field: the widget, requirement, default, pattern and nested fields a schema
 * implies, read from zod's own definition objects.
 */
import { isFilledAtBuild } from "../data/sectionSchemas/fields";

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
  format?: string;
};

/**
 * How date fields are stored: the wall clock without a zone, which the build reads in the site's time zone
 * (src/data/siteTime.ts), so what an editor types is what the site means wherever the editor's browser is.
 */
export const DATE_FORMAT = "YYYY-MM-DD HH:mm";

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
export type ZodLike = { _zod: { def: Def } };

const def = (schema: ZodLike): Def => schema._zod.def;

export const SLUG_RULE = "(?=.{1,80}$)[a-z0-9]+(-[a-z0-9]+)*";

/** The lowercase-hyphen rule of slug() (and keySchema's 80 characters), as a CMS pattern. */
export const SLUG_PATTERN: [string, string] = [
  `^${SLUG_RULE}$`,
  "Lowercase letters, digits and single hyphens only (like my-post-title), at most 80 characters.",
];

/** A pattern of its own for each field, so the YAML shows it in place rather than as an alias. */
export const copyOf = (pattern: [string, string]): [string, string] => [pattern[0], pattern[1]];

/** Field names whose strings are slugs (keys of other entries or of this one). */
const SLUG_FIELDS = new Set(["translationOf", "slug"]);
/** Field names that hold local images next to the entry. */
const IMAGE_FIELDS = new Set(["hero", "photo"]);

export function label(name: string): string {
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
  if (kind === "date") return { ...base, widget: "datetime", format: DATE_FORMAT };
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

/**
 * A list of keys of another collection's entries, picked by their display field. Set per collection
 * (model.ts), not by field name: a page section's free-text `tags` are not blog tags.
 */
export const relationTo = (collection: string, display: string): Partial<CmsField> => ({
  widget: "relation",
  collection,
  value_field: "{{slug}}",
  search_fields: [display],
  display_fields: [display],
  multiple: true,
});

/** The editor's fields for an object's schema: every field but those the build fills. */
export function fieldsOf(shape: Record<string, ZodLike>): CmsField[] {
  return Object.entries(shape)
    .filter(([, schema]) => !isFilledAtBuild(schema))
    .map(([name, schema]) => fieldFor(name, schema));
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
