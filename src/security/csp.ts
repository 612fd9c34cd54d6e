/** Content-Security-Policy as data: the directives a page needs, built from its inline scripts and the configured origins. */

/** Directive name → source expressions, in the order they are written out. */
export type Policy = ReadonlyArray<readonly [directive: string, sources: readonly string[]]>;

/** What one page needs beyond the site-wide baseline. */
export type PageNeeds = {
  /** `'sha256-…'` of every executable inline script the page carries. */
  scriptHashes: readonly string[];
  /** True when the page frames the hosted application form (the apply page). */
  framesApplication: boolean;
};

/** Third-party origins the configuration names (see origins.ts), grouped by what they are used for. */
export type PolicyOrigins = {
  /** Scripts loaded after consent (the identification agent's CDN, when it is not proxied). */
  script: readonly string[];
  /** fetch/XHR/beacon targets: analytics ingestion, identification endpoints, product API, job board. */
  connect: readonly string[];
  /** The hosted application form framed by the apply page. */
  frame: readonly string[];
};

const uniqueSorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/**
 * A site page: everything comes from the site itself unless configuration names an origin. Styles
 * keep 'unsafe-inline' because styled-components writes its critical CSS into a <style> element and
 * React writes style attributes; scripts never do. Every page has the site search in its header, whose index
 * is queried by Pagefind's WebAssembly: 'wasm-unsafe-eval' lets the page (and Pagefind's worker, a script of the
 * site's own, which gets the policy of the path it is served from) compile WebAssembly, and nothing else; no
 * string is ever evaluated as script ('unsafe-eval' stays out).
 */
export function pagePolicy(needs: PageNeeds, origins: PolicyOrigins): Policy {
  return [
    ["default-src", ["'none'"]],
    [
      "script-src",
      [
        "'self'",
        "'wasm-unsafe-eval'",
        ...uniqueSorted(needs.scriptHashes),
        ...uniqueSorted(origins.script),
      ],
    ],
    // The search's worker (/pagefind/pagefind-worker.js); named, so no later script-src origin reaches it.
    ["worker-src", ["'self'"]],
    ["connect-src", ["'self'", ...uniqueSorted(origins.connect)]],
    // data: for the blurred image placeholders and the inline SVG icons in CSS.
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["manifest-src", ["'self'"]],
    ...(needs.framesApplication && origins.frame.length > 0
      ? ([["frame-src", uniqueSorted(origins.frame)]] as const)
      : []),
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
}

/** What the CMS admin (Decap) needs and nothing more. */
export type AdminNeeds = {
  scriptHashes: readonly string[];
  /** decap-server's address when config.yml sets local_backend (Decap only tries it on localhost). */
  localBackend: string | null;
  /** The origins its backend reads and writes content through (the GitHub API's); none for Git Gateway. */
  backendOrigins?: readonly string[];
  /** The origins its backend's images come from (GitHub's avatar host, for the editor's avatar). */
  imageOrigins?: readonly string[];
};

export function adminPolicy(needs: AdminNeeds): Policy {
  return [
    ["default-src", ["'none'"]],
    // Decap validates its configuration with ajv, which compiles each schema with new Function():
    // without 'unsafe-eval' the admin stops at "Error compiling schema". Only the admin gets it.
    ["script-src", ["'self'", "'unsafe-eval'", ...uniqueSorted(needs.scriptHashes)]],
    // The backend's API (the github backend's api_root; Git Gateway and its identity endpoints live on
    // the site's own host, /.netlify/*) and, locally, decap-server; blob: because the editor reads a picked
    // image back from its object URL before it uploads it. The login itself is a window, not a request.
    [
      "connect-src",
      [
        "'self'",
        "blob:",
        ...uniqueSorted(needs.backendOrigins ?? []),
        ...(needs.localBackend ? [needs.localBackend] : []),
      ],
    ],
    // blob: for media picked in the editor before it is uploaded; the editor's avatar from GitHub's avatar host.
    ["img-src", ["'self'", "data:", "blob:", ...uniqueSorted(needs.imageOrigins ?? [])]],
    ["media-src", ["'self'", "blob:"]],
    ["font-src", ["'self'", "data:"]],
    // Decap's editor styles itself with emotion, which injects <style> elements at run time.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
}

export function serializePolicy(policy: Policy): string {
  return policy.map(([directive, sources]) => [directive, ...sources].join(" ")).join("; ");
}

/** Parses one serialized policy (no comma-joined lists) back into directives; later duplicates are ignored, as browsers do. */
export function parsePolicy(text: string): Policy {
  const seen = new Set<string>();
  const out: Array<readonly [string, string[]]> = [];
  for (const part of text.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (!name) continue;
    const directive = name.toLowerCase();
    if (seen.has(directive)) continue;
    seen.add(directive);
    out.push([directive, sources]);
  }
  return out;
}

/** The sources a directive allows, following the fallback to default-src for fetch directives. */
export function effectiveSources(policy: Policy, directive: string): readonly string[] | null {
  const own = policy.find(([name]) => name === directive);
  if (own) return own[1];
  const fallsBack = directive.endsWith("-src") && directive !== "default-src";
  if (!fallsBack) return null;
  const frameFallback =
    directive === "frame-src" ? policy.find(([name]) => name === "child-src") : undefined;
  if (frameFallback) return frameFallback[1];
  return policy.find(([name]) => name === "default-src")?.[1] ?? null;
}
