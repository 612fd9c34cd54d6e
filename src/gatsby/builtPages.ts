/**
 * One pass over the built pages after Gatsby has written them: each page is repaired (stray NUL bytes
 * from React 18's streaming renderer) and its bundle tags are replaced by the after-paint loader.
 *
 * React 18.3's renderToPipeableStream, which Gatsby 5 renders every page with, encodes the HTML into a
 * reusable 2048-byte buffer. When a character of two or more bytes in UTF-8 (…, —, ’, an emoji) does not
 * fit at the end of the buffer, the encoder stops short and React still flushes the whole buffer, so the
 * unwritten bytes reach the page as NUL characters in front of that character (react/react#31134; fixed
 * only in React 19). The browser then shows a text that differs from the one React renders, a hydration
 * mismatch. A NUL byte never belongs in an HTML page (the parser reports it as an error), so removing
 * every one gives back exactly what React meant to write.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { scriptsAfterPaint } from "./scriptsAfterPaint";

/** The page without NUL characters. */
export function withoutNulBytes(html: string): string {
  return html.includes("\u0000") ? html.replaceAll("\u0000", "") : html;
}

/** What the build does to every page it wrote. */
export function finishPage(html: string): string {
  return scriptsAfterPaint(withoutNulBytes(html));
}

/** Applies `rewrite` to every built page of publicDir in place; returns how many changed. */
export async function rewriteBuiltPages(
  publicDir: string,
  rewrite: (html: string) => string = finishPage,
): Promise<number> {
  let changed = 0;
  for (const file of await fs.readdir(publicDir, { recursive: true })) {
    // Pages only: Gatsby's own slice files under _gatsby/ are what it stitches pages from.
    if (!file.endsWith(".html") || file.startsWith(`_gatsby${path.sep}`)) continue;
    const full = path.join(publicDir, file);
    if (!(await fs.stat(full)).isFile()) continue;
    const html = await fs.readFile(full, "utf8");
    const rewritten = rewrite(html);
    if (rewritten === html) continue;
    await fs.writeFile(full, rewritten);
    changed += 1;
  }
  return changed;
}
