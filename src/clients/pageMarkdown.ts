/**
 * A page's Markdown twin as "Copy page" puts it on the clipboard: fetched when the visitor asks for it (this module
 * is its own chunk, loaded on that first use), with the page's address after it, so an assistant it is pasted into
 * knows where it came from.
 */

/** The twin at `twinPath` on this origin, followed by the page's address; throws when it cannot be fetched. */
export async function pageMarkdown(twinPath: string, origin = window.location.origin): Promise<string> {
  const response = await fetch(twinPath, { headers: { accept: "text/markdown" } });
  if (!response.ok) throw new Error(`${twinPath} answered ${response.status}`);
  const markdown = (await response.text()).trimEnd();
  const page = twinPath.replace(/index\.html\.md$/, "");
  return `${markdown}\n\n---\n\nSource: ${origin}${page}\n`;
}
