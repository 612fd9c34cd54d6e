/** Turns content files into validated nodes: pages, authors and tags from YAML; posts, case studies and webinars from markdown. */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode, Node } from "gatsby";
import { fillPlaceholders, parseYamlFile } from "../data/content";
import { markdownToHtml } from "../data/markdown";
import { parseMarketingPage, withRenderedMarkdown } from "../data/sections";
import { paths } from "../data/blog";
import {
  authorSchema,
  caseStudyFrontmatterSchema,
  checkPostSlug,
  keySchema,
  parseContent,
  postFrontmatterSchema,
  tagSchema,
  webinarFrontmatterSchema,
} from "../data/blogSchema";

interface FileNodeFields {
  sourceInstanceName?: string;
  absolutePath?: string;
  relativePath?: string;
  relativeDirectory?: string;
  name?: string;
  extension?: string;
}

type FileNode = Node & FileNodeFields;

/** Folder of each content source, as it is named in gatsby-config.ts. */
const sourceFolders: Record<string, string> = {
  pages: "content/pages",
  blog: "content/blog",
  authors: "content/authors",
  tags: "content/tags",
  caseStudies: "content/case-studies",
  webinars: "content/webinars",
};

const sourceFileOf = (file: FileNode) =>
  path.posix.join(
    sourceFolders[file.sourceInstanceName ?? ""] ?? "content",
    file.relativePath ?? path.basename(file.absolutePath ?? ""),
  );

/** Resolves an image path written relative to a content file, failing the build if it is missing. */
function localImage(file: FileNode, relative: string | undefined, source: string): string | null {
  if (!relative || !file.absolutePath) return null;
  const absolute = path.resolve(path.dirname(file.absolutePath), relative);
  if (!existsSync(absolute))
    throw new Error(`Invalid content in ${source}:\n  - image ${relative} does not exist`);
  return absolute;
}

/** The content key a file stands for: its name, or its folder's name for <key>/index.md. */
function keyOf(file: FileNode, source: string): string {
  const key =
    file.name === "index" ? path.basename(file.relativeDirectory ?? "") : (file.name ?? "");
  const result = keySchema.safeParse(key);
  if (!result.success)
    throw new Error(
      `Invalid content in ${source}:\n  - file name "${key}" must be lowercase-hyphen`,
    );
  return key;
}

export const onCreateNode: GatsbyNode["onCreateNode"] = async ({
  node,
  actions,
  getNode,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  const create = (type: string, source: string, content: Record<string, unknown>) => {
    actions.createNode({
      ...content,
      sourceFile: source,
      id: createNodeId(`${type} ${source}`),
      parent: node.id,
      children: [],
      internal: { type, contentDigest: createContentDigest(content) },
    });
  };

  try {
    if (node.internal.type === "File") {
      const file = node as FileNode;
      if (!file.absolutePath || (file.extension !== "yml" && file.extension !== "yaml")) return;
      const source = sourceFileOf(file);
      const read = async () =>
        fillPlaceholders(parseYamlFile(await readFile(file.absolutePath ?? "", "utf8"), source));

      if (file.sourceInstanceName === "pages") {
        const page = parseMarketingPage(await read(), source);
        create("MarketingPage", source, {
          ...page,
          sections: withRenderedMarkdown(page.sections, markdownToHtml),
        });
      } else if (file.sourceInstanceName === "authors") {
        const key = keyOf(file, source);
        const { photo, ...author } = parseContent(authorSchema, await read(), source);
        create("Author", source, {
          ...author,
          key,
          path: paths.author(key),
          photoPath: localImage(file, photo, source),
        });
      } else if (file.sourceInstanceName === "tags") {
        const key = keyOf(file, source);
        create("Tag", source, {
          ...parseContent(tagSchema, await read(), source),
          key,
          path: paths.tag(key),
        });
      }
      return;
    }

    if (node.internal.type !== "MarkdownRemark" || !node.parent) return;
    const file = getNode(node.parent) as FileNode | undefined;
    if (!file || file.internal.type !== "File") return;
    const source = sourceFileOf(file);
    const frontmatter = fillPlaceholders(
      (node as Node & { frontmatter?: Record<string, unknown> }).frontmatter ?? {},
    );
    // gatsby-transformer-remark adds an empty title when a file has none; let the schema report it.
    if (frontmatter["title"] === "") delete frontmatter["title"];

    if (file.sourceInstanceName === "blog") {
      if (file.name !== "index")
        throw new Error(
          `Invalid content in ${source}:\n  - a post is content/blog/<slug>/index.md`,
        );
      const key = keyOf(file, source);
      const { authors, tags, hero, ...post } = parseContent(
        postFrontmatterSchema,
        frontmatter,
        source,
      );
      checkPostSlug(key, post, source);
      create("BlogPost", source, {
        ...post,
        slug: key,
        path: paths.post(key),
        authorKeys: authors,
        tagKeys: tags,
        heroPath: localImage(file, hero, source),
      });
    } else if (file.sourceInstanceName === "caseStudies") {
      const key = keyOf(file, source);
      create("CaseStudy", source, {
        ...parseContent(caseStudyFrontmatterSchema, frontmatter, source),
        slug: key,
        path: paths.caseStudy(key),
      });
    } else if (file.sourceInstanceName === "webinars") {
      const key = keyOf(file, source);
      create("Webinar", source, {
        ...parseContent(webinarFrontmatterSchema, frontmatter, source),
        slug: key,
        path: paths.webinar(key),
      });
    }
  } catch (error) {
    reporter.panicOnBuild(error instanceof Error ? error.message : String(error));
  }
};
