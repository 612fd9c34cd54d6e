// Types for firstload.mjs, so TypeScript tests can import it.
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface CountedFile {
  path: string;
  sizes: Sizes;
  via: "html" | "page-chunk" | "gatsby";
}
export interface Group {
  files: CountedFile[];
  inline?: Sizes;
  total: Sizes;
}
export interface PageMeasure {
  route: string;
  file: string;
  html: Sizes;
  js: Group & { inline: Sizes };
  css: Group & { inline: Sizes };
  pageChunks: Group & { names: string[] };
  data: Group;
  images: Group;
  fonts: Group;
  transfer: number;
  external: string[];
  missing: string[];
}
export interface References {
  js: string[];
  css: string[];
  images: string[];
  fonts: string[];
  data: string[];
  inlineJs: string[];
  inlineCss: string[];
}

export declare const NON_PAGE_DIRS: Set<string>;
export declare function collectReferences(html: string): References;
export declare function resolveRef(
  ref: string,
  route: string,
): { path: string; external?: undefined } | { external: string; path?: undefined } | null;
export declare function routeOfHtmlFile(relPath: string): string;
export declare function pageDataPath(route: string): string;
export declare function listHtmlPages(publicDir: string): string[];
export declare function fileForPath(publicDir: string, sitePath: string): string | null;
export declare function isCompressible(file: string): boolean;
export declare function compressedSizes(buffer: Buffer | string): Sizes;
export declare class SizeCache {
  of(file: string): Sizes | null;
}
export declare function sumSizes(list: Sizes[]): Sizes;
export declare function chunkGroupFiles(
  publicDir: string,
  chunkName: string,
  cache?: Record<string, unknown>,
): string[];
export declare function gatsbyRuntimeLoads(
  publicDir: string,
  route: string,
  cache?: Record<string, unknown>,
): { chunkNames: string[]; chunkFiles: string[]; dataFiles: string[] };
export declare function measurePage(
  publicDir: string,
  htmlRelPath: string,
  sizes?: SizeCache,
  cache?: Record<string, unknown>,
): PageMeasure;
