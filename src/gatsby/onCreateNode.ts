/** Turns each YAML file in content/pages/ into a validated MarketingPage node. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { fillPlaceholders, parseYamlFile } from "../data/content";
import { markdownToHtml } from "../data/markdown";
import { parseMarketingPage, withRenderedMarkdown } from "../data/sections";

interface FileNodeFields {
  sourceInstanceName?: string;
  absolutePath?: string;
  relativePath?: string;
  extension?: string;
}

export const onCreateNode: GatsbyNode["onCreateNode"] = async ({
  node,
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  if (node.internal.type !== "File") return;
  const file = node as typeof node & FileNodeFields;
  if (file.sourceInstanceName !== "pages" || !file.absolutePath) return;
  if (file.extension !== "yml" && file.extension !== "yaml") return;

  const source = path.posix.join(
    "content/pages",
    file.relativePath ?? path.basename(file.absolutePath),
  );
  try {
    const raw = parseYamlFile(await readFile(file.absolutePath, "utf8"), source);
    const page = parseMarketingPage(fillPlaceholders(raw), source);
    const content = {
      ...page,
      sections: withRenderedMarkdown(page.sections, markdownToHtml),
      sourceFile: source,
    };
    actions.createNode({
      ...content,
      id: createNodeId(`MarketingPage ${source}`),
      parent: node.id,
      children: [],
      internal: { type: "MarketingPage", contentDigest: createContentDigest(content) },
    });
  } catch (error) {
    reporter.panicOnBuild(error instanceof Error ? error.message : String(error));
  }
};
