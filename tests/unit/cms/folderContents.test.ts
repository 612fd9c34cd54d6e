// @vitest-environment node
// The admin's reader of a folder's files: each text from the cheapest place (this session, the deployed snapshot
// checked by blob sha, GraphQL a hundred at a time, Decap's one-file reader last), refusals for GitHub's limits
// passed on, and nothing it could not read made up.
import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { gitBlobSha, parseSnapshot, snapshotPath } from "../../../src/cms/contentSnapshot";
import {
  blobsOf,
  blobsRequest,
  createFolderContents,
  graphqlEndpoint,
  GRAPHQL_BATCH,
  type ContentSources,
} from "../../../src/cms/folderContents";

const encoder = new TextEncoder();
const sha = (text: string) => gitBlobSha(encoder.encode(text));

async function files(count: number, prefix = "post") {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const text = `---\ntitle: ${prefix} ${i}\n---\nBody ${i}\n`;
      return {
        file: { id: await sha(text), path: `content/blog/${prefix}-${i}/index.md` },
        text,
      };
    }),
  );
}

function sources(overrides: Partial<ContentSources> = {}) {
  const calls = { snapshot: [] as string[], blobs: [] as string[][], readFile: [] as string[] };
  const all: ContentSources = {
    snapshot: async (folder) => {
      calls.snapshot.push(folder);
      return null;
    },
    blobs: async (shas) => {
      calls.blobs.push([...shas]);
      return new Map(shas.map((s) => [s, null]));
    },
    readFile: async (file) => {
      calls.readFile.push(file.path);
      throw new Error("no REST in this test");
    },
    isRefusal: (error) => error instanceof Error && error.message.startsWith("GitHub has paused"),
    ...overrides,
  };
  return { calls, sources: all };
}

describe("gitBlobSha", () => {
  it("is the sha git gives the same bytes", async () => {
    const text = "---\ntitle: Café ✓\n---\nBody\n";
    const git = execFileSync("git", ["hash-object", "--stdin"], { input: text }).toString().trim();
    expect(await sha(text)).toBe(git);
  });
});

describe("a folder's files", () => {
  it("takes a whole folder from the snapshot, keeping only texts whose sha is the one GitHub lists", async () => {
    const posts = await files(3);
    const { calls, sources: s } = sources({
      snapshot: async (folder) => {
        calls.snapshot.push(folder);
        return [
          { path: posts[0]!.file.path, sha: posts[0]!.file.id, text: posts[0]!.text },
          // A stale or tampered text under a sha it does not hash to is never believed.
          { path: posts[1]!.file.path, sha: posts[1]!.file.id, text: "tampered" },
        ];
      },
      blobs: async (shas) => {
        calls.blobs.push([...shas]);
        return new Map(shas.map((s) => [s, posts.find((p) => p.file.id === s)!.text]));
      },
    });
    const contents = createFolderContents(s);
    const read = await contents.read(
      posts.map((p) => p.file),
      "content/blog",
    );
    expect(read.map((entry) => entry.data)).toEqual(posts.map((p) => p.text));
    expect(calls.blobs).toEqual([[posts[1]!.file.id, posts[2]!.file.id]]);
    // A second read asks nobody: a sha names its bytes for good.
    await contents.read(
      posts.map((p) => p.file),
      "content/blog",
    );
    expect(calls.snapshot).toEqual(["content/blog"]);
    expect(calls.blobs).toHaveLength(1);
  });

  it("asks GraphQL a hundred blobs a query, never the snapshot for a page of a listing", async () => {
    const posts = await files(GRAPHQL_BATCH * 2 + 5);
    const { calls, sources: s } = sources({
      blobs: async (shas) => {
        calls.blobs.push([...shas]);
        return new Map(shas.map((s) => [s, posts.find((p) => p.file.id === s)!.text]));
      },
    });
    const read = await createFolderContents(s).read(
      posts.map((p) => p.file),
      null,
    );
    expect(read).toHaveLength(posts.length);
    expect(calls.blobs.map((batch) => batch.length)).toEqual([GRAPHQL_BATCH, GRAPHQL_BATCH, 5]);
    expect(calls.snapshot).toEqual([]);
  });

  it("reads what GraphQL gives no text for one by one, and leaves out a file nobody could read", async () => {
    const posts = await files(3);
    const { calls, sources: s } = sources({
      readFile: async (file) => {
        calls.readFile.push(file.path);
        if (file.path === posts[2]!.file.path) throw new Error("404 Not Found");
        return posts.find((p) => p.file.path === file.path)!.text;
      },
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const read = await createFolderContents(s).read(
      posts.map((p) => p.file),
      null,
    );
    expect(read.map((entry) => entry.file.path)).toEqual([
      posts[0]!.file.path,
      posts[1]!.file.path,
    ]);
    expect(calls.readFile).toHaveLength(3);
  });

  it("passes GitHub's refusal on instead of reading around it", async () => {
    const posts = await files(2);
    const { calls, sources: s } = sources({
      blobs: async () => {
        throw new Error("GitHub has paused this account's requests");
      },
    });
    await expect(
      createFolderContents(s).read(
        posts.map((p) => p.file),
        null,
      ),
    ).rejects.toThrow(/GitHub has paused/);
    expect(calls.readFile).toEqual([]);
  });
});

describe("GraphQL", () => {
  it("asks for each blob by sha under an alias, the repository as variables", () => {
    const shas = ["a".repeat(40), "b".repeat(40)];
    const request = blobsRequest("acme/site", shas);
    expect(request.variables).toEqual({ owner: "acme", name: "site" });
    expect(request.query).toContain(`b1: object(oid: "${"b".repeat(40)}")`);
    expect(() => blobsRequest("acme/site", ['") { x } #'])).toThrow(/Not a blob sha/);
    const texts = blobsOf(shas, {
      data: {
        repository: { b0: { text: "one", isTruncated: false }, b1: { text: null, isBinary: true } },
      },
    });
    expect([...texts]).toEqual([
      [shas[0], "one"],
      [shas[1], null],
    ]);
  });

  it("finds the endpoint beside api.github.com and on GitHub Enterprise Server", () => {
    expect(graphqlEndpoint("https://api.github.com")).toBe("https://api.github.com/graphql");
    expect(graphqlEndpoint("https://git.example.com/api/v3/")).toBe(
      "https://git.example.com/api/graphql",
    );
  });
});

describe("snapshots", () => {
  it("live beside the admin by folder, and a page that is not one is not read as one", () => {
    expect(snapshotPath("content/blog")).toBe("snapshots/content/blog.json");
    expect(
      parseSnapshot({ version: 1, folder: "content/tags", entries: [] }, "content/blog"),
    ).toBeNull();
    expect(parseSnapshot("<!doctype html>", "content/blog")).toBeNull();
    expect(
      parseSnapshot(
        {
          version: 1,
          folder: "content/blog",
          entries: [{ path: "a", sha: "b", text: "c" }, { path: 1 }],
        },
        "content/blog",
      )?.entries,
    ).toEqual([{ path: "a", sha: "b", text: "c" }]);
  });
});
