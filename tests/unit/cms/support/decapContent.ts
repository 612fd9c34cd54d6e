// The entries the admin lists, found and parsed as Decap does: folder collections through decap-server's
// listing (files under the folder to the depth of the collection's `path`, ending in its extension), file
// collections by their paths, each file read with the parsers decap-cms-core bundles (yaml 1.x with its
// timestamp tag; gray-matter for front matter, its body kept as `body`).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { DecapField } from "./decapValidation";

export type DecapCollection = {
  name: string;
  folder?: string;
  path?: string;
  extension?: string;
  format?: string;
  media_folder?: string;
  fields?: DecapField[];
  files?: { name: string; file: string; fields: DecapField[] }[];
};

export type DecapEntry = {
  collection: string;
  /** Repository-relative path, e.g. content/blog/my-post/index.md. */
  file: string;
  slug: string;
  fields: DecapField[];
  data: Record<string, unknown>;
};

// decap-cms-core's own copies (its yaml is 1.x, not the site's 2.x), found from wherever npm placed it.
const decapApp = createRequire(import.meta.url).resolve("decap-cms-app/package.json");
const decapRequire = createRequire(createRequire(decapApp).resolve("decap-cms-core/package.json"));
type YamlDocument = { errors: { message: string }[]; toJSON(): unknown };
const yaml = decapRequire("yaml") as {
  parseDocument(text: string, options: object): YamlDocument;
};
const matter = decapRequire("gray-matter") as (
  text: string,
  options: object,
) => { data: Record<string, unknown>; content: string };

/** decap-cms-core formats/yaml.ts: ISO timestamps ending in Z become Dates, every other scalar as YAML 1.2 core. */
const timestampTag = {
  identify: (value: unknown) => value instanceof Date,
  default: true,
  tag: "!timestamp",
  test: /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2}(\.[0-9]+)?)Z$/,
  resolve: (text: string) => new Date(text),
  stringify: (node: { value: Date }) => node.value.toISOString(),
};

function yamlFromFile(text: string): Record<string, unknown> {
  const content = text && text.trim().endsWith("---") ? text.trim().slice(0, -3) : text;
  const doc = yaml.parseDocument(content, { customTags: [timestampTag], prettyErrors: true });
  if (doc.errors.length > 0)
    throw new Error(`YAML parsing error:\n${doc.errors.map((e) => e.message).join("\n")}`);
  return (doc.toJSON() ?? {}) as Record<string, unknown>;
}

/** FrontmatterInfer.fromFile: the YAML between the --- lines, and the rest as `body` when not blank. */
function frontmatterFromFile(text: string): Record<string, unknown> {
  const result = matter(text, {
    engines: { yaml: { parse: yamlFromFile, stringify: () => "" } },
    language: "yaml",
    delimiters: "---",
  });
  return { ...result.data, ...(result.content.trim() ? { body: result.content } : {}) };
}

const EXTENSIONS: Record<string, string> = {
  yml: "yml",
  yaml: "yml",
  frontmatter: "md",
  json: "json",
};

/** The extension a folder collection lists (selectFolderEntryExtension). */
export const extensionOf = (collection: DecapCollection) =>
  (collection.extension ?? EXTENSIONS[collection.format ?? "frontmatter"] ?? "md").replace(
    /^\./,
    "",
  );

/** decap-server's listFiles: `depth` levels of folders, files whose names end in the extension. */
function listFiles(dir: string, extension: string, depth: number): string[] {
  if (depth <= 0 || !fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((dirent) => {
    const full = path.join(dir, dirent.name);
    if (dirent.isDirectory()) return listFiles(full, extension, depth - 1);
    return full.endsWith(extension) ? [full] : [];
  });
}

function parse(file: string, text: string, format: string | undefined) {
  const kind = format ?? (/\.ya?ml$/.test(file) ? "yml" : "frontmatter");
  if (kind === "yml" || kind === "yaml") return yamlFromFile(text);
  if (kind === "json") return JSON.parse(text) as Record<string, unknown>;
  return frontmatterFromFile(text);
}

/** Every entry of every collection, as the admin lists and opens it. */
export function listEntries(root: string, collections: readonly DecapCollection[]): DecapEntry[] {
  const entries: DecapEntry[] = [];
  for (const collection of collections) {
    if (collection.folder) {
      const depth = (collection.path ?? "").split("/").length;
      const extension = extensionOf(collection);
      for (const full of listFiles(path.join(root, collection.folder), extension, depth)) {
        const file = path.relative(root, full).split(path.sep).join("/");
        const inFolder = file.slice(collection.folder.length + 1).replace(/\.[^./]+$/, "");
        // The slug: the part of the path the collection's `path` template ({{slug}}/index) names.
        const slug = collection.path?.includes("/")
          ? inFolder
              .split("/")
              .slice(0, -(collection.path.split("/").length - 1))
              .join("/")
          : inFolder;
        entries.push({
          collection: collection.name,
          file,
          slug,
          fields: collection.fields ?? [],
          data: parse(file, fs.readFileSync(full, "utf8"), collection.format),
        });
      }
    }
    for (const entry of collection.files ?? []) {
      const full = path.join(root, entry.file);
      entries.push({
        collection: collection.name,
        file: entry.file,
        slug: entry.name,
        fields: entry.fields,
        data: fs.existsSync(full)
          ? parse(entry.file, fs.readFileSync(full, "utf8"), undefined)
          : {},
      });
    }
  }
  return entries;
}
