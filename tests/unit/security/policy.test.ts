// @vitest-environment node
// The policy of a page: hashes of exactly its inline scripts, origins from configuration, and a
// build-time check that fails when a page carries script its policy would block.
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  addAdminIntegrity,
  buildScripts,
  writeSecurityHeaders,
} from "../../../src/gatsby/securityHeaders";
import { publishVercelRoutes } from "../../../src/gatsby/hostAdapter";
import {
  adminPolicy,
  effectiveSources,
  pagePolicy,
  parsePolicy,
  serializePolicy,
} from "../../../src/security/csp";
import { inlineScripts, policyProblems, scriptHash } from "../../../src/security/inlineScripts";
import { gatsbyPagePathScript, knownScripts } from "../../../src/security/knownScripts";
import { buildManifest } from "../../../src/security/manifest";
import { policyOrigins } from "../../../src/security/origins";
import {
  ADMIN_HTML,
  GATSBY_SCRIPTS_SLICE,
  PRODUCTION_ENV,
  createSite,
  gatsbyPage,
  type SiteFixture,
} from "./support/site";

const NO_ORIGINS = { script: [], connect: [], frame: [] };
/** The scripts the fixture's pages carry as the build would have written them. */
const KNOWN = knownScripts([
  ...inlineScripts(GATSBY_SCRIPTS_SLICE).map((s) => ({ name: "Gatsby's scripts slice", ...s })),
  { name: "the A/B flags head script", ...inlineScripts(gatsbyPage("/"))[0]! },
]);
const hashesOf = (html: string) => inlineScripts(html).map((s) => s.hash);
let site: SiteFixture | null = null;

afterEach(async () => {
  await site?.cleanup();
  site = null;
});

describe("inline scripts", () => {
  it("hashes exactly what a browser hashes: the script's text, byte for byte", () => {
    const body = 'window.pagePath="/demo/";';
    const expected = createHash("sha256").update(body).digest("base64");
    expect(scriptHash(body)).toBe(`'sha256-${expected}'`);
    expect(hashesOf(`<script id="x">${body}</script>`)).toEqual([`'sha256-${expected}'`]);
  });

  it("skips scripts with a src and data blocks (JSON-LD), keeps modules and unknown types", () => {
    const html =
      '<script src="/app.js" async></script><script type="application/ld+json">{}</script>' +
      '<script type="module">import("/x.js")</script><script type="text/x-later">later()</script>';
    expect(hashesOf(html)).toEqual([scriptHash('import("/x.js")'), scriptHash("later()")]);
  });

  it("every Gatsby page script is in that page's policy, and each page's differ", () => {
    const { manifest, problems } = buildManifest(
      [
        { path: "/a/", html: gatsbyPage("/a/") },
        { path: "/b/", html: gatsbyPage("/b/") },
      ],
      { origins: NO_ORIGINS, cmsLocalBackend: null, adminPages: new Set(), knownScripts: KNOWN },
    );
    expect(problems).toEqual([]);
    for (const hash of hashesOf(gatsbyPage("/a/"))) expect(manifest.pages["/a/"]).toContain(hash);
    expect(manifest.pages["/a/"]).toContain(
      scriptHash('/*<![CDATA[*/window.pagePath="/a/";/*]]>*/'),
    );
    expect(manifest.pages["/a/"]).not.toContain(
      scriptHash('/*<![CDATA[*/window.pagePath="/b/";/*]]>*/'),
    );
  });
});

describe("only scripts the build wrote", () => {
  const manifestOf = (pages: Record<string, string>) =>
    buildManifest(
      Object.entries(pages).map(([path, html]) => ({ path, html })),
      { origins: NO_ORIGINS, cmsLocalBackend: null, adminPages: new Set(), knownScripts: KNOWN },
    );

  it("a script the build did not write gets no hash and fails the build, naming the page and the script", () => {
    const planted = "<script>fetch('/steal?c='+document.cookie)</script>";
    const { manifest, problems } = manifestOf({ "/a/": gatsbyPage("/a/", planted) });
    expect(manifest.pages["/a/"]).not.toContain(scriptHash("fetch('/steal?c='+document.cookie)"));
    expect(problems).toEqual([
      {
        path: "/a/",
        problems: [
          `inline script the build did not write, ${scriptHash("fetch('/steal?c='+document.cookie)")}: fetch('/steal?c='+document.cookie)`,
        ],
      },
    ]);
  });

  it("Gatsby's page-path script only for the page it names, a known script only with its own id", () => {
    const otherPath = `<script id="gatsby-script-loader">${gatsbyPagePathScript("/b/")}</script>`;
    const chunkMapping = inlineScripts(GATSBY_SCRIPTS_SLICE)[0]!;
    const renamed = `<script id="not-gatsby">window.___chunkMapping="{}";</script>`;
    expect(chunkMapping.preview).toBe('window.___chunkMapping="{}";');
    const { problems } = manifestOf({ "/a/": gatsbyPage("/a/", otherPath + renamed) });
    expect(problems[0]?.problems).toEqual([
      expect.stringMatching(
        /^inline script the build did not write, #gatsby-script-loader .*"\/b\/"/,
      ),
      expect.stringMatching(
        /^inline script the build did not write, #not-gatsby .*___chunkMapping/,
      ),
    ]);
  });

  it("a script type a browser may not run still needs to be the build's", () => {
    const { problems } = manifestOf({
      "/a/": gatsbyPage("/a/", '<script type="text/x-tmpl">x()</script>'),
    });
    expect(problems[0]?.problems[0]).toMatch(/did not write.*x\(\)/);
  });

  it("knows this build's scripts: Gatsby's slice, the head script, the loader, gatsby-plugin-image's", async () => {
    site = await createSite();
    const known = await buildScripts(site.publicDir);
    const names = [...known.values()].map((s) => s.name).sort();
    expect(names).toEqual([
      "Gatsby's gatsby-chunk-mapping",
      "Gatsby's scripts slice",
      "gatsby-plugin-image's loader",
      "the A/B flags head script",
      "the bundle loader",
    ]);
  });
});

describe("the build-time check", () => {
  it("fails a page whose inline script is not in its policy", () => {
    const policy = pagePolicy(
      { scriptHashes: hashesOf(gatsbyPage("/a/")), framesApplication: false },
      NO_ORIGINS,
    );
    expect(policyProblems(gatsbyPage("/a/"), policy)).toEqual([]);
    const tampered = gatsbyPage("/a/", "<script>alert(document.cookie)</script>");
    const problems = policyProblems(tampered, policy);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("alert(document.cookie)");
  });

  it("fails event-handler attributes and javascript: URLs, which no hash can allow", () => {
    const policy = pagePolicy({ scriptHashes: [], framesApplication: false }, NO_ORIGINS);
    expect(policyProblems('<img src="/x.png" onerror="steal()">', policy)[0]).toMatch(
      /event handler/,
    );
    expect(policyProblems('<a href="javascript:steal()">x</a>', policy)[0]).toMatch(/javascript:/);
    expect(policyProblems("<p>Say onion=tasty in text</p>", policy)).toEqual([]);
  });

  it("fails 'unsafe-inline' or 'unsafe-eval' in a site page's script-src", () => {
    const policy = parsePolicy(
      "default-src 'none'; script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    );
    expect(policyProblems("<p></p>", policy)).toEqual([
      "script-src allows 'unsafe-inline'",
      "script-src allows 'unsafe-eval'",
    ]);
  });

  it("a site page may compile the search's WebAssembly and start its worker from the site, and no more", () => {
    const policy = pagePolicy({ scriptHashes: [], framesApplication: false }, NO_ORIGINS);
    const script = policy.find(([name]) => name === "script-src")?.[1] ?? [];
    expect(script).toContain("'wasm-unsafe-eval'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(policy.find(([name]) => name === "worker-src")?.[1]).toEqual(["'self'"]);
    expect(policyProblems("<p></p>", policy)).toEqual([]);
  });

  it("the build step reports a built page that breaks its policy, and the build fails on it", async () => {
    site = await createSite({
      pages: { "/demo/": gatsbyPage("/demo/", '<button onclick="go()">Go</button>') },
    });
    const { problems } = await writeSecurityHeaders(site.rootDir, site.publicDir, PRODUCTION_ENV);
    expect(problems).toEqual([expect.stringMatching(/^\/demo\/: inline event handler/)]);
  });

  it("on Vercel, a build without the Build Output config fails rather than ship no headers", async () => {
    site = await createSite();
    const { problems } = await writeSecurityHeaders(site.rootDir, site.publicDir, PRODUCTION_ENV);
    expect(problems).toEqual([]);
    await expect(
      publishVercelRoutes(site.rootDir, { ...PRODUCTION_ENV, VERCEL: "1" }),
    ).rejects.toThrow(/\.vercel\/output\/config\.json is missing/);
  });
});

describe("origins come from configuration", () => {
  it("production: https origins only for what is switched on, nothing for what is off", () => {
    expect(policyOrigins(PRODUCTION_ENV)).toEqual({
      script: ["https://fpnpmcdn.net"],
      connect: [
        "https://api.example-fp.com",
        "https://api2.amplitude.com",
        "https://eu.api.fpjs.io",
      ],
      frame: ["https://job-boards.greenhouse.io"],
    });
    expect(policyOrigins({})).toEqual({
      script: [],
      connect: [],
      frame: ["https://job-boards.greenhouse.io"],
    });
  });

  it("a build with other URLs gets other origins", () => {
    const origins = policyOrigins({
      GATSBY_AMPLITUDE_API_KEY: "0123456789abcdef",
      GATSBY_AMPLITUDE_SERVER_URL: "http://127.0.0.1:9401/2/httpapi",
      GATSBY_FPJS_PUBLIC_API_KEY: "e2ePublicKey0001",
      GATSBY_FPJS_TEST_AGENT_URL: "http://127.0.0.1:9401/__fake/fingerprint/identify",
      GATSBY_FPJS_ENDPOINT: "https://metrics.example.com/result",
      GREENHOUSE_EMBED_URL: "http://127.0.0.1:9401/embed/job_app",
    });
    expect(origins).toEqual({
      script: [],
      connect: ["http://127.0.0.1:9401", "https://metrics.example.com"],
      frame: ["http://127.0.0.1:9401"],
    });
  });

  it("only the framing page gets a frame-src; no source is a wildcard", () => {
    const origins = policyOrigins(PRODUCTION_ENV);
    const plain = serializePolicy(
      pagePolicy({ scriptHashes: [], framesApplication: false }, origins),
    );
    const apply = serializePolicy(
      pagePolicy({ scriptHashes: [], framesApplication: true }, origins),
    );
    expect(plain).not.toContain("frame-src");
    expect(apply).toContain("frame-src https://job-boards.greenhouse.io;");
    for (const policy of [plain, apply]) expect(policy).not.toMatch(/(^|\s)(\*|https?:)(\s|;|$)/);
  });
});

describe("the admin", () => {
  it("has no search, so no WebAssembly and no worker", () => {
    const policy = serializePolicy(adminPolicy({ scriptHashes: [], localBackend: null }));
    expect(policy).not.toContain("wasm-unsafe-eval");
    expect(policy).not.toContain("worker-src");
  });

  const adminPolicyFor = async (env: Record<string, string>) => {
    site = await createSite();
    const { manifest } = await writeSecurityHeaders(site.rootDir, site.publicDir, env);
    const policy = parsePolicy(manifest.pages["/admin/"] ?? "");
    const sources = (directive: string) => policy.find(([name]) => name === directive)?.[1];
    return { connect: sources("connect-src"), img: sources("img-src"), manifest };
  };

  it("may reach the GitHub API its backend uses, and no other outside origin", async () => {
    const { connect, manifest } = await adminPolicyFor({ ...PRODUCTION_ENV });
    expect(connect).toEqual(["'self'", "blob:", "https://api.github.com"]);
    expect(manifest.pageHeaders).toEqual({
      "/admin/": { "cross-origin-opener-policy": "same-origin-allow-popups" },
    });
  });

  it("reaches GitHub Enterprise's API instead when the build names it, and nothing outside with Git Gateway", async () => {
    const enterprise = await adminPolicyFor({
      ...PRODUCTION_ENV,
      GATSBY_CMS_GITHUB_API_URL: "https://git.example.com/api/v3",
    });
    expect(enterprise.connect).toEqual(["'self'", "blob:", "https://git.example.com"]);
    await site?.cleanup();
    const gateway = await adminPolicyFor({ ...PRODUCTION_ENV, CMS_BACKEND: "git-gateway" });
    expect(gateway.connect).toEqual(["'self'", "blob:"]);
  });

  it("shows the editor's GitHub avatar from GitHub's avatar host, and no other page may load images from it", async () => {
    const { img, manifest } = await adminPolicyFor({ ...PRODUCTION_ENV });
    expect(img).toEqual(["'self'", "data:", "blob:", "https://avatars.githubusercontent.com"]);
    const others = Object.entries(manifest.pages).filter(([page]) => page !== "/admin/");
    expect(others.length).toBeGreaterThan(0);
    for (const [page, policy] of [...others, ["fallback", manifest.fallback] as const]) {
      expect(policy, page).not.toContain("avatars");
      expect(effectiveSources(parsePolicy(policy), "img-src"), page).not.toContain(
        "https://avatars.githubusercontent.com",
      );
    }
  });

  it("takes GitHub Enterprise's avatars from its own host, and none with Git Gateway", async () => {
    const enterprise = await adminPolicyFor({
      ...PRODUCTION_ENV,
      GATSBY_CMS_GITHUB_API_URL: "https://git.example.com/api/v3",
    });
    expect(enterprise.img).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://avatars.git.example.com",
      "https://git.example.com",
    ]);
    await site?.cleanup();
    const gateway = await adminPolicyFor({ ...PRODUCTION_ENV, CMS_BACKEND: "git-gateway" });
    expect(gateway.img).toEqual(["'self'", "data:", "blob:"]);
  });

  it("pins its bundle with Subresource Integrity", async () => {
    site = await createSite();
    await addAdminIntegrity(site.publicDir);
    const html = await fs.readFile(path.join(site.publicDir, "admin", "index.html"), "utf8");
    const digest = createHash("sha384").update("window.CMS_LOADED=true;\n").digest("base64");
    expect(html).toBe(
      ADMIN_HTML.replace('src="cms.js">', `src="cms.js" integrity="sha384-${digest}">`),
    );
  });
});
