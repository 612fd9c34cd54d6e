/** Build-time markdown → HTML for content fields; raw HTML is escaped and unsafe link schemes are dropped. */
import { Marked, type Tokens } from "marked";
import { escapeHtml } from "./html";

const safeHref = (href: string): string | null => {
  const trimmed = href.trim();
  if (/^(https?:|mailto:|\/|#)/i.test(trimmed) && !trimmed.startsWith("//")) return trimmed;
  return null;
};

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const href = safeHref(token.href);
      const text = this.parser.parseInline(token.tokens);
      if (!href) return text;
      const external = /^https?:/i.test(href);
      return `<a href="${escapeHtml(href)}"${external ? ' rel="noopener"' : ""}>${text}</a>`;
    },
    image(token: Tokens.Image) {
      // Content images go through the image pipeline, never hot-linked from markdown.
      return escapeHtml(token.text);
    },
  },
});

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
