/** The content folders gatsby-source-filesystem reads, by the source name src/gatsby/onCreateNode.ts dispatches on. */
import { existsSync } from "node:fs";
import path from "node:path";

export const contentSources = {
  pages: "content/pages",
  blog: "content/blog",
  authors: "content/authors",
  tags: "content/tags",
  caseStudies: "content/case-studies",
  webinars: "content/webinars",
  settings: "content/settings",
} as const;

export type ContentSourceName = keyof typeof contentSources;

/**
 * The sources whose folder exists under `root`. Git keeps no empty folders and gatsby-source-filesystem
 * stops the build on a missing path; the content types are declared up front
 * (createSchemaCustomization), so a source left out only means no entries of that kind.
 */
export function existingContentSources(
  root: string,
  exists: (folder: string) => boolean = existsSync,
): Array<{ name: ContentSourceName; path: string }> {
  return (Object.entries(contentSources) as Array<[ContentSourceName, string]>)
    .map(([name, folder]) => ({ name, path: path.join(root, folder) }))
    .filter((source) => exists(source.path));
}
