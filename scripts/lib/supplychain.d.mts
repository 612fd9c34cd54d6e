// Types for supplychain.mjs, so TypeScript tests can import it.
export interface Advisory {
  id: string;
  package: string;
  vulnerable: string;
  fixed: string;
  summary: string;
}
export interface AcceptedException {
  id: string;
  package: string;
  version: string;
  note: string;
}
export interface LockPackage {
  key: string;
  name: string;
  version?: string;
  resolved?: string;
  integrity?: string;
}
export declare const REGISTRY: string;
export declare function packageName(key: string): string;
export declare function lockPackages(lock: unknown): LockPackage[];
export declare function lockfileProblems(lock: unknown): string[];
export declare function advisoryFindings(
  lock: unknown,
  advisories: Advisory[],
  exceptions?: AcceptedException[],
): string[];
export declare function exceptionProblems(
  lock: unknown,
  advisories: Advisory[],
  exceptions: AcceptedException[],
): string[];
export declare function pinProblems(pkg: unknown, lock: unknown): string[];
export declare function nodeProblems(pkg: unknown, nvmrc: string | null): string[];
export declare function renovateProblems(config: unknown, minimumDays?: number): string[];
export declare const HOST_NODE_MAJORS: number[];
export declare function hostNodeProblems(
  pkg: unknown,
  hostToolsPkg: unknown,
  netlifyToml: string | null,
): string[];
