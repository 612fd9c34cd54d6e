// @vitest-environment node
// The GraphQL types of createSchemaCustomization against the zod content schemas. The types use
// @dontInfer, so a frontmatter field missing there would be silently dropped from every query.
import {
  Kind,
  parse,
  type FieldDefinitionNode,
  type ObjectTypeDefinitionNode,
  type TypeNode,
} from "graphql";
import { describe, expect, it } from "vitest";
import { kindOf, unwrap } from "../../../src/cms/fields";
import {
  authorSchema,
  caseStudyFrontmatterSchema,
  postFrontmatterSchema,
  tagSchema,
  webinarFrontmatterSchema,
} from "../../../src/data/blogSchema";
import { navigationSchema } from "../../../src/data/navigationSchema";
import { marketingPageSchema } from "../../../src/data/sectionSchemas";
import { typeDefs } from "../../../src/gatsby/createSchemaCustomization";

type ZodLike = Parameters<typeof unwrap>[0];
const defOf = (schema: ZodLike) =>
  (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
const shapeOf = (schema: unknown) => (schema as { shape: Record<string, ZodLike> }).shape;

const types = new Map(
  parse(typeDefs)
    .definitions.filter(
      (d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION,
    )
    .map((d) => [d.name.value, new Map((d.fields ?? []).map((f) => [f.name.value, f]))]),
);

/** How a node type stores a content file's fields. */
interface NodeMapping {
  /** Frontmatter field → node field, where onCreateNode renames it (keys, resolved image paths). */
  renamed?: Record<string, string>;
  /** Node fields that do not come from the file's data (keys, paths, links, markdown body). */
  derived: string[];
  /** Object-valued fields: frontmatter field → GraphQL type holding its (element's) fields. */
  nested?: Record<string, string>;
  /** How each nested type maps its own fields, where it has derived or nested ones of its own. */
  inner?: Record<string, NodeMapping>;
}

const cases: Array<[string, unknown, NodeMapping]> = [
  [
    "BlogPost",
    postFrontmatterSchema,
    {
      renamed: { authors: "authorKeys", tags: "tagKeys", hero: "heroPath" },
      derived: [
        "path",
        "sourceFile",
        "authors",
        "tags",
        "hero",
        "html",
        "headings",
        "timeToRead",
        "dateLabel",
      ],
      nested: { cta: "BlogCta" },
    },
  ],
  [
    "Author",
    authorSchema,
    {
      renamed: { photo: "photoPath" },
      derived: ["key", "path", "sourceFile", "photo"],
      nested: { links: "AuthorLink" },
    },
  ],
  ["Tag", tagSchema, { derived: ["key", "path", "sourceFile"] }],
  [
    "CaseStudy",
    caseStudyFrontmatterSchema,
    {
      derived: ["path", "sourceFile", "html"],
      nested: { highlights: "CaseStudyHighlight", quote: "CaseStudyQuote" },
    },
  ],
  [
    "Webinar",
    webinarFrontmatterSchema,
    {
      derived: ["path", "sourceFile", "html", "dateLabel", "timeLabel"],
      nested: { speakers: "WebinarSpeaker" },
    },
  ],
  ["MarketingPage", marketingPageSchema, { derived: ["sourceFile"] }],
  [
    "Navigation",
    navigationSchema,
    {
      derived: ["sourceFile"],
      nested: {
        menus: "NavigationMenu",
        footerColumns: "NavigationColumn",
        socialLinks: "NavigationSocialLink",
      },
      inner: {
        NavigationMenu: {
          derived: [],
          nested: { entries: "NavigationEntry", groups: "NavigationGroup" },
        },
        NavigationGroup: { derived: [], nested: { entries: "NavigationEntry" } },
        NavigationColumn: { derived: [], nested: { entries: "NavigationLink" } },
        // isLocal is decided by the address (src/data/navigation.ts), not written in the file.
        NavigationEntry: { derived: ["isLocal"] },
        NavigationLink: { derived: ["isLocal"] },
        NavigationSocialLink: { derived: ["isLocal"] },
      },
    },
  ],
];

/** The named type at the bottom of a (list / non-null) type. */
function named(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : named(type.type);
}
const isList = (type: TypeNode): boolean =>
  type.kind === Kind.LIST_TYPE || (type.kind === Kind.NON_NULL_TYPE && isList(type.type));

/** GraphQL scalars that can hold each kind of zod value. */
const SCALARS: Record<string, string[]> = {
  string: ["String"],
  enum: ["String"],
  union: ["String", "JSON"],
  literal: ["String"],
  boolean: ["Boolean"],
  number: ["Int", "Float"],
  date: ["Date"],
  array: ["JSON"],
};

/** A field that parsing always yields (required or defaulted) must be non-null, and only such a one. */
function presentAfterParse(schema: ZodLike): boolean {
  const type = defOf(schema)["type"];
  return type !== "optional" && type !== "nullable";
}

function compare(
  typeName: string,
  shape: Record<string, ZodLike>,
  mapping: NodeMapping,
  where: string,
) {
  const fields = types.get(typeName);
  expect(fields, `${where}: type ${typeName} is declared`).toBeDefined();
  if (!fields) return;
  const expected = Object.keys(shape).map((key) => mapping.renamed?.[key] ?? key);
  expect([...fields.keys()].sort(), `${where}: ${typeName} fields`).toEqual(
    [...expected, ...mapping.derived].sort(),
  );
  for (const [key, schema] of Object.entries(shape)) {
    const field = fields.get(mapping.renamed?.[key] ?? key) as FieldDefinitionNode;
    const at = `${where}.${key} → ${typeName}.${field.name.value}`;
    expect(field.type.kind === Kind.NON_NULL_TYPE, `${at}: non-null`).toBe(
      presentAfterParse(schema),
    );
    const inner = unwrap(schema).inner;
    const kind = kindOf(inner);
    const nestedType = mapping.nested?.[key];
    if (nestedType) {
      expect(named(field.type), `${at}: type`).toBe(nestedType);
      const element =
        kind === "array" ? unwrap(defOf(inner)["element"] as ZodLike).inner : (inner as ZodLike);
      expect(isList(field.type), `${at}: list`).toBe(kind === "array");
      compare(
        nestedType,
        shapeOf(element),
        { derived: [], ...mapping.inner?.[nestedType], inner: mapping.inner },
        at,
      );
      continue;
    }
    if (kind === "array") {
      expect(isList(field.type) || named(field.type) === "JSON", `${at}: list`).toBe(true);
      if (isList(field.type)) expect(named(field.type), `${at}: element type`).toBe("String");
      continue;
    }
    expect(SCALARS[kind] ?? [], `${at}: ${kind} in ${named(field.type)}`).toContain(
      named(field.type),
    );
  }
}

describe("createSchemaCustomization type definitions", () => {
  it.each(cases)("%s declares exactly its schema's fields", (typeName, schema, mapping) => {
    compare(typeName, shapeOf(schema), mapping, typeName);
  });

  it("notices a field the type definitions lack", () => {
    const withExtra = { ...shapeOf(tagSchema), colour: shapeOf(tagSchema)["label"] as ZodLike };
    expect(() =>
      compare("Tag", withExtra, { derived: ["key", "path", "sourceFile"] }, "Tag"),
    ).toThrow(/Tag fields/);
  });
});
