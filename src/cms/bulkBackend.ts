/**
 * Decap's github backend with listings whose GitHub calls do not grow with the content (docs/cms.md, "The admin at
 * 5,000 posts"). Decap reads a folder's tree, then each listed file and its last commit, one request each, and
 * sorting, filtering, searching and the relation widgets read every file of a collection. Here a folder costs its
 * tree (a conditional request, free when unchanged) and the files' text comes from folderContents.ts (the deployed
 * snapshot, then GraphQL a hundred at a time); the last-commit request goes, as nothing in this site's config reads
 * it (no commit_date or commit_author in sortable fields or summaries). GitHub's refusals for its rate limits reach
 * the editor at once, in words (githubLimits.ts), instead of Decap's silent pause of up to an hour.
 */
import {
  GitHubBackend,
  type DecapCursor,
  type DecapEntry,
  type DecapFile,
  type GitHubApi,
} from "decap-cms-backend-github";
import {
  APIError,
  CURSOR_COMPATIBILITY_SYMBOL,
  filterByExtension,
  localForage,
  unsentRequest,
} from "decap-cms-lib-util";
import { parseSnapshot, snapshotPath } from "./contentSnapshot";
import {
  blobsOf,
  blobsRequest,
  createFolderContents,
  graphqlEndpoint,
  listingText,
  type FolderContents,
  type ListedFile,
} from "./folderContents";
import { limitRefusal } from "./githubLimits";

/** GitHub refused for its rate limits; the message says when to try again. */
export class GitHubLimitError extends Error {}

/** The message of a refusal for GitHub's limits, read off a response, or null. */
async function refusalOf(response: Response): Promise<string | null> {
  if (response.status !== 403 && response.status !== 429) return null;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { message?: unknown };
  const message = typeof body.message === "string" ? body.message : "";
  return limitRefusal(response.status, response.headers, message)?.message ?? null;
}

const isRefusal = (error: unknown) =>
  error instanceof GitHubLimitError ||
  (error instanceof Error && /^GitHub (has paused|asked the admin)/.test(error.message));

/**
 * Decap's request function for `api`, with GitHub's rate-limit refusals turned into a 403 whose message says when
 * to try again: Decap then reports it at once (a failed save keeps the editor open) instead of pausing.
 */
function sayRefusals(api: GitHubApi): void {
  api.requestFunction = async (request) => {
    const response = await unsentRequest.performRequest(request);
    const message = await refusalOf(response);
    if (message === null) return response;
    return new Response(JSON.stringify({ message }), {
      status: 403,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  };
}

type Tree = { etag: string; files: ListedFile[] };

export class BulkGitHubBackend extends GitHubBackend {
  private readonly contents: FolderContents;
  private readonly trees = new Map<string, Tree>();

  constructor(config: unknown, options?: unknown) {
    super(config, options);
    // Decap makes its API client when the editor logs in (authenticate); every client it makes says refusals.
    let api = this.api;
    Object.defineProperty(this, "api", {
      configurable: true,
      enumerable: true,
      get: () => api,
      set: (value: GitHubApi | null) => {
        api = value;
        if (value) sayRefusals(value);
      },
    });
    this.contents = createFolderContents({
      snapshot: async (folder) => {
        const response = await fetch(new URL(snapshotPath(folder), document.baseURI));
        if (!response.ok) return null;
        return parseSnapshot(await response.json(), folder)?.entries ?? null;
      },
      blobs: (shas) => this.graphqlBlobs(shas),
      readFile: async (file) =>
        String(
          await this.client().readFile(file.path, file.id, {
            repoURL: this.client().originRepoURL,
          }),
        ),
      isRefusal,
    });
  }

  private client(): GitHubApi {
    if (!this.api) throw new Error("The admin is not logged in to GitHub.");
    return this.api;
  }

  private async graphqlBlobs(shas: readonly string[]) {
    const response = await fetch(graphqlEndpoint(this.apiRoot), {
      method: "POST",
      cache: "no-store",
      headers: {
        Authorization: `${this.tokenKeyword} ${this.token}`,
        "Content-Type": "application/json; charset=utf-8",
      },
      body: JSON.stringify(blobsRequest(this.originRepo, shas)),
    });
    const refusal = await refusalOf(response);
    if (refusal !== null) throw new GitHubLimitError(refusal);
    if (!response.ok) throw new Error(`GitHub's GraphQL API answered ${response.status}.`);
    return blobsOf(shas, await response.json());
  }

  /**
   * A folder's files as Decap lists them, from its tree on the branch: a request with the tree's last entity tag,
   * which GitHub answers 304 without charging it when nothing changed. The last tree is kept in this browser for
   * the next visit.
   */
  private async listFolder(folder: string, depth: number): Promise<ListedFile[]> {
    const api = this.client();
    const path = folder.replace(/^\/+|\/+$/g, "");
    const key = `bulk-tree:${this.originRepo}:${api.branch}:${path}:${depth}`;
    const last =
      this.trees.get(key) ?? (await localForage.getItem<Tree>(key).catch(() => null)) ?? null;
    let answer: Tree | "unchanged";
    try {
      answer = (await api.request(
        `${api.originRepoURL}/git/trees/${api.branch}:${path}`,
        {
          params: depth > 1 ? { recursive: 1 } : {},
          cache: "no-store",
          headers: last ? { "If-None-Match": last.etag } : {},
        },
        async (response) => {
          if (response.status === 304 && last) return "unchanged";
          const body = (await response.json()) as {
            message?: string;
            tree?: Array<{ path: string; type: string; sha: string; size?: number }>;
          };
          if (!response.ok) throw new APIError(body.message ?? "", response.status, "GitHub");
          const files = (body.tree ?? [])
            .filter((file) => file.type === "blob" && file.path.split("/").length <= depth)
            .map((file) => ({
              type: file.type,
              id: file.sha,
              name: file.path.slice(file.path.lastIndexOf("/") + 1),
              path: `${path}/${file.path}`,
              size: file.size ?? 0,
            }));
          return { etag: response.headers.get("ETag") ?? "", files } satisfies Tree;
        },
      )) as Tree | "unchanged";
    } catch (error) {
      // No such folder yet: an empty collection, as Decap reads it.
      if ((error as { status?: number }).status === 404) return [];
      throw error;
    }
    if (answer === "unchanged" && last) {
      this.trees.set(key, last);
      return last.files;
    }
    const tree = answer as Tree;
    this.trees.set(key, tree);
    if (tree.etag) await localForage.setItem(key, tree).catch(() => undefined);
    return tree.files;
  }

  override async entriesByFolder(folder: string, extension: string, depth: number) {
    const files = (await this.listFolder(folder, depth)).filter((file) =>
      filterByExtension(file, extension),
    );
    const page = this.getCursorAndFiles(files as DecapFile[], 1);
    const entries = (await this.contents.read(page.files, null)) as DecapEntry[] & {
      [CURSOR_COMPATIBILITY_SYMBOL]?: DecapCursor;
    };
    entries[CURSOR_COMPATIBILITY_SYMBOL] = page.cursor;
    return entries;
  }

  override async allEntriesByFolder(
    folder: string,
    extension: string,
    depth: number,
    pathRegex?: RegExp,
  ) {
    const files = (await this.listFolder(folder, depth)).filter(
      (file) => (!pathRegex || pathRegex.test(file.path)) && filterByExtension(file, extension),
    );
    const out = (await this.contents.read(files, folder)).map((entry) => ({
      file: entry.file,
      data: listingText(entry.data),
    })) as DecapEntry[];
    return out;
  }

  override async traverseCursor(cursor: DecapCursor, action: string) {
    const files = ((cursor.data?.get("files") as { toJS(): DecapFile[] } | undefined)?.toJS() ??
      []) as DecapFile[];
    const page = Number(cursor.meta?.get("page") ?? 1);
    const pages = Number(cursor.meta?.get("pageCount") ?? 1);
    const target =
      { first: 1, last: pages, next: page + 1, prev: page - 1 }[action as "first"] ?? 1;
    const result = this.getCursorAndFiles(files, target);
    return {
      entries: (await this.contents.read(result.files, null)) as DecapEntry[],
      cursor: result.cursor,
    };
  }

  /** A files collection's files (site settings): each one's text, without Decap's last-commit request. */
  override async entriesByFiles(files: DecapFile[]) {
    const api = this.client();
    return Promise.all(
      files.map(async (file) => {
        try {
          const data = await api.readFile(file.path, null, { repoURL: api.originRepoURL });
          return { file, data: String(data) };
        } catch (error) {
          if (isRefusal(error)) throw error;
          return { file, data: "" };
        }
      }),
    );
  }

  /**
   * Saves an entry. Decap keeps a failed first save of a draft in its state as if the draft existed, so the next
   * Save updates a branch GitHub never got and fails with "Not Found" (compare answers 404) until the page is
   * reloaded: that Save makes the draft instead. A refusal for GitHub's limits fails a first save this way.
   */
  override async persistEntry(entry: unknown, options: { unpublished?: boolean }) {
    try {
      return await super.persistEntry(entry, options);
    } catch (error) {
      if (options.unpublished && (error as { status?: number }).status === 404)
        return super.persistEntry(entry, { ...options, unpublished: false });
      throw error;
    }
  }

  /**
   * The editor's avatar in the header: Decap keeps the name, login and e-mail of GitHub's profile but drops its
   * `avatar_url`, which the header shows (the admin's img-src allows GitHub's avatar host). The profile is the one
   * Decap already fetched while logging in (currentUser keeps it), so this costs no request.
   */
  override async authenticate(state: { token: string }) {
    const user = await super.authenticate(state);
    const { avatar_url: avatar } = await this.currentUser({ token: user.token });
    return typeof avatar === "string" ? { ...user, avatar_url: avatar } : user;
  }
}
