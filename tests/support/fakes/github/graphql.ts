// The fake GitHub's GraphQL endpoint (POST /graphql): the part of GitHub's schema the admin reads (a repository's
// git objects by oid or by `branch:path` expression, blobs' text, trees' entries, the rate limit), executed by
// graphql-js against the same bare repository as the REST routes.
import { buildSchema, graphql, GraphQLError, parse, validate, type DocumentNode } from "graphql";
import type { RepoState } from "./routes";

const schema = buildSchema(`
  scalar GitObjectID

  type Query {
    repository(owner: String!, name: String!): Repository
    rateLimit: RateLimit
  }

  type RateLimit {
    cost: Int!
    limit: Int!
    remaining: Int!
    used: Int!
    resetAt: String!
  }

  type Repository {
    name: String!
    nameWithOwner: String!
    object(oid: GitObjectID, expression: String): GitObject
  }

  interface GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
  }

  type Blob implements GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
    byteSize: Int!
    isBinary: Boolean
    isTruncated: Boolean!
    text: String
  }

  type Tree implements GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
    entries: [TreeEntry!]
  }

  type TreeEntry {
    name: String!
    path: String
    type: String!
    oid: GitObjectID!
    object: GitObject
  }

  type Commit implements GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
    message: String!
  }
`);

/** Blobs larger than this come back with isTruncated and no text, as GitHub truncates large blobs. */
export const TEXT_LIMIT = 512 * 1024;

type GitObject =
  | { __typename: "Blob"; oid: string; bytes: Buffer }
  | { __typename: "Tree"; oid: string; spec: string }
  | { __typename: "Commit"; oid: string };

type Stored = { sha: string; type: string; bytes: Buffer };
type Context = {
  repo: RepoState;
  rateLimit: () => Record<string, unknown>;
  /** Reads an object by name; the names asked for in one tick go to git together. */
  read: (name: string) => Promise<Stored | null>;
};

/** A reader that sends every name asked for before the next turn of the event loop to one `git cat-file`. */
export function batchedReader(repo: RepoState): Context["read"] {
  let queue: Array<{
    name: string;
    done: (found: Stored | null) => void;
    fail: (e: unknown) => void;
  }> = [];
  return (name) =>
    new Promise((done, fail) => {
      if (queue.length === 0)
        setImmediate(() => {
          const asked = queue;
          queue = [];
          repo.git.readObjects(asked.map((one) => one.name)).then(
            (found) => asked.forEach((one, i) => one.done(found[i] ?? null)),
            (error: unknown) => asked.forEach((one) => one.fail(error)),
          );
        });
      queue.push({ name, done, fail });
    });
}

async function load(context: Context, spec: string): Promise<GitObject | null> {
  // A name with a line break would be two names to git.
  if (/[\r\n]/.test(spec)) return null;
  const found = await context.read(spec);
  if (!found) return null;
  if (found.type === "blob") return { __typename: "Blob", oid: found.sha, bytes: found.bytes };
  if (found.type === "tree") return { __typename: "Tree", oid: found.sha, spec: found.sha };
  if (found.type === "commit") return { __typename: "Commit", oid: found.sha };
  return null;
}

const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0);

const rootValue = {
  repository: ({ owner, name }: { owner: string; name: string }, context: Context) => {
    const { repo } = context;
    if (owner.toLowerCase() !== repo.owner.toLowerCase() || name !== repo.name)
      throw new GraphQLError(
        `Could not resolve to a Repository with the name '${owner}/${name}'.`,
        {
          extensions: { type: "NOT_FOUND" },
        },
      );
    return {
      name: repo.name,
      nameWithOwner: `${repo.owner}/${repo.name}`,
      object: async ({ oid, expression }: { oid?: string; expression?: string }) => {
        const spec = oid ?? expression;
        if (!spec) return null;
        const found = await load(context, spec);
        if (!found) return null;
        if (found.__typename === "Blob") {
          const binary = isBinary(found.bytes);
          const truncated = !binary && found.bytes.length > TEXT_LIMIT;
          return {
            ...found,
            abbreviatedOid: found.oid.slice(0, 7),
            byteSize: found.bytes.length,
            isBinary: binary,
            isTruncated: truncated,
            text: binary || truncated ? null : found.bytes.toString("utf8"),
          };
        }
        if (found.__typename === "Tree")
          return {
            ...found,
            abbreviatedOid: found.oid.slice(0, 7),
            entries: async () => {
              const listed = await repo.git.listTree(found.spec, false);
              return (listed?.entries ?? []).map((entry) => ({
                name: entry.path,
                path: entry.path,
                type: entry.type,
                oid: entry.sha,
                object: () => load(context, entry.sha),
              }));
            },
          };
        return { ...found, abbreviatedOid: found.oid.slice(0, 7), message: "" };
      },
    };
  },
  rateLimit: (_args: unknown, context: Context) => context.rateLimit(),
};

export type GraphqlRequest = { document: DocumentNode; source: string } | { errors: string[] };

/** Parses and validates a request body's query, as GitHub does before it charges anything. */
export function parseRequest(body: Record<string, unknown>): GraphqlRequest {
  const source = typeof body["query"] === "string" ? body["query"] : "";
  if (!source) return { errors: ["A query attribute must be specified and must be a string."] };
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch (error) {
    return { errors: [(error as Error).message] };
  }
  const problems = validate(schema, document);
  if (problems.length > 0) return { errors: problems.map((problem) => problem.message) };
  return { document, source };
}

/**
 * A query's cost in points, by GitHub's formula: the requests its connections need (each `first`/`last` times
 * those of the connections around it), divided by 100 and rounded, and at least 1. This schema has no
 * connections (a tree's entries and a repository's objects are plain fields), so every query costs 1.
 */
export const queryCost = (): number => 1;

/** Runs a validated query; GitHub answers 200 with `errors` beside `data` when a field fails. */
export async function execute(
  request: { source: string },
  variables: unknown,
  context: Context,
): Promise<Record<string, unknown>> {
  const result = await graphql({
    schema,
    source: request.source,
    rootValue,
    contextValue: context,
    variableValues:
      variables && typeof variables === "object" ? (variables as Record<string, unknown>) : {},
  });
  return JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
}
