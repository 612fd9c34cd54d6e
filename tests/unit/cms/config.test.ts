// @vitest-environment node
// static/admin/config.yml against the content model: every collection and field, required-ness,
// widgets that fit the value, enum options, slug patterns, markdown previews sanitised.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { kindOf, unwrap, type CmsField } from "../../../src/cms/fields";
import { isFilledAtBuild } from "../../../src/data/sectionSchemas/fields";
import {
  authorSchema,
  caseStudyFrontmatterSchema,
  checkPostSlug,
  checkTagKey,
  keySchema,
  postFrontmatterSchema,
  tagSchema,
  webinarFrontmatterSchema,
} from "../../../src/data/blogSchema";
import { linkSchema, menuEntrySchema, navigationSchema } from "../../../src/data/navigationSchema";
import { fillPlaceholders, placeholders } from "../../../src/data/content";
import { marketingPageSchema, sectionSchema } from "../../../src/data/sectionSchemas";
import { renderConfig, renderLoginScript } from "../../../scripts/cms-config";
import { CMS_AUTH_PATH } from "../../../src/server/functionPaths";
import { site } from "../../../src/config/site";
import { timeZoneLabel } from "../../../src/data/siteTime";
import { functionNamed } from "../../../src/server/functions";

const root = path.resolve(__dirname, "../../..");
const text = fs.readFileSync(path.join(root, "static/admin/config.yml"), "utf8");
const config = parse(text) as {
  backend: { name: string; branch: string };
  publish_mode?: string;
  local_backend: boolean;
  collections: (Record<string, unknown> & {
    name: string;
    folder: string;
    fields: CmsField[];
    files?: { name: string; file: string; fields: CmsField[] }[];
  })[];
};

type ZodLike = Parameters<typeof unwrap>[0];
const shapeOf = (schema: unknown) => (schema as { shape: Record<string, ZodLike> }).shape;
const defOf = (schema: ZodLike) =>
  (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;

/** Widgets that can hold each kind of value. */
const WIDGETS: Record<string, string[]> = {
  string: ["string", "text", "image", "markdown"],
  boolean: ["boolean"],
  number: ["number", "select"],
  date: ["datetime"],
  enum: ["select"],
  union: ["select", "list"],
  literal: ["hidden"],
  object: ["object"],
  array: ["list", "relation"],
};

function expectFieldsMatch(
  fields: CmsField[],
  shape: Record<string, ZodLike>,
  where: string,
  parentOptional = false,
) {
  expect(fields.map((f) => f.name).sort(), `${where}: field names`).toEqual(
    Object.keys(shape)
      .filter((name) => !isFilledAtBuild(shape[name]))
      .sort(),
  );
  for (const field of fields) {
    const schema = shape[field.name] as ZodLike;
    const { inner, required } = unwrap(schema);
    const at = `${where}.${field.name}`;
    // Inside an optional object everything is optional in the editor (Decap would otherwise demand it).
    expect(field.required ?? true, `${at}: required`).toBe(required && !parentOptional);
    const kind = kindOf(inner);
    expect(WIDGETS[kind] ?? [], `${at}: widget ${field.widget} for ${kind}`).toContain(
      field.widget,
    );
    const def = defOf(inner);
    if (kind === "enum") {
      expect(field.options, `${at}: options`).toEqual(Object.values(def.entries as object));
    }
    if (kind === "object") {
      expectFieldsMatch(field.fields ?? [], def.shape as Record<string, ZodLike>, at, !required);
    }
    if (kind === "array" && field.widget === "list" && field.fields) {
      const element = unwrap(def.element as ZodLike).inner;
      expectFieldsMatch(field.fields, defOf(element).shape as Record<string, ZodLike>, `${at}[]`);
    }
  }
}

const collection = (name: string) => {
  const found = config.collections.find((c) => c.name === name);
  if (!found) throw new Error(`no collection ${name}`);
  return found;
};

describe("static/admin/config.yml", () => {
  it("is what `npm run cms:config` makes of the current content model", () => {
    expect(text).toBe(renderConfig());
  });

  it("links a draft's deploy preview to the page's own address, from the slug field", () => {
    // A post lives at <slug>/index.md: Decap's {{slug}} would be "<slug>/index" there, not the address.
    expect(collection("blog").preview_path).toBe("blog/{{fields.slug}}/");
  });

  it("the login window's compiled script is what `npm run cms:config` makes of its source", () => {
    const file = path.join(root, "src/server/cms/loginScriptCompiled.ts");
    expect(fs.readFileSync(file, "utf8"), "run npm run cms:config").toBe(renderLoginScript());
  });

  it("uses GitHub through the site's own login on main in production, with drafts reviewed before they publish, and the local backend on a laptop", () => {
    // The admin module adds repo, api_root and base_url when it starts (src/cms/backend.ts).
    expect(config.backend).toEqual({
      name: "github",
      branch: "main",
      auth_endpoint: CMS_AUTH_PATH.slice(1),
    });
    expect(functionNamed("cms-auth").path).toBe(CMS_AUTH_PATH);
    expect(config.publish_mode).toBe("editorial_workflow");
    expect(config.local_backend).toBe(true);
  });

  it.each([
    ["blog", postFrontmatterSchema, "content/blog"],
    ["authors", authorSchema, "content/authors"],
    ["tags", tagSchema, "content/tags"],
    ["case-studies", caseStudyFrontmatterSchema, "content/case-studies"],
    ["webinars", webinarFrontmatterSchema, "content/webinars"],
  ] as const)("the %s collection mirrors its schema", (name, schema, folder) => {
    const found = collection(name);
    expect(found.folder).toBe(folder);
    const fields = found.fields.filter((f) => f.name !== "body");
    expectFieldsMatch(fields, shapeOf(schema), name);
    expect(fs.existsSync(path.join(root, folder))).toBe(true);
  });

  it("edits the navigation file (menus, footer columns, social links) with its schema's fields", () => {
    const navigation = collection("settings").files?.find((f) => f.name === "navigation");
    expect(navigation?.file).toBe("content/settings/navigation.yml");
    expect(fs.existsSync(path.join(root, navigation?.file ?? "missing"))).toBe(true);
    expectFieldsMatch(navigation?.fields ?? [], shapeOf(navigationSchema), "navigation");
    // Every address field, however deep, refuses in the editor what the build would refuse.
    const urls: CmsField[] = [];
    const walk = (fields: CmsField[]) =>
      fields.forEach((f) => (f.name === "url" ? urls.push(f) : walk(f.fields ?? [])));
    walk(navigation?.fields ?? []);
    expect(urls.length).toBe(4);
    for (const field of urls) {
      const pattern = new RegExp(field.pattern?.[0] ?? "^$");
      for (const good of [
        "/",
        "/pricing/",
        "/products/{productSlug}-pro/",
        "https://x.com/acme",
        "{docsUrl}",
        "{demoHubUrl}/playground",
        "{signupUrl}?plan=pro",
      ])
        expect(pattern.test(good), good).toBe(true);
      for (const bad of [
        "/Pricing/",
        "/pricing",
        "pricing/",
        "javascript:alert(1)",
        "/a b/",
        "",
        // {product} is the brand name (capitals, spaces): never part of a path.
        "/products/{product}-pro/",
        // Text straight after an address placeholder would change its host.
        "{docsUrl}.evil.example",
        "{unknownUrl}/x",
      ])
        expect(pattern.test(bad), bad).toBe(false);
    }
  });

  it("lets no link or use-cases path through that the build refuses once placeholders are filled", () => {
    const navigation = collection("settings").files?.find((f) => f.name === "navigation");
    const found: Record<string, CmsField> = {};
    const walk = (fields: CmsField[]) =>
      fields.forEach((f) => {
        if (f.pattern) found[f.name] = f;
        walk(f.fields ?? []);
      });
    walk(navigation?.fields ?? []);
    const checks = [
      [found["url"], linkSchema.shape.url],
      [found["useCasesLink"], menuEntrySchema.shape.useCasesLink],
    ] as const;
    // Strings built from the pieces addresses are made of, placeholders included.
    const piece = fc.constantFrom(
      ..."/ab-9:.?#=&_~ A".split(""),
      ...Object.keys(placeholders),
      "https://",
      "http://",
    );
    for (const [field, schema] of checks) {
      const pattern = new RegExp(field?.pattern?.[0] ?? "^$");
      fc.assert(
        fc.property(
          fc.array(piece, { maxLength: 12 }).map((parts) => parts.join("")),
          (value) => {
            if (!pattern.test(value)) return;
            expect(schema.safeParse(fillPlaceholders(value)).success, value).toBe(true);
          },
        ),
        { numRuns: 5000 },
      );
    }
  });

  it("keeps blog posts as folder bundles with their images beside them", () => {
    const blog = collection("blog");
    expect(blog).toMatchObject({ path: "{{slug}}/index", media_folder: "", public_folder: "" });
  });

  it("has a markdown body with sanitised previews wherever there is a body", () => {
    for (const name of ["blog", "case-studies", "webinars"]) {
      const bodyField = collection(name).fields.find((f) => f.name === "body");
      expect(bodyField, name).toMatchObject({ widget: "markdown", sanitize_preview: true });
    }
    const markdown = JSON.stringify(config).match(/"widget":"markdown"[^}]*}/g) ?? [];
    for (const field of markdown) expect(field).toContain('"sanitize_preview":true');
  });

  it("validates slug fields as lowercase-hyphen, and relations point at authors and tags", () => {
    const blog = collection("blog").fields;
    const translation = blog.find((f) => f.name === "translationOf");
    const pattern = new RegExp(translation?.pattern?.[0] ?? "^$");
    expect(pattern.test("my-post-2")).toBe(true);
    for (const bad of ["My-Post", "my_post", "my--post", "-post", "post-"])
      expect(pattern.test(bad), bad).toBe(false);
    expect(blog.find((f) => f.name === "authors")).toMatchObject({
      widget: "relation",
      collection: "authors",
      multiple: true,
    });
    expect(blog.find((f) => f.name === "tags")).toMatchObject({
      widget: "relation",
      collection: "tags",
    });
  });

  it("has a page collection for every folder of content/pages, each mirroring the page schema", () => {
    const folders = fs
      .readdirSync(path.join(root, "content/pages"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `content/pages/${entry.name}`);
    const pageCollections = config.collections.filter((c) => c.folder?.startsWith("content/pages"));
    expect(pageCollections.map((c) => c.folder).sort()).toEqual(
      ["content/pages", ...folders].sort(),
    );
    for (const pages of pageCollections) {
      expectFieldsMatch(
        pages.fields.filter((f) => f.name !== "sections"),
        Object.fromEntries(
          Object.entries(shapeOf(marketingPageSchema)).filter(([key]) => key !== "sections"),
        ),
        pages.name,
      );
    }
  });

  it("offers every section type with exactly its fields", () => {
    const sections = collection("pages").fields.find((f) => f.name === "sections");
    expect(sections?.typeKey).toBe("type");
    const options = (defOf(sectionSchema as unknown as ZodLike).options ?? []) as ZodLike[];
    const byType = new Map(
      options.map((option) => {
        const shape = defOf(option).shape as Record<string, ZodLike>;
        const literal = defOf(shape.type as ZodLike).values as string[];
        return [literal[0] as string, shape] as const;
      }),
    );
    expect((sections?.types ?? []).map((t) => t.name).sort()).toEqual([...byType.keys()].sort());
    for (const type of sections?.types ?? []) {
      const shape = { ...byType.get(type.name) };
      delete shape.type;
      expectFieldsMatch(type.fields, shape as Record<string, ZodLike>, `sections.${type.name}`);
    }
  });

  it("shows no field the build fills: the HTML of markdown and code sections is never edited by hand", () => {
    const sections = collection("pages").fields.find((f) => f.name === "sections");
    const names = (type: string) =>
      (sections?.types ?? []).find((t) => t.name === type)?.fields.map((f) => f.name) ?? [];
    for (const [type, source] of [
      ["RichText", "body"],
      ["Split", "body"],
      ["CodeSample", "code"],
    ] as const) {
      expect(names(type), type).toContain(source);
      expect(names(type), type).not.toContain("html");
    }
  });
});

/**
 * What Decap 3 makes of a slug template value with this config's slug settings (ascii, accents
 * cleaned, "-" replacement): decap-cms-core's prepareSlug, sanitizeURI and the clean-up of
 * repeated / leading / trailing replacements. Accents are removed here with NFKD, like its diacritics map.
 */
function decapSlug(value: string): string {
  const prepared = value.trim().toLocaleLowerCase().replace(/[']/g, "").replace(/[.]/g, "-");
  const cleaned = prepared.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const sanitized = Array.from(cleaned)
    .map((char) => (/[\w\-.~]/i.test(char) ? char : "-"))
    .join("");
  return sanitized.replace(/-+/g, "-").replace(/^-/, "").replace(/-$/, "");
}

const fieldOf = (name: string, field: string) => {
  const found = collection(name).fields.find((f) => f.name === field);
  if (!found) throw new Error(`no field ${name}.${field}`);
  return found;
};
const patternOf = (name: string, field: string) =>
  new RegExp(fieldOf(name, field).pattern?.[0] ?? "^$");

describe("slugs the CMS can produce", () => {
  it("shows why a sanitised title is not enough: Decap keeps _ and ~", () => {
    expect(decapSlug("Device_signals ~ 2025")).toBe("device_signals-~-2025");
    expect(keySchema.safeParse(decapSlug("Device_signals ~ 2025")).success).toBe(false);
  });

  it.each(["blog", "case-studies", "webinars"])(
    "%s files are named from a validated slug field",
    (name) => {
      expect(collection(name).slug).toBe("{{fields.slug}}");
      const slugField = fieldOf(name, "slug");
      expect(slugField.required ?? true).toBe(true);
      expect(slugField.hint).toMatch(/names the file/);
    },
  );

  it("lets no post slug through that the build refuses", () => {
    const pattern = patternOf("blog", "slug");
    for (const good of ["my-post", "tutorial-2", "a", "geolocation-brazil-gambling-regulations-br"])
      expect(pattern.test(good), good).toBe(true);
    for (const bad of [
      "My-Post",
      "my_post",
      "my~post",
      "my--post",
      "-post",
      "post-",
      "",
      "tag",
      "author",
      "rss",
      "2",
      "2025",
      "x".repeat(81),
    ])
      expect(pattern.test(bad), bad).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 90 }), (value) => {
        if (!pattern.test(value)) return;
        // Decap passes the value through unchanged, and the build takes it as a folder name.
        expect(decapSlug(value)).toBe(value);
        expect(keySchema.safeParse(value).success).toBe(true);
        expect(() =>
          checkPostSlug(value, { slug: value, locale: "en", translationOf: undefined }, "x"),
        ).not.toThrow();
      }),
    );
  });

  it.each([
    ["authors", "name"],
    ["tags", "label"],
  ])("%s are named from their %s, which can only make a key the build accepts", (name, field) => {
    expect(collection(name).slug).toBe("{{slug}}");
    expect(collection(name).identifier_field).toBe(field);
    const pattern = patternOf(name, field);
    for (const good of ["Maya Okafor", "Zoë Ångström-Ødegaard", "2FA & MFA", "C++ / Node.js"])
      expect(pattern.test(good), good).toBe(true);
    for (const bad of ["snake_case", "Tilde~name", "2025", "日本語", "   ", "𝐀bc"])
      expect(pattern.test(bad), bad).toBe(false);
    // Names drawn from the characters the pattern allows (and a few it refuses).
    const alphabet = [..."abcXYZ019 '’.,&+/()!?:-_~", ..."àÁçÉëÑøØßÆœŁłŽžĳ"];
    fc.assert(
      fc.property(fc.string({ maxLength: 40, unit: fc.constantFrom(...alphabet) }), (value) => {
        if (!pattern.test(value)) return;
        const key = decapSlug(value);
        expect(keySchema.safeParse(key).success, `${value} → ${key}`).toBe(true);
        expect(() => checkTagKey(key, "x")).not.toThrow();
      }),
    );
  });

  it("asks for the hero's alternative text with the hero, and stores images beside the entry", () => {
    expect(fieldOf("blog", "heroAlt").hint).toMatch(/Required when there is a hero image/);
    expect(fieldOf("blog", "hero")).toMatchObject({ widget: "image", choose_url: false });
    expect(collection("authors")).toMatchObject({
      media_folder: "/content/authors",
      public_folder: "",
    });
    // What Decap writes with an empty public folder is what the schema accepts.
    expect(
      postFrontmatterSchema.shape.hero.safeParse("hero.png").success &&
        authorSchema.shape.photo.safeParse("maya-okafor.png").success,
    ).toBe(true);
  });
});

describe("date fields", () => {
  it("name the site's time zone and its offsets beside every date field, however deep", () => {
    const dates: string[] = [];
    const walk = (fields: CmsField[], at: string) => {
      for (const field of fields) {
        const where = `${at}.${field.name}`;
        if (field.widget === "datetime") {
          dates.push(where);
          // The name and the offsets both: an editor in another zone sees which clock a time is on.
          expect(field.hint, where).toContain(timeZoneLabel(site.timeZone));
          expect(field.hint, where).toMatch(/UTC[+-]\d{2}:\d{2}/);
        }
        walk(field.fields ?? [], where);
        if (field.field) walk([field.field], where);
        for (const type of field.types ?? []) walk(type.fields, `${where}<${type.name}>`);
      }
    };
    for (const c of config.collections) {
      walk(c.fields ?? [], c.name);
      for (const file of c.files ?? []) walk(file.fields, `${c.name}/${file.name}`);
    }
    // The dates the content has: a post's, its update's, a case study's, a webinar's session and publication.
    expect(dates).toEqual(
      expect.arrayContaining([
        "blog.date",
        "blog.updated",
        "case-studies.date",
        "webinars.date",
        "webinars.publishDate",
      ]),
    );
  });
});

describe("the admin module", () => {
  it("registers a page preview for every page collection", async () => {
    const { PAGE_COLLECTIONS } = await import("../../../src/cms/collections");
    const pageCollections = config.collections
      .filter((c) => c.folder?.startsWith("content/pages"))
      .map((c) => c.name);
    expect([...PAGE_COLLECTIONS].sort()).toEqual(pageCollections.sort());
  });

  it("has a preview for every collection (a file collection's by file name, as Decap looks them up)", async () => {
    const { PREVIEWS } = await import("../../../src/cms/previews");
    const names = config.collections.flatMap((c) =>
      c.files ? c.files.map((f) => f.name) : [c.name],
    );
    expect(Object.keys(PREVIEWS).sort()).toEqual(names.sort());
  });
});
