/**
 * The text of the files a listing shows, from wherever it costs GitHub least: what this session already read, the
 * deployed snapshot of the folder's published entries (contentSnapshot.ts; each text kept only when its sha is the
 * one GitHub lists), then GitHub's GraphQL API, a hundred blobs a query, and Decap's own one-file reader for what
 * GraphQL gives no text for (binary or very large files). No browser globals: its sources are passed in.
 */
import { gitBlobSha, type SnapshotEntry } from "./contentSnapshot";

/** A file as Decap's GitHub backend lists it (`id` is the blob's sha). */
export type ListedFile = {
  id: string;
  path: string;
  name?: string;
  type?: string;
  size?: number;
  label?: string;
};
export type LoadedEntry = { file: ListedFile; data: string };

export type ContentSources = {
  /** The deployed snapshot's entries for a folder, or null when there is none. */
  snapshot(folder: string): Promise<SnapshotEntry[] | null>;
  /** Blob texts by sha, at most GRAPHQL_BATCH per call; null where GitHub gives no text (binary, truncated). */
  blobs(shas: readonly string[]): Promise<ReadonlyMap<string, string | null>>;
  /** One file through Decap's REST reader. */
  readFile(file: ListedFile): Promise<string>;
  /** Whether an error is GitHub refusing for its limits, which must reach the editor as it is. */
  isRefusal(error: unknown): boolean;
};

/** Blobs asked for in one GraphQL query: one point each, whatever their number. */
export const GRAPHQL_BATCH = 100;
/** Files read one by one at once (Decap's own figure). */
const REST_AT_ONCE = 10;

async function inTurn<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

export function createFolderContents(sources: ContentSources) {
  /** Texts by blob sha: a sha names its bytes, so a text once read never goes stale. */
  const known = new Map<string, string>();
  const snapshots = new Map<string, Promise<number>>();
  const counts = { snapshot: 0, graphql: 0, rest: 0 };

  /** Takes a folder's snapshot once per session, keeping each text whose sha checks out. */
  function takeSnapshot(folder: string): Promise<number> {
    let taken = snapshots.get(folder);
    if (!taken) {
      taken = (async () => {
        const entries = (await sources.snapshot(folder).catch(() => null)) ?? [];
        const encoder = new TextEncoder();
        let kept = 0;
        for (const entry of entries) {
          if (known.has(entry.sha)) continue;
          if ((await gitBlobSha(encoder.encode(entry.text))) !== entry.sha) continue;
          known.set(entry.sha, entry.text);
          kept += 1;
        }
        return kept;
      })();
      snapshots.set(folder, taken);
    }
    return taken;
  }

  async function fromGraphql(shas: string[]): Promise<void> {
    const batches: string[][] = [];
    for (let i = 0; i < shas.length; i += GRAPHQL_BATCH)
      batches.push(shas.slice(i, i + GRAPHQL_BATCH));
    await inTurn(batches, 2, async (batch) => {
      try {
        const texts = await sources.blobs(batch);
        counts.graphql += 1;
        for (const [sha, text] of texts) if (text !== null) known.set(sha, text);
      } catch (error) {
        // A refusal stops the listing with GitHub's word; any other failure leaves these to the REST reader.
        if (sources.isRefusal(error)) throw error;
      }
    });
  }

  return {
    counts,
    /**
     * The entries of `files`, in their order. `folder` names the folder whose snapshot may be taken: a whole
     * folder is read that way; a page of a listing (a few files) is cheaper through one GraphQL query.
     * A file that cannot be read is left out, as Decap leaves it out; a refusal for GitHub's limits throws.
     */
    async read(files: readonly ListedFile[], folder: string | null): Promise<LoadedEntry[]> {
      if (folder !== null && files.some((file) => !known.has(file.id)))
        counts.snapshot += await takeSnapshot(folder);
      const missing = [...new Set(files.map((file) => file.id).filter((sha) => !known.has(sha)))];
      if (missing.length > 0) await fromGraphql(missing);
      const failed = new Set<string>();
      const rest = files.filter(
        (file, i) => !known.has(file.id) && files.findIndex((f) => f.id === file.id) === i,
      );
      await inTurn(rest, REST_AT_ONCE, async (file) => {
        try {
          known.set(file.id, await sources.readFile(file));
          counts.rest += 1;
        } catch (error) {
          if (sources.isRefusal(error)) throw error;
          console.error(`The admin could not read ${file.path} from GitHub:`, error);
          failed.add(file.id);
        }
      });
      return files
        .filter((file) => !failed.has(file.id) && known.has(file.id))
        .map((file) => ({ file, data: known.get(file.id) ?? "" }));
    },
  };
}

export type FolderContents = ReturnType<typeof createFolderContents>;

/** GitHub's GraphQL endpoint for a REST api_root: /graphql beside api.github.com, /api/graphql on GitHub Enterprise. */
export function graphqlEndpoint(apiRoot: string): string {
  const root = apiRoot.replace(/\/+$/, "");
  return /\/api\/v3$/.test(root) ? root.replace(/\/v3$/, "/graphql") : `${root}/graphql`;
}

/** One query for many blobs' text by sha (each an alias); shas are checked as hex, never pasted raw. */
export function blobsRequest(
  repo: string,
  shas: readonly string[],
): { query: string; variables: { owner: string; name: string } } {
  const [owner = "", name = ""] = repo.split("/");
  const fields = shas.map((sha, i) => {
    if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error(`Not a blob sha: ${sha}`);
    return `b${i}: object(oid: "${sha}") { ... on Blob { text isBinary isTruncated } }`;
  });
  return {
    query: `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ${fields.join(" ")} } }`,
    variables: { owner, name },
  };
}

/** The texts a blobsRequest's answer carries, by sha; null for a blob GitHub gave no text for. */
export function blobsOf(shas: readonly string[], answer: unknown): Map<string, string | null> {
  const repository = (answer as { data?: { repository?: Record<string, unknown> | null } } | null)
    ?.data?.repository;
  if (!repository) throw new Error("GitHub's GraphQL answer has no repository.");
  const texts = new Map<string, string | null>();
  shas.forEach((sha, i) => {
    const blob = repository[`b${i}`] as
      { text?: unknown; isBinary?: unknown; isTruncated?: unknown } | null | undefined;
    const usable = blob && typeof blob.text === "string" && blob.isTruncated !== true;
    texts.set(sha, usable ? (blob.text as string) : null);
  });
  return texts;
}

/**
 * What a whole-collection listing needs of a Markdown file: its front matter, without the body. Sorting, filters,
 * summaries, search (title and summary fields) and relation widgets read front matter only, and Decap parses every
 * listed file on each listing, so a 5,000-post blog parses a sixth of the text. Opening an entry reads its whole
 * file again (Decap's getEntry), so the body is never saved from a listing. Anything else is kept whole.
 */
export function listingText(text: string): string {
  const open = /^---\r?\n/.exec(text);
  if (!open) return text;
  const close = /\r?\n---[ \t]*(?:\r?\n|$)/.exec(text.slice(open[0].length));
  if (!close) return text;
  return text.slice(0, open[0].length + close.index + close[0].length);
}
