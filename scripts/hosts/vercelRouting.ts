// Routes a request through a Build Output API v3 `config.json` the way Vercel's edge does, for the rehearsal.
//
// Only what the site's output uses: the phases split by `handle` (none, filesystem, miss, error), `src`
// matched case-insensitively against the path, `has` on headers, `continue` routes that add headers,
// `dest` rewrites with `$n` groups and `check`, `status` (redirects with `Location`, bare statuses) and
// the error phase's 404 page. A path with a trailing slash finds its folder's index.html or the function
// of the same name without the slash, as Vercel does with `trailingSlash: true`.

export type RouteHas = { type: string; key?: string; value?: string };

export type Route = {
  src?: string;
  dest?: string;
  headers?: Record<string, string>;
  continue?: boolean;
  status?: number;
  check?: boolean;
  has?: RouteHas[];
  missing?: RouteHas[];
  methods?: string[];
  handle?: string;
};

/** What a path names in the output: a file under static/, or a function under functions/. */
export type Filesystem = {
  isStaticFile(relativePath: string): boolean;
  isFunction(name: string): boolean;
};

export type RoutedRequest = { method: string; url: string; headers: Headers };

export type Outcome =
  | { kind: "redirect"; status: number; location: string; headers: Record<string, string> }
  | { kind: "static"; file: string; status: number; headers: Record<string, string> }
  | {
      kind: "function";
      name: string;
      /** The path and query the function is called with: the request's own path, the rewrite's query. */
      url: string;
      status: number;
      headers: Record<string, string>;
    }
  | { kind: "status"; status: number; headers: Record<string, string> };

type Phase = "none" | "filesystem" | "miss" | "error";

/** The routes of each phase, in order. Routes before the first `handle` belong to "none". */
export function phasesOf(routes: readonly Route[]): Map<Phase, Route[]> {
  const phases = new Map<Phase, Route[]>();
  let current: Phase = "none";
  for (const route of routes) {
    if (route.handle !== undefined) {
      current = route.handle as Phase;
      continue;
    }
    const list = phases.get(current) ?? [];
    list.push(route);
    phases.set(current, list);
  }
  return phases;
}

function conditionHolds(condition: RouteHas, request: RoutedRequest): boolean {
  if (condition.type !== "header" || !condition.key) return false;
  const value = request.headers.get(condition.key);
  if (value === null) return false;
  return condition.value === undefined || new RegExp(`^(?:${condition.value})$`).test(value);
}

/** The route's match on this path, or null; `has`, `missing` and `methods` must agree too. */
function matchRoute(route: Route, path: string, request: RoutedRequest): RegExpExecArray | null {
  if (route.src === undefined) return null;
  if (route.methods && !route.methods.includes(request.method)) return null;
  if (route.has && !route.has.every((condition) => conditionHolds(condition, request))) return null;
  if (route.missing?.some((condition) => conditionHolds(condition, request))) return null;
  return new RegExp(route.src, "i").exec(path);
}

const fill = (template: string, match: RegExpExecArray): string =>
  template.replace(/\$(\d+)/g, (_, n: string) => match[Number(n)] ?? "");

/** What the output serves at a path, if anything: a function first, then a file or a folder's index. */
export function lookup(
  path: string,
  fs: Filesystem,
): { kind: "function" | "static"; name: string } | null {
  const bare = path.replace(/^\/+/, "").replace(/\/+$/, "");
  if (bare !== "" && fs.isFunction(bare)) return { kind: "function", name: bare };
  if (path.endsWith("/")) {
    const index = bare === "" ? "index.html" : `${bare}/index.html`;
    return fs.isStaticFile(index) ? { kind: "static", name: index } : null;
  }
  return bare !== "" && fs.isStaticFile(bare) ? { kind: "static", name: bare } : null;
}

type State = {
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  status?: number;
};

function serve(
  found: { kind: "function" | "static"; name: string },
  state: State,
  original: URL,
): Outcome {
  const status = state.status ?? 200;
  if (found.kind === "static")
    return { kind: "static", file: found.name, status, headers: state.headers };
  const query = new URLSearchParams(original.search);
  for (const [key, value] of state.query) query.set(key, value);
  const search = query.toString();
  return {
    kind: "function",
    name: found.name,
    url: `${original.pathname}${search ? `?${search}` : ""}`,
    status,
    headers: state.headers,
  };
}

/** Applies one route's headers (a later route's value replaces an earlier one's). */
function addHeaders(state: State, route: Route, match: RegExpExecArray): void {
  for (const [key, value] of Object.entries(route.headers ?? {}))
    state.headers[key.toLowerCase()] = fill(value, match);
}

/** Moves the request to a rewrite's destination (its query joins the request's). */
function rewrite(state: State, dest: string): void {
  const target = new URL(dest, "http://output.invalid");
  state.path = target.pathname;
  for (const [key, value] of target.searchParams) state.query.set(key, value);
}

/** Routes one request through the output's routes. */
export function route(routes: readonly Route[], request: RoutedRequest, fs: Filesystem): Outcome {
  const phases = phasesOf(routes);
  const original = new URL(request.url, "http://output.invalid");
  const state: State = { path: original.pathname, query: new URLSearchParams(), headers: {} };

  for (const phase of ["none", "filesystem"] as const) {
    for (const candidate of phases.get(phase) ?? []) {
      const match = matchRoute(candidate, state.path, request);
      if (!match) continue;
      addHeaders(state, candidate, match);
      if (candidate.continue) {
        if (candidate.dest) rewrite(state, fill(candidate.dest, match));
        if (candidate.status) state.status = candidate.status;
        continue;
      }
      const location = state.headers.location;
      // Vercel's edge carries the request's query string over to a redirect's Location.
      if (candidate.status && candidate.status >= 300 && candidate.status < 400 && location) {
        const search = original.search.replace(/^\?/, "");
        const joined = search
          ? `${location}${location.includes("?") ? "&" : "?"}${search}`
          : location;
        return {
          kind: "redirect",
          status: candidate.status,
          location: joined,
          headers: state.headers,
        };
      }
      if (candidate.dest) {
        rewrite(state, fill(candidate.dest, match));
        if (candidate.check) {
          const found = lookup(state.path, fs);
          if (found) return serve(found, state, original);
          continue;
        }
      } else if (candidate.status) {
        // A bare status ends routing with Vercel's own error answer (the site's /api 404).
        return { kind: "status", status: candidate.status, headers: state.headers };
      }
      break;
    }
    const found = lookup(state.path, fs);
    if (found) return serve(found, state, original);
  }

  for (const candidate of phases.get("error") ?? []) {
    const match = matchRoute(candidate, state.path, request);
    if (!match) continue;
    addHeaders(state, candidate, match);
    const status = candidate.status ?? 404;
    const found = candidate.dest
      ? lookup(`/${fill(candidate.dest, match).replace(/^\//, "")}`, fs)
      : null;
    if (found?.kind === "static")
      return { kind: "static", file: found.name, status, headers: state.headers };
    return { kind: "status", status, headers: state.headers };
  }
  return { kind: "status", status: 404, headers: state.headers };
}
