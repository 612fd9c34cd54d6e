// @vitest-environment node
// A missing content folder is left out of gatsby-source-filesystem instead of stopping the build, and
// content images resolve beside their file whether written as the CMS writes them or with "./".
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentSources, existingContentSources } from "../../../src/gatsby/contentSources";
import { localImage } from "../../../src/gatsby/onCreateNode";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "content-sources-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("existingContentSources", () => {
  it("registers only the folders that exist", () => {
    fs.mkdirSync(path.join(root, "content/blog"), { recursive: true });
    fs.mkdirSync(path.join(root, "content/tags"), { recursive: true });
    expect(existingContentSources(root)).toEqual([
      { name: "blog", path: path.join(root, "content/blog") },
      { name: "tags", path: path.join(root, "content/tags") },
    ]);
  });

  it("registers nothing (and does not throw) when content/ is absent", () => {
    expect(existingContentSources(path.join(root, "nowhere"))).toEqual([]);
  });

  it("covers every source the repository has, each one a folder onCreateNode knows", () => {
    const repo = path.resolve(__dirname, "../../..");
    expect(existingContentSources(repo).map((s) => s.name)).toEqual(Object.keys(contentSources));
  });
});

describe("localImage", () => {
  const folder = path.join(root, "content/blog/a-post");
  fs.mkdirSync(path.join(folder, "images"), { recursive: true });
  fs.writeFileSync(path.join(folder, "hero.png"), "");
  fs.writeFileSync(path.join(folder, "images/inline.png"), "");
  const file = { absolutePath: path.join(folder, "index.md") };
  const source = "content/blog/a-post/index.md";

  it.each(["hero.png", "./hero.png"])("resolves %s to the same file", (relative) => {
    expect(localImage(file, relative, source, "hero")).toBe(path.join(folder, "hero.png"));
  });

  it("resolves images in a subfolder", () => {
    expect(localImage(file, "images/inline.png", source, "hero")).toBe(
      path.join(folder, "images/inline.png"),
    );
  });

  it("names the file and the field when the image is missing", () => {
    expect(() => localImage(file, "gone.png", source, "hero")).toThrow(
      /^Invalid content in content\/blog\/a-post\/index\.md:\n {2}- hero: "gone\.png" no such image/,
    );
  });

  it("refuses a path leaving the folder even if the file exists", () => {
    expect(() => localImage(file, "../a-post/hero.png", source, "photo", () => true)).not.toThrow();
    expect(() => localImage(file, "../other/hero.png", source, "photo", () => true)).toThrow(
      /photo: "\.\.\/other\/hero\.png" must stay in the folder/,
    );
  });

  it("has nothing to resolve without a path", () => {
    expect(localImage(file, undefined, source, "hero")).toBeNull();
  });
});
