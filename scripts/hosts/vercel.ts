// Rehearses a Vercel deployment of the one production build: `vercel build` in a scratch copy (the build step
// swapped for putting the build's Build Output in place; Vercel's own Gatsby plugin wrote it during that build),
// then the Build Output API it wrote, read the way Vercel reads it: routes (headers, rewrites, the 404 page), crons, and every function
// loaded by @vercel/node's own launcher on the Node major its config names and called with real requests.
import fs from "node:fs";
import path from "node:path";
import { functionAddresses, functionPaths } from "../../src/server/functionPaths";
import { hostedPageHeaders } from "../../src/security/hosts";
import { parseNetlifyRedirects, redirectLocation } from "../../src/data/redirects";
import { policyForPath, readManifest, type HeaderManifest } from "../../src/security/manifest";
import { Findings } from "./report";
import { run } from "../../tests/support/proc";
import type { HostTools } from "../lib/setup";
import { deployScratch } from "./scratch";
import {
  callFunction,
  launchFunction,
  nodeMajorOf,
  readVcConfig,
  type LaunchedFunction,
} from "./vercelLauncher";
import { checkCalls, CLIENT, routeGet, type Output } from "./vercelCalls";
import type { Route } from "./vercelRouting";
import type { World } from "./world";
import { checkSearch, checkTwins } from "./vercelStatic";

/** The function folders of the output, as their names ("api/get-country"). */
function functionNames(outputDir: string): string[] {
  const root = path.join(outputDir, "functions");
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => entry.endsWith(".func"))
    .map((entry) => entry.split(path.sep).join("/").slice(0, -".func".length))
    .sort();
}

function checkRoutes(findings: Findings, output: Output, manifest: HeaderManifest): void {
  const pages = Object.keys(manifest.pages);
  const wrong: string[] = [];
  for (const page of pages) {
    const outcome = routeGet(output, page);
    const policy = outcome.headers["content-security-policy"];
    const missing = Object.entries(hostedPageHeaders(manifest, page)).filter(
      ([name, value]) => outcome.headers[name] !== value,
    );
    if (outcome.kind !== "static" || outcome.status !== 200)
      wrong.push(`${page}: ${outcome.kind} ${outcome.status}`);
    else if (policy !== policyForPath(manifest, page))
      wrong.push(`${page}: policy differs from the manifest`);
    else if (missing.length > 0)
      wrong.push(`${page}: lacks ${missing.map(([name]) => name).join(", ")}`);
  }
  findings.record(
    "every page: 200, its own CSP (the manifest's) and the shared headers",
    wrong.length === 0,
    wrong.length === 0 ? `${pages.length} pages` : wrong.slice(0, 5).join("; "),
  );

  const unknown = routeGet(output, "/no-such-page/");
  findings.record(
    "unknown path: the 404 page, status 404, the 404 page's CSP",
    unknown.kind === "static" &&
      unknown.file === "404.html" &&
      unknown.status === 404 &&
      unknown.headers["content-security-policy"] === manifest.fallback,
    `${unknown.kind} ${unknown.status}`,
  );

  const rewrites: string[] = [];
  for (const fn of functionAddresses) {
    for (const spelling of functionPaths(fn)) {
      const url = spelling.replace(":requestId", "req-1");
      const outcome = routeGet(output, url);
      if (outcome.kind !== "function" || outcome.name !== `api/${fn.name}`)
        rewrites.push(
          `${url} → ${outcome.kind === "function" ? outcome.name : `${outcome.kind} ${outcome.status}`}`,
        );
    }
    if (fn.byHeader) {
      const outcome = routeGet(output, "/Ab12/", { [fn.byHeader.name]: fn.byHeader.value });
      if (outcome.kind !== "function" || outcome.name !== `api/${fn.name}`)
        rewrites.push(`/Ab12/ by header → ${outcome.kind}`);
    }
  }
  findings.record(
    "every function path (both spellings) reaches its function",
    rewrites.length === 0,
    rewrites.join("; "),
  );

  const hashed =
    Object.keys(manifest.pages).length > 0
      ? fs
          .readdirSync(path.join(output.dir, "static"))
          .find((file) => /-[0-9a-f]{20}\.js$/.test(file))
      : undefined;
  const asset = hashed ? routeGet(output, `/${hashed}`) : null;
  findings.record(
    "hashed bundles: immutable for a year",
    asset?.headers["cache-control"] === "public, max-age=31536000, immutable",
    hashed ?? "no hashed bundle found",
  );

  // Every redirect of content/settings/redirects.yml: 308 or 307 to its target, query kept. The spelling without
  // the slash first meets Vercel's own trailing-slash rule (vercel.json's trailingSlash, ahead of the build's
  // routes), a 308 to the slashed spelling, which then redirects once.
  const redirects = parseNetlifyRedirects(
    fs.readFileSync(path.join(output.dir, "static", "_redirects"), "utf8"),
  );
  const query = "?utm_source=rehearsal";
  const wrongRedirects = redirects.flatMap((rule) =>
    [rule.from, rule.from.slice(0, -1)].flatMap((spelling) => {
      let outcome = routeGet(output, `${spelling}${query}`);
      if (
        !spelling.endsWith("/") &&
        outcome.kind === "redirect" &&
        outcome.status === 308 &&
        outcome.location === `${spelling}/${query}`
      )
        outcome = routeGet(output, outcome.location);
      const ok =
        outcome.kind === "redirect" &&
        outcome.status === (rule.permanent ? 308 : 307) &&
        outcome.location === redirectLocation(rule.to, query);
      return ok
        ? []
        : [
            `${spelling}: ${outcome.kind} ${outcome.status}${outcome.kind === "redirect" ? ` to ${outcome.location}` : ""}`,
          ];
    }),
  );
  findings.record(
    "every redirect of redirects.yml: 308/307 to its target (the slash-less spelling after Vercel's own 308), query kept",
    redirects.length > 0 && wrongRedirects.length === 0,
    wrongRedirects.join("; ") || `${redirects.length} redirects`,
  );

  for (const [what, cronPath] of [
    ["the lead worker's", "/api/leads-worker"],
    ["the schedule trigger's", "/api/build-trigger"],
  ]) {
    const cron = output.crons.find((item) => item.path === cronPath);
    findings.record(
      `${what} cron is in the output`,
      cron?.schedule === "* * * * *",
      JSON.stringify(output.crons),
    );
  }
}

/** `vercel build` in the scratch copy, as Vercel's build step runs it; records the outcome. */
async function build(findings: Findings, tools: HostTools, dir: string): Promise<boolean> {
  fs.mkdirSync(path.join(dir, ".vercel"));
  // What `vercel pull` would write; an empty install command: the scratch copy already has node_modules.
  fs.writeFileSync(
    path.join(dir, ".vercel", "project.json"),
    JSON.stringify({
      projectId: "prj_rehearsal",
      orgId: "team_rehearsal",
      settings: { framework: "gatsby", installCommand: "" },
    }),
  );
  console.log(
    `[vercel] vercel build in ${dir} (Node ${tools.hostNodeMajor} on PATH; log ${dir}-build.log)`,
  );
  const log = fs.openSync(`${dir}-build.log`, "w");
  const started = Date.now();
  const result = await run(tools.vercel, ["build", "--yes"], {
    cwd: dir,
    env: tools.env(),
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const detail =
    result.code === 0
      ? `${((Date.now() - started) / 1000).toFixed(0)} s`
      : fs.readFileSync(`${dir}-build.log`, "utf8").slice(-3000);
  return findings.record("vercel build", result.code === 0, detail);
}

/** Deploys the build with Vercel's CLI in a scratch copy and checks its output; returns the findings. */
export async function verify(
  root: string,
  tools: HostTools,
  world: World,
  keep: boolean,
): Promise<Findings> {
  const findings = new Findings("vercel");
  const scratch = deployScratch(root, "vercel");
  const launched = new Map<string, LaunchedFunction>();
  try {
    if (!(await build(findings, tools, scratch.dir))) return findings;

    const outputDir = path.join(scratch.dir, ".vercel", "output");
    const config = JSON.parse(fs.readFileSync(path.join(outputDir, "config.json"), "utf8")) as {
      routes: Route[];
      crons?: Output["crons"];
    };
    const output: Output = { dir: outputDir, routes: config.routes, crons: config.crons ?? [] };
    const manifest = await readManifest(path.join(outputDir, "static"));
    findings.record("the security-headers manifest is in the output", manifest !== null);
    if (!manifest) return findings;
    checkRoutes(findings, output, manifest);
    checkTwins(findings, output);
    await checkSearch(findings, output);

    const names = functionNames(outputDir);
    const refused: string[] = [];
    for (const name of names) {
      const funcDir = path.join(outputDir, "functions", `${name}.func`);
      const major = nodeMajorOf(readVcConfig(funcDir).runtime);
      if (major !== tools.hostNodeMajor) {
        refused.push(
          `${name}: runtime ${readVcConfig(funcDir).runtime}, rehearsal has Node ${tools.hostNodeMajor}`,
        );
        continue;
      }
      try {
        const fn = await launchFunction({
          name,
          funcDir,
          node: tools.hostNode,
          launcher: tools.vercelLauncher,
          env: { ...process.env, ...world.env, NODE_ENV: "production", VERCEL: "1" },
        });
        launched.set(name, fn);
        // Every function answers a method it does not take with its own JSON 405: it loaded and runs.
        const answer = await callFunction(fn, { method: "DELETE", url: `/${name}` }, CLIENT);
        if (answer.status !== 405)
          refused.push(`${name}: DELETE answered ${answer.status} ${fn.output().slice(-400)}`);
      } catch (error) {
        // A handler that fails to load makes the launcher log why and exit at the first request.
        const logged = launched.get(name)?.output() ?? "";
        const reason = /(Error \[?[A-Z_]+\]?|Error:|ERR_[A-Z_]+)[^\n]*/.exec(logged)?.[0];
        const message = error instanceof Error ? error.message.slice(0, 600) : String(error);
        refused.push(`${name}: ${reason ?? message}`);
      }
    }
    findings.record(
      `every function loads on Node ${tools.hostNodeMajor} with Vercel's launcher and answers`,
      refused.length === 0 && names.length > 0,
      refused.length === 0 ? `${names.length} functions` : refused.join("\n"),
    );
    await checkCalls(findings, output, world, launched);
  } finally {
    await Promise.all([...launched.values()].map((fn) => fn.stop()));
    if (!keep && findings.failed === 0) {
      scratch.remove();
      fs.rmSync(`${scratch.dir}-build.log`, { force: true });
    } else console.log(`[vercel] scratch copy kept: ${scratch.dir}`);
  }
  return findings;
}
