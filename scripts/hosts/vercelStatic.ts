// What Vercel's output serves as files, routed as Vercel routes them (vercel.ts runs these): the site search's
// files and a query over them, and the Markdown twins with their content negotiation, llms.txt and security.txt.
import fs from "node:fs";
import path from "node:path";
import { contentTypeFor } from "../../src/config/contentTypes";
import { querySite } from "../../tests/support/pagefind";
import type { Findings } from "./report";
import { routeGet, type Output } from "./vercelCalls";

/**
 * The site search on Vercel: Pagefind's code, WebAssembly and chunks are static files of the output (Vercel types
 * them by extension: JavaScript, and bytes for Pagefind's own formats, which it decompresses itself), the pages'
 * policy lets them compile WebAssembly, and a real query with Pagefind's own code over the output's files finds a post.
 */
export async function checkSearch(findings: Findings, output: Output): Promise<void> {
  const staticDir = path.join(output.dir, "static");
  const chunks = (fs.readdirSync(path.join(staticDir, "pagefind"), { recursive: true }) as string[])
    .map((file) => `/pagefind/${file.split(path.sep).join("/")}`)
    .filter((file) => /\.pf_(index|fragment|meta)$/.test(file));
  const files = [
    "/pagefind/pagefind.js",
    "/pagefind/pagefind-worker.js",
    "/pagefind/wasm.en.pagefind",
  ];
  const wrong: string[] = [];
  for (const file of [...files, ...chunks.slice(0, 20)]) {
    const outcome = routeGet(output, file);
    const type = contentTypeFor(file);
    const expected = file.endsWith(".js") ? /javascript/ : /^application\/octet-stream$/;
    if (outcome.kind !== "static" || outcome.status !== 200)
      wrong.push(`${file}: ${outcome.kind} ${outcome.status}`);
    else if (!expected.test(type)) wrong.push(`${file}: ${type}`);
  }
  findings.record(
    "search: Pagefind's code, WebAssembly and index chunks are static files, typed by extension",
    wrong.length === 0 && chunks.length > 0,
    wrong.length === 0 ? `${files.length + chunks.length} files` : wrong.slice(0, 5).join("; "),
  );
  const policy = routeGet(output, "/search/").headers["content-security-policy"] ?? "";
  findings.record(
    "search: the pages' policy allows compiling WebAssembly and the search's worker, never eval",
    /script-src [^;]*'wasm-unsafe-eval'/.test(policy) &&
      /worker-src 'self'/.test(policy) &&
      !policy.includes("'unsafe-eval'"),
    policy.slice(0, 200),
  );
  const { hits, fetched } = await querySite(staticDir, "telecom");
  findings.record(
    "search: Pagefind's own code finds a post by a word of its body in the output's index",
    hits[0]?.url === "/blog/sms-pumping-fraud/",
    `${hits.length} results (${hits.map((hit) => hit.url).join(", ")}), ${fetched.length} files read`,
  );
}

/**
 * The Markdown twins on Vercel: each at its own address as text/markdown with noindex, a page's address moved to its
 * twin for an Accept header that prefers Markdown and to its HTML for a browser's, llms.txt and security.txt served.
 */
export function checkTwins(findings: Findings, output: Output): void {
  const staticDir = path.join(output.dir, "static");
  const twins = (fs.readdirSync(staticDir, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "index.html.md")
    .map((file) => `/${file.split(path.sep).join("/")}`);
  const wrong = twins.flatMap((twin) => {
    const own = routeGet(output, twin);
    const page = twin.slice(0, -"index.html.md".length);
    const agent = routeGet(output, page, { accept: "text/markdown, text/html;q=0.9" });
    const browser = routeGet(output, page, { accept: "text/html,*/*;q=0.8" });
    const markdown = (o: typeof own) =>
      o.kind === "static" &&
      o.status === 200 &&
      o.headers["content-type"] === "text/markdown; charset=utf-8" &&
      o.headers["x-robots-tag"] === "noindex";
    if (!markdown(own)) return [`${twin}: ${own.kind} ${own.status}`];
    if (!markdown(agent) || agent.kind !== "static" || agent.file !== twin.slice(1))
      return [`${page} (Markdown): ${agent.kind}`];
    if (browser.kind !== "static" || browser.file !== `${page.slice(1)}index.html`)
      return [`${page} (HTML): ${browser.kind}`];
    return agent.headers["vary"] === "Accept" && browser.headers["vary"] === "Accept"
      ? []
      : [`${page}: no Vary`];
  });
  const search = routeGet(output, "/search/", { accept: "text/markdown" });
  if (search.kind !== "static" || search.file !== "search/index.html")
    wrong.push(`/search/: ${search.kind}`);
  for (const file of ["/llms.txt", "/llms-full.txt", "/.well-known/security.txt"])
    if (routeGet(output, file).kind !== "static") wrong.push(`${file} is not served`);
  findings.record(
    "twins: 200 text/markdown, noindex; Accept: text/markdown on a page gets its twin; llms.txt, security.txt",
    twins.length > 80 && wrong.length === 0,
    wrong.length === 0 ? `${twins.length} twins` : wrong.slice(0, 5).join("; "),
  );
}
