// @vitest-environment node
// Every file under content/ opened through the admin's own generated config (static/admin/config.yml) and
// checked as Decap checks an entry when an editor presses Save (tests/unit/cms/support/decapValidation.ts):
// an entry the admin cannot save blocks every edit of it, whatever the edit, so each one must pass as it
// stands. A failure names the file and the field, e.g.
// `content/settings/navigation.yml menus[0].entries[2].url: Url didn't match the pattern: …`.
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { listEntries, type DecapCollection } from "./support/decapContent";
import { validateEntry, type DecapField, type Problem } from "./support/decapValidation";

const root = path.resolve(__dirname, "../../..");
const config = parse(fs.readFileSync(path.join(root, "static/admin/config.yml"), "utf8")) as {
  media_folder: string;
  collections: DecapCollection[];
};
const entries = listEntries(root, config.collections);
const slugs = new Map<string, Set<string>>();
for (const entry of entries) {
  const known = slugs.get(entry.collection) ?? new Set<string>();
  slugs.set(entry.collection, known.add(entry.slug));
}

/** Files under content/ that no collection edits, and why. */
const NOT_IN_ADMIN: Record<string, string> = {
  "content/careers/sample-board.json":
    "the sample job board, in Greenhouse's own JSON shape, served by the /greenhouse/ proxy when no board is configured",
  "content/careers/README.md": "explains the sample job board to developers",
};

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** Folders whose images the admin's media library shows: beside each entry, or a collection's own folder. */
function mediaFolders(): Set<string> {
  const folders = new Set<string>([config.media_folder.replace(/^\//, "")]);
  for (const collection of config.collections) {
    const media = collection.media_folder;
    if (media === undefined) continue;
    if (media.startsWith("/")) folders.add(media.slice(1));
    else
      for (const entry of entries.filter((e) => e.collection === collection.name))
        folders.add(path.posix.join(path.posix.dirname(entry.file), media));
  }
  return folders;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((dirent) => {
    const rel = `${dir}/${dirent.name}`;
    return dirent.isDirectory() ? filesUnder(rel) : [rel];
  });
}

const describeProblems = (problems: Problem[]) =>
  problems.map((problem) => `${problem.path}: ${problem.message}`);

describe("content/ through the admin's config", () => {
  it("lists every file under content/ as an entry, an entry's media, or a file the admin does not edit", () => {
    const claimed = new Set(entries.map((entry) => entry.file));
    const media = mediaFolders();
    const unaccounted = filesUnder("content").filter(
      (file) =>
        !claimed.has(file) &&
        !(IMAGE.test(file) && media.has(path.posix.dirname(file))) &&
        !(file in NOT_IN_ADMIN),
    );
    expect(
      unaccounted,
      "files the admin neither lists nor shows as media (add a collection, or list them in NOT_IN_ADMIN with the reason)",
    ).toEqual([]);
    for (const file of Object.keys(NOT_IN_ADMIN))
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it("finds the entries of every collection", () => {
    for (const collection of config.collections)
      expect(slugs.get(collection.name)?.size ?? 0, collection.name).toBeGreaterThan(0);
    expect(entries.length).toBeGreaterThan(90);
  });

  it.each(entries.map((entry) => [entry.file, entry] as const))(
    "%s saves: no field Decap refuses",
    (_file, entry) => {
      const problems = validateEntry(entry.fields, entry.data, { slugs });
      expect(describeProblems(problems.filter((p) => p.kind === "save"))).toEqual([]);
    },
  );

  it.each(entries.map((entry) => [entry.file, entry] as const))(
    "%s holds only values the admin's widgets can show",
    (_file, entry) => {
      const problems = validateEntry(entry.fields, entry.data, { slugs });
      expect(describeProblems(problems.filter((p) => p.kind === "editor"))).toEqual([]);
    },
  );
});

describe("the navigation's address pattern", () => {
  const navigation = entries.find((entry) => entry.file === "content/settings/navigation.yml");
  // The pattern the admin had before placeholders were allowed inside site paths: it refused the
  // navigation file as it stood, so no label in Site settings could be saved.
  const BEFORE = "^(/([a-z0-9-]+/)*|https?://[^\\s/]+(/\\S*)?|\\{[A-Za-z]+\\}\\S*)$";
  const withUrlPattern = (fields: DecapField[], pattern: string): DecapField[] =>
    fields.map((field) => ({
      ...field,
      ...(field.name === "url" ? { pattern: [pattern, "before"] as [string, string] } : {}),
      ...(field.fields ? { fields: withUrlPattern(field.fields, pattern) } : {}),
    }));

  it("is what this test catches: the earlier pattern fails the file at both product links", () => {
    expect(navigation).toBeDefined();
    const problems = validateEntry(
      withUrlPattern(navigation?.fields ?? [], BEFORE),
      navigation?.data ?? {},
    );
    const menus = navigation?.data["menus"] as { entries: { url: string }[] }[];
    const at = menus.findIndex((menu) => menu.entries.some((e) => e.url.includes("{productSlug}")));
    expect(describeProblems(problems)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^menus\\[${at}\\]\\.entries\\[\\d+\\]\\.url: Url didn't match the pattern`),
        ),
        expect.stringMatching(
          /^footerColumns\[\d+\]\.entries\[\d+\]\.url: Url didn't match the pattern/,
        ),
      ]),
    );
  });
});
