// Maps positions in the built chunks (trace and profile frames, script attributions) back to the source files.
import fs from "node:fs";
import path from "node:path";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";

/**
 * A source map's `sources` entry as a repository path: webpack writes them as
 * `webpack://<name>/./src/x.tsx` or `webpack://<name>/./node_modules/react-dom/...`.
 */
export function repoPath(source) {
  if (!source) return null;
  const clean = source.replace(/^webpack:\/\/[^/]*\//, "").replace(/^\.\//, "");
  const at = clean.lastIndexOf("node_modules/");
  if (at >= 0) {
    // The package, not the file: "node_modules/react-dom" reads better than its 30 000-line build.
    const rest = clean.slice(at + "node_modules/".length).split("/");
    return `node_modules/${rest[0]?.startsWith("@") ? rest.slice(0, 2).join("/") : rest[0]}`;
  }
  return clean;
}

/** 1-based line and 0-based column of a character offset in a text. */
export function lineAndColumn(text, offset) {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart };
}

export class SourceMaps {
  constructor(publicDir) {
    this.publicDir = publicDir;
    this.maps = new Map();
    this.texts = new Map();
  }

  /** The built file a same-origin script URL names, or null (another origin, an inline script). */
  fileOf(url) {
    let pathname;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
    if (!pathname.endsWith(".js")) return null;
    const file = path.join(this.publicDir, pathname);
    return file.startsWith(this.publicDir) && fs.existsSync(file) ? file : null;
  }

  map(file) {
    if (!this.maps.has(file)) {
      let map = null;
      try {
        map = new TraceMap(fs.readFileSync(`${file}.map`, "utf8"));
      } catch {
        // no map: positions stay in the built file
      }
      this.maps.set(file, map);
    }
    return this.maps.get(file);
  }

  /**
   * The source position of (line 1-based, column 0-based) in the chunk at `url`:
   * { source, line, name } with source a repository path, or null when it cannot be mapped.
   */
  position(url, line, column) {
    const file = this.fileOf(url);
    const map = file ? this.map(file) : null;
    if (!map) return null;
    const found = originalPositionFor(map, { line, column });
    if (!found.source) return null;
    return { source: repoPath(found.source), line: found.line, name: found.name ?? null };
  }

  /** The same for a character offset (a Long Animation Frame script's sourceCharPosition). */
  positionAtChar(url, offset) {
    const file = this.fileOf(url);
    if (!file || offset < 0) return null;
    if (!this.texts.has(file)) this.texts.set(file, fs.readFileSync(file, "utf8"));
    const { line, column } = lineAndColumn(this.texts.get(file), offset);
    return this.position(url, line, column);
  }

  /**
   * A Long Animation Frame script's function (sourceURL, sourceCharPosition, sourceFunctionName, invoker) as
   * "name (source:line)" when it is in one of the site's chunks, else "name (invoker)".
   */
  scriptOrigin(script) {
    const mapped = script.sourceURL
      ? this.positionAtChar(script.sourceURL, script.sourceCharPosition)
      : null;
    const name = script.sourceFunctionName || mapped?.name || script.invoker || "(anonymous)";
    return mapped ? `${name} (${mapped.source}:${mapped.line})` : `${name} (${script.invoker})`;
  }

  /** "name (source:line)" for a position, or the chunk's own name when it cannot be mapped. */
  describe(url, line, column, fallbackName = "") {
    const found = this.position(url, line, column);
    if (!found) return `${fallbackName || "(anonymous)"} (${url ? path.basename(url) : "inline"})`;
    return `${found.name ?? fallbackName ?? "(anonymous)"} (${found.source}:${found.line})`;
  }
}
