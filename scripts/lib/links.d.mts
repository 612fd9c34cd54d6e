// Types for links.mjs, so TypeScript tests can import it.
export interface BrokenLink {
  from: string;
  url: string;
}
export declare function htmlReferences(html: string): string[];
export declare function cssReferences(css: string): string[];
export declare function underPrefix(pathname: string, prefixes: readonly string[]): boolean;
export declare function brokenLinks(
  publicDir: string,
  options?: { ignore?: readonly string[] },
): { checked: number; broken: BrokenLink[] };
