// The parts of Decap's GitHub backend and its utility package the admin's bulk backend (src/cms/bulkBackend.ts)
// builds on. Both come from decap-cms-app's own dependencies (the admin's bundler resolves them there), and
// neither ships types.

declare module "decap-cms-lib-util" {
  export const CURSOR_COMPATIBILITY_SYMBOL: unique symbol;
  export const unsentRequest: { performRequest(request: unknown): Promise<Response> };
  export const localForage: {
    getItem<T>(key: string): Promise<T | null>;
    setItem<T>(key: string, value: T): Promise<T>;
  };
  export function filterByExtension(file: { path: string }, extension: string): boolean;
  export class APIError extends Error {
    constructor(message: string, status: number, api: string, meta?: Record<string, unknown>);
    status: number;
  }
}

declare module "decap-cms-backend-github" {
  type Immutable = { get(key: string): unknown; toJS(): unknown };
  export type DecapCursor = { meta: Immutable | null; data: Immutable | null };
  export type DecapFile = {
    id: string;
    path: string;
    name?: string;
    type?: string;
    size?: number;
    label?: string;
  };
  export type DecapEntry = { file: DecapFile; data: string };

  /** Decap's REST client for one repository (API.ts). */
  export interface GitHubApi {
    branch: string;
    originRepoURL: string;
    repoURL: string;
    /** What requestWithBackoff sends a request with (its own fetch when unset). */
    requestFunction?: (request: unknown) => Promise<Response>;
    request(
      path: string,
      options?: Record<string, unknown>,
      parser?: (response: Response) => Promise<unknown>,
    ): Promise<unknown>;
    readFile(
      path: string,
      sha?: string | null,
      options?: { branch?: string; repoURL?: string; parseText?: boolean },
    ): Promise<string | Blob>;
  }

  export class GitHubBackend {
    constructor(config: unknown, options?: unknown);
    api: GitHubApi | null;
    token: string;
    tokenKeyword: string;
    apiRoot: string;
    originRepo: string;
    getCursorAndFiles(
      files: DecapFile[],
      page: number,
    ): { cursor: DecapCursor; files: DecapFile[] };
    entriesByFolder(folder: string, extension: string, depth: number): Promise<DecapEntry[]>;
    allEntriesByFolder(
      folder: string,
      extension: string,
      depth: number,
      pathRegex?: RegExp,
    ): Promise<DecapEntry[]>;
    entriesByFiles(files: DecapFile[]): Promise<DecapEntry[]>;
    persistEntry(entry: unknown, options: { unpublished?: boolean }): Promise<unknown>;
    /** Logs in with a token (and restores a stored login): the user Decap keeps, without GitHub's avatar_url. */
    authenticate(state: { token: string }): Promise<{ token: string } & Record<string, unknown>>;
    /** GitHub's whole profile of the token's user (GET /user), fetched once and kept. */
    currentUser(args: { token: string }): Promise<Record<string, unknown>>;
    traverseCursor(
      cursor: DecapCursor,
      action: string,
    ): Promise<{ entries: DecapEntry[]; cursor: DecapCursor }>;
  }
}
