/**
 * A page's Markdown twin as the page pass handles it: whether the page's head links one (the head is the one place
 * that decides, from the page's context), making it (postTwin.ts for a post, markdownTwin.ts for the rest), the
 * page's title and description for llms.txt, and writing or removing the file beside the page.
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { decode } from "html-entities";
import { site } from "../config/site";
import { TWIN_FILE, twinPathOf } from "../data/markdownTwins";
import { hasToken, type HtmlElement } from "../data/parseHtml";
import { pageTwin } from "./markdownTwin";
import { MIN_COMPRESS_BYTES, pageSiblingsSync, SIBLINGS, type Encoding } from "./precompress";
import { postTwin, type PostSource } from "./postTwin";
import { threadCpuMs } from "./threadCpu";

/** The title (" | Product" left off) and the description of a page's head. */
export function headOf(
  html: string,
  elements: readonly HtmlElement[],
): { title: string; description: string } {
  const title = elements.find((el) => el.name === "title" && el.end > el.openEnd);
  const text = title ? decode(html.slice(title.openEnd, title.end - "</title>".length)).trim() : "";
  const suffix = ` | ${site.productName}`;
  const description = elements.find(
    (el) => el.name === "meta" && el.attributes["name"] === "description",
  );
  return {
    title: text.endsWith(suffix) ? text.slice(0, -suffix.length) : text,
    description: description?.attributes["content"] ?? "",
  };
}

/** The address the head's `<link rel="alternate" type="text/markdown">` names, or null. */
export function twinLinkOf(elements: readonly HtmlElement[]): string | null {
  const link = elements.find(
    (el) =>
      el.name === "link" &&
      el.ancestors.includes("head") &&
      hasToken(el.attributes["rel"], "alternate") &&
      el.attributes["type"] === "text/markdown",
  );
  return link?.attributes["href"] ?? null;
}

/**
 * A page's twin, made when its head links one (the head is the one place that decides, from the page's context):
 * from the post's Markdown when the page is a post, else from the page's main content. The link must name the
 * twin's own address.
 */
export function twinOf(
  html: string,
  elements: readonly HtmlElement[],
  page: { path: string; post?: PostSource },
): { markdown: string | null; problems: string[] } {
  const link = twinLinkOf(elements);
  if (link === null) return { markdown: null, problems: [] };
  const pageUrl = `${site.url}${page.path}`;
  const expected = twinPathOf(page.path);
  if (expected === null || link !== `${site.url}${expected}`)
    return {
      markdown: null,
      problems: [
        `its head links a Markdown twin at ${link}, not at ${site.url}${expected ?? `${page.path}.md`}`,
      ],
    };
  const markdown = page.post
    ? postTwin(page.post, elements, pageUrl)
    : pageTwin(html, elements, pageUrl);
  return markdown.trim() === ""
    ? {
        markdown: null,
        problems: ["its head links a Markdown twin, but it has no main content to make one from"],
      }
    : { markdown, problems: [] };
}

/** The twin file beside a page file ("pricing/index.html" → "pricing/index.html.md"). */
export const twinFileOf = (file: string) => path.join(path.dirname(file), TWIN_FILE);

/** The hash a post's twin is remembered by: a change to the post makes its twin again. */
export const postHash = (post: PostSource) =>
  createHash("sha256").update(JSON.stringify(post)).digest("base64");

/**
 * Writes a twin where it differs from the file there (an unchanged twin keeps its time), with its siblings made in
 * this thread (pageSiblingsSync) unless they are there and current; null removes the twin and its siblings. Returns
 * the milliseconds of this thread's CPU its compression took (threadCpu.ts), like the twin's making.
 */
export async function writeTwin(
  publicDir: string,
  file: string,
  markdown: string | null,
  precompress: boolean,
): Promise<number> {
  const full = path.join(publicDir, file);
  const siblings = Object.entries(SIBLINGS) as Array<[Encoding, string]>;
  if (markdown === null) {
    await Promise.all(
      ["", ...siblings.map(([, ext]) => ext)].map((ext) => fs.rm(full + ext, { force: true })),
    );
    return 0;
  }
  const existing = await fs.readFile(full, "utf8").catch(() => null);
  if (existing !== markdown) await fs.writeFile(full, markdown);
  const bytes = Buffer.from(markdown);
  if (!precompress || bytes.length < MIN_COMPRESS_BYTES) return 0;
  const current = await Promise.all(
    siblings.map(([, ext]) =>
      fs.stat(full + ext).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (existing === markdown && current.every(Boolean)) return 0;
  const start = threadCpuMs();
  const packed = pageSiblingsSync(bytes);
  const ms = threadCpuMs() - start;
  await Promise.all(
    siblings.map(([encoding, ext]) => {
      const sibling = packed[encoding];
      return sibling ? fs.writeFile(full + ext, sibling) : fs.rm(full + ext, { force: true });
    }),
  );
  return ms;
}
