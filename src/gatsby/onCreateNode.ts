/** Turns content files into validated nodes: pages, authors, tags and the navigation from YAML; posts, case studies and webinars from markdown. */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode, Node } from "gatsby";
import { fillPlaceholders, parseYamlFile } from "../data/content";
import { markdownToHtml } from "../data/markdown";
import { renderSections } from "../data/renderSections";
import { parseMarketingPage } from "../data/sectionSchemas";
import { parseAgentSettings } from "../data/agentFiles";
import { treatmentSections } from "../data/treatmentIds";
import { parseNavigation } from "../data/navigationSchema";
import { paths } from "../data/blog";
import { readingMinutes } from "../data/readingTime";
import { contentSources } from "./contentSources";
import { writtenDates } from "./writtenDates";
import {
  authorSchema,
  caseStudyFrontmatterSchema,
  checkEntrySlug,
  checkPostSlug,
  checkTagKey,
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

/** Folder of each content source, as gatsby-config.ts registers it. */
const sourceFolders: Record<string, string> = contentSources;

const sourceFileOf = (file: FileNode) =>
  path.posix.join(
    sourceFolders[file.sourceInstanceName ?? ""] ?? "content",
    file.relativePath ?? path.basename(file.absolutePath ?? ""),
  );

/**
 * Resolves an image path written relative to a content file (`hero.png` as the CMS writes it, or
 * `./hero.png`), failing the build, naming the file and field, if it is missing or outside the folder.
 */
export function localImage(
  file: { absolutePath?: string },
  relative: string | undefined,
  source: string,
  field: string,
  exists: (absolute: string) => boolean = existsSync,
): string | null {
  if (!relative || !file.absolutePath) return null;
  const folder = path.dirname(file.absolutePath);
  const absolute = path.resolve(folder, relative);
  const problem = !absolute.startsWith(`${folder}${path.sep}`)
    ? `must stay in the folder of the file`
    : !exists(absolute)
      ? `no such image beside the file (${path.relative(folder, absolute)})`
      : null;
  if (problem)
    throw new Error(`Invalid content in ${source}:\n  - ${field}: "${relative}" ${problem}`);
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
        const sections = renderSections(page.sections, markdownToHtml);
        create("MarketingPage", source, {
          ...page,
          // A variant is rendered beside its control in one page's HTML: its ids are its own.
          sections: page.variantOf ? treatmentSections(sections) : sections,
        });
      } else if (file.sourceInstanceName === "authors") {
        const key = keyOf(file, source);
        const { photo, ...author } = parseContent(authorSchema, await read(), source);
        create("Author", source, {
          ...author,
          key,
          path: paths.author(key),
          photoPath: localImage(file, photo, source, "photo"),
        });
      } else if (file.sourceInstanceName === "tags") {
        const key = keyOf(file, source);
        checkTagKey(key, source);
        create("Tag", source, {
          ...parseContent(tagSchema, await read(), source),
          key,
          path: paths.tag(key),
        });
      } else if (file.sourceInstanceName === "settings") {
        // The redirects are checked and written after the build, against the pages it made (redirects.ts).
        if (file.name === "redirects") return;
        // The agents settings are used after the build too (agentFiles.ts); checked here so a mistake stops it early.
        if (file.name === "agents") {
          parseAgentSettings(await read(), source);
          return;
        }
        if (file.name !== "navigation")
          throw new Error(
            `Invalid content in ${source}:\n  - content/settings holds only navigation.yml (the menus and footer), redirects.yml and agents.yml`,
          );
        create("Navigation", source, { ...parseNavigation(await read(), source) });
      }
      return;
    }

    if (node.internal.type !== "MarkdownRemark" || !node.parent) return;
    const file = getNode(node.parent) as FileNode | undefined;
    if (!file || file.internal.type !== "File") return;
    const source = sourceFileOf(file);
    const frontmatter = fillPlaceholders<Record<string, unknown>>({
      ...(node as Node & { frontmatter?: Record<string, unknown> }).frontmatter,
      // Dates as the author wrote them: without a zone they are the site's wall clock (siteTime.ts).
      ...(file.absolutePath ? writtenDates(await readFile(file.absolutePath, "utf8")) : {}),
    });
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
        heroPath: localImage(file, hero, source, "hero"),
        // Once here, from the markdown: every card that shows the post asks for it (readingTime.ts).
        timeToRead: readingMinutes(
          (node as Node & { rawMarkdownBody?: string }).rawMarkdownBody ?? "",
        ),
      });
    } else if (file.sourceInstanceName === "caseStudies") {
      const key = keyOf(file, source);
      const story = parseContent(caseStudyFrontmatterSchema, frontmatter, source);
      checkEntrySlug(key, story, source);
      create("CaseStudy", source, {
        ...story,
        slug: key,
        path: paths.caseStudy(key),
      });
    } else if (file.sourceInstanceName === "webinars") {
      const key = keyOf(file, source);
      const webinar = parseContent(webinarFrontmatterSchema, frontmatter, source);
      checkEntrySlug(key, webinar, source);
      create("Webinar", source, {
        ...webinar,
        slug: key,
        path: paths.webinar(key),
      });
    }
  } catch (error) {
    reporter.panicOnBuild(error instanceof Error ? error.message : String(error));
  }
};
