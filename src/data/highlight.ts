/**
 * Syntax highlighting with Prism, for the code samples on marketing pages (at build time, in
 * onCreateNode) and for the CMS previews. The markup is Prism's own (`<span class="token keyword">`),
 * the same classes gatsby-remark-prismjs writes into blog posts, so one stylesheet colours both and
 * no highlighter reaches a page's JavaScript.
 */
import Prism from "prismjs";
// Prism's language files register themselves on the Prism global that the core module sets.
import "prismjs/components/prism-typescript";
import "prismjs/components/prism-kotlin";
import "prismjs/components/prism-swift";
import "prismjs/components/prism-python";
import "prismjs/components/prism-bash";
import "prismjs/components/prism-json";
import { escapeHtml } from "./html";

/** Fence labels and section languages → Prism grammars (the aliases gatsby-config.ts gives prismjs). */
const ALIASES: Record<string, string> = {
  js: "javascript",
  jsx: "javascript",
  ts: "typescript",
  tsx: "typescript",
  sh: "bash",
  shell: "bash",
  py: "python",
};

/** The grammar's name for a label, or null when Prism has none loaded for it. */
export function grammarName(label: string): string | null {
  const name = ALIASES[label] ?? label;
  return Prism.languages[name] ? name : null;
}

/** Highlighted HTML for `code`; escaped plain text when the language has no grammar. */
export function highlightCode(code: string, label: string): string {
  const name = grammarName(label);
  const grammar = name ? Prism.languages[name] : undefined;
  return grammar ? Prism.highlight(code, grammar, name ?? label) : escapeHtml(code);
}
