// Types for reactversions.mjs, so TypeScript tests can import it.
export interface ReactVersions {
  react: string[];
  reactDom: string[];
}
export function reactVersionsIn(source: string): ReactVersions;
export function reactMajorsIn(files: string[]): number[];
export function builtReactMajors(publicDir: string): {
  pages: Array<{ route: string; majors: number[] }>;
  admin: number[] | null;
};
