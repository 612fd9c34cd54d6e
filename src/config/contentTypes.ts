// The one content-type table of the repository: Hono's, with the few answers this site always gave.
import { getMimeType, mimes } from "hono/utils/mime";

/**
 * Hono's table sends JSON, source maps and the web manifest without a charset, SVG with one, and
 * knows no YAML (the CMS config), Markdown, RSS or .cjs; these keep the headers the site has sent.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ...mimes,
  cjs: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  webmanifest: "application/manifest+json; charset=utf-8",
  svg: "image/svg+xml",
  md: "text/markdown; charset=utf-8",
  rss: "application/rss+xml; charset=utf-8",
  yml: "text/yaml; charset=utf-8",
  yaml: "text/yaml; charset=utf-8",
};

export function contentTypeFor(filePath: string): string {
  return getMimeType(filePath, CONTENT_TYPES) ?? "application/octet-stream";
}

/** Formats that are already compressed (images, fonts, video) gain nothing from another pass. */
export function isCompressible(contentType: string): boolean {
  const type = contentType.split(";")[0]?.trim() ?? "";
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type === "application/manifest+json" ||
    type === "application/xml" ||
    type === "application/rss+xml" ||
    type === "image/svg+xml" ||
    type === "image/x-icon" ||
    type === "application/wasm"
  );
}
