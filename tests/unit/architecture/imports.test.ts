// Imports in src/ run one way: the graph of relative imports (type-only, re-exports and dynamic
// `import()` included) has no cycle, between files nor between the top-level folders of src/ (once
// `forms/` imports `providers/`, nothing in `providers/` imports `forms/`). A cycle means two modules
// each need the other, so neither can be read, tested or moved alone; the fix is to move what both need
// into a third module they both import. Also: a few one-way boundaries (BOUNDARIES: the build loads the
// functions' path list, never their handlers; the server never loads src/forms/; browser code never
// loads the build's src/gatsby/). A cycle belongs to the
// whole graph, which an ESLint rule (one file at a time) does not see, so this stays a test; the per-file
// rules (theme from the module, named chunks, 300 lines at most) are ESLint rules an editor shows
// (eslint.config.mjs, eslint-rules/).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../../..");
const src = path.join(root, "src");
const extensions = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return extensions.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The file a relative specifier names (`./a` → `./a.ts`, `./a.tsx` or `./a/index.ts[x]`), if it is in src/. */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...extensions.map((ext) => base + ext),
    ...extensions.map((ext) => path.join(base, "index" + ext)),
  ];
  return candidates.find((candidate) => files.has(candidate));
}

/** Every module each file imports: `import`, `import type`, `export … from` and `import()`. */
export function importGraph(
  files: readonly string[],
  read = (file: string) => readFileSync(file, "utf8"),
) {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(read(file), true, true);
    const targets = importedFiles
      .map((entry) => resolve(file, entry.fileName, known))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** Each strongly connected group of two or more modules (or one importing itself), as one cycle path. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm: every cycle lies inside one strongly connected component.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = graph.get(node)?.includes(node) ?? false;
      if (component.length > 1 || selfImport) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  // Report one concrete loop per component: the shortest way back to its first member.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    const seen = new Set([start]);
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const loop = [node];
          while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!);
          return [...loop, start];
        }
        if (!seen.has(next)) {
          seen.add(next);
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return [start, start];
  });
}

const relative = (file: string) => path.relative(root, file);

/** Cycles that are known and being removed elsewhere; an entry is a cycle's files, in the order reported. */
const KNOWN_FILE_CYCLES: string[] = [];

/**
 * Folder pairs that still import each other. Chrome in components/ (the footer) holds the newsletter
 * form, while forms use the components' primitives (Button).
 */
const KNOWN_FOLDER_PAIRS = ["components ⇄ forms"];

/** Each pair of src/'s top-level folders that import each other, with the files that do it. */
function foldersImportingEachOther(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const folder = (file: string) => path.relative(src, file).split(path.sep)[0]!;
  const edges = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      if (folder(target) === folder(file)) continue;
      const key = `${folder(file)} → ${folder(target)}`;
      edges.set(key, [...(edges.get(key) ?? []), `${relative(file)} → ${relative(target)}`]);
    }
  }
  const pairs = new Set<string>();
  for (const key of edges.keys()) {
    const [from, to] = key.split(" → ") as [string, string];
    if (from < to && edges.has(`${to} → ${from}`)) pairs.add(`${from} ⇄ ${to}`);
  }
  return [...pairs]
    .filter((pair) => !KNOWN_FOLDER_PAIRS.includes(pair))
    .map((pair) => {
      const [from, to] = pair.split(" ⇄ ") as [string, string];
      const files = [...edges.get(`${from} → ${to}`)!, ...edges.get(`${to} → ${from}`)!];
      return `${pair}: ${files.join(", ")}`;
    });
}

/** The modules a file loads, itself excluded: everything its imports import, all the way down. */
function reachable(graph: ReadonlyMap<string, readonly string[]>, file: string): string[] {
  const seen = new Set<string>();
  const queue = [...(graph.get(file) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (next === file || seen.has(next)) continue;
    seen.add(next);
    queue.push(...(graph.get(next) ?? []));
  }
  return [...seen].sort();
}

/**
 * A one-way boundary: no file under one of `from` (folders of src/) loads a module under `to`, directly
 * or through other modules, except those named in `allow`.
 */
type Boundary = { from: string[]; to: string; allow?: string[]; why: string };

export const BOUNDARIES: Boundary[] = [
  {
    // The build's header step lists the functions' paths; loading the handlers would pull in every
    // upstream client and the PostgreSQL driver at build time.
    from: ["gatsby", "security"],
    to: "server",
    allow: ["server/functionPaths.ts", "server/nonPagePaths.ts"],
    why: "the build reads the functions' plain path list (and the paths no page may claim), never their handlers",
  },
  {
    // What the server shares with the forms (payload schemas, endpoints) lives in src/leads/.
    from: ["server", "leads"],
    to: "forms",
    why: "the functions never load the UI's form definitions",
  },
  {
    // src/gatsby/ runs in Node at build time (fs, esbuild, worker threads); what the browser runs at start-up
    // (the entry, hydration, the after-paint loader, task scheduling) lives in src/runtime/.
    from: [
      "runtime",
      "components",
      "sections",
      "views",
      "templates",
      "pages",
      "forms",
      "providers",
      "hooks",
      "clients",
      "styles",
      "cms",
    ],
    to: "gatsby",
    why: "browser code never loads the build's modules; its start-up code is in src/runtime/",
  },
];

/** Each file that crosses a boundary, with the first module across it that it loads. */
export function boundaryViolations(
  graph: ReadonlyMap<string, readonly string[]>,
  boundaries: readonly Boundary[],
  base = src,
): string[] {
  const under = (file: string, folder: string) =>
    path.relative(base, file).split(path.sep).join("/").startsWith(`${folder}/`);
  const named = (file: string) => path.relative(base, file).split(path.sep).join("/");
  return boundaries.flatMap((boundary) =>
    [...graph.keys()]
      .filter((file) => boundary.from.some((folder) => under(file, folder)))
      .flatMap((file) => {
        const crossing = reachable(graph, file).filter(
          (target) => under(target, boundary.to) && !(boundary.allow ?? []).includes(named(target)),
        );
        const shown = crossing.slice(0, 3).map(named).join(", ");
        const more = crossing.length > 3 ? ` and ${crossing.length - 3} more` : "";
        return crossing.length === 0
          ? []
          : [`${named(file)} loads ${shown}${more} (${boundary.why})`];
      }),
  );
}

describe("imports in src/", () => {
  it("finds a planted cycle (so a pass below means something)", () => {
    const files = ["/p/a.ts", "/p/b.tsx", "/p/c/index.ts", "/p/d.ts"];
    const text: Record<string, string> = {
      "/p/a.ts": 'import { b } from "./b";\nimport x from "react";',
      "/p/b.tsx": 'import type { C } from "./c";',
      "/p/c/index.ts": 'export { a } from "../a";',
      "/p/d.ts": 'const a = () => import("./a");',
    };
    const cycles = findCycles(importGraph(files, (file) => text[file]!));
    expect(cycles).toEqual([["/p/a.ts", "/p/b.tsx", "/p/c/index.ts", "/p/a.ts"]]);
  });

  it("finds a planted boundary crossing, direct or through another module", () => {
    const graph = new Map([
      ["/p/gatsby/a.ts", ["/p/data/b.ts"]],
      ["/p/data/b.ts", ["/p/server/functions.ts"]],
      ["/p/security/c.ts", ["/p/server/functionPaths.ts"]],
      ["/p/server/functions.ts", ["/p/forms/form.ts"]],
      ["/p/server/functionPaths.ts", []],
      ["/p/forms/form.ts", []],
      ["/p/runtime/entry.ts", ["/p/runtime/tasks.ts"]],
      ["/p/runtime/tasks.ts", ["/p/gatsby/a.ts"]],
    ]);
    expect(boundaryViolations(graph, BOUNDARIES, "/p").map((line) => line.split(" (")[0])).toEqual([
      "gatsby/a.ts loads server/functions.ts",
      "server/functions.ts loads forms/form.ts",
      "runtime/entry.ts loads gatsby/a.ts",
      "runtime/tasks.ts loads gatsby/a.ts",
    ]);
  });

  const graph = importGraph(sourceFiles(src));

  it("keeps the one-way boundaries: build → function paths only, server → no forms, browser → no build", () => {
    const report = boundaryViolations(graph, BOUNDARIES);
    expect(report, `imports across a boundary:\n${report.join("\n")}`).toEqual([]);
  });

  it("has no import cycle between files", () => {
    const report = findCycles(graph)
      .map((cycle) => cycle.map(relative).join(" → "))
      .filter((cycle) => !KNOWN_FILE_CYCLES.includes(cycle));
    expect(report, `import cycles in src/:\n${report.join("\n")}`).toEqual([]);
  });

  it("has no import cycle between the top-level folders of src/", () => {
    const report = foldersImportingEachOther(graph);
    expect(report, `folders of src/ that import each other:\n${report.join("\n")}`).toEqual([]);
  });
});
