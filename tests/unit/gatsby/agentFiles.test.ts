// The agents step of the build over a small built site: llms.txt, llms-full.txt, security.txt and robots.txt from
// the settings and the page pass's records; a sitemap page without a twin and a settings link to one both fail it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "../../../src/config/site";
import type { PageRecord } from "../../../src/gatsby/builtPages";
import { writeAgentFiles } from "../../../src/gatsby/agentFiles";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SETTINGS = `llms:
  summary: "{product} identifies devices."
  sections:
    - title: Pricing
      links: [{ link: /pricing/ }]
    - title: Blog
      newestPosts: 2
      links: [{ link: /blog/, note: Every post. }]
contentSignal: { search: "yes", aiInput: "unset", aiTrain: "no" }
securityTxt:
  contacts: ["mailto:security@{emailDomain}"]
  expiresInDays: 90
  preferredLanguages: [en]
  policy: /security/
`;

const record = (pagePath: string, twin: boolean): PageRecord => ({
  file: `${pagePath.slice(1)}index.html`,
  path: pagePath,
  hash: "h",
  size: 1,
  mtimeMs: 1,
  problems: [],
  facts: {
    scripts: [],
    styles: [],
    handlers: [],
    javascriptUrls: [],
  } as unknown as PageRecord["facts"],
  searchable: false,
  twin: twin
    ? { hash: "t", post: null, title: `Title of ${pagePath}`, description: "Its description." }
    : null,
});

function builtSite(sitemap: string[], settings = SETTINGS) {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), "agent-files-"));
  dirs.push(rootDir);
  const publicDir = path.join(rootDir, "public");
  fs.mkdirSync(path.join(rootDir, "content", "settings"), { recursive: true });
  fs.writeFileSync(path.join(rootDir, "content", "settings", "agents.yml"), settings);
  for (const page of ["/pricing/", "/blog/", "/blog/new/", "/blog/old/"]) {
    fs.mkdirSync(path.join(publicDir, page), { recursive: true });
    fs.writeFileSync(path.join(publicDir, page, "index.html.md"), `# ${page}\n`);
  }
  const locs = sitemap.map((page) => `<url><loc>${site.url}${page}</loc></url>`).join("");
  fs.writeFileSync(path.join(publicDir, "sitemap-0.xml"), `<urlset>${locs}</urlset>`);
  return {
    rootDir,
    publicDir,
    read: (file: string) => fs.readFileSync(path.join(publicDir, file), "utf8"),
  };
}

const post = (pagePath: string, date: string) => ({
  id: pagePath,
  path: pagePath,
  date,
  tagKeys: [],
  draft: false,
  hidden: false,
  locale: "en",
});
const nodes = {
  posts: [
    post("/blog/old/", "2025-01-01"),
    post("/blog/new/", "2025-03-01"),
    post("/blog/later/", "2027-01-01"),
  ],
  marketingPages: ["/pricing/"],
};
const records = ["/pricing/", "/blog/", "/blog/new/", "/blog/old/"].map((p) => record(p, true));
const builtAt = new Date("2026-12-06T12:00:00Z");

describe("writeAgentFiles", () => {
  it("writes the four files from the settings and the twins", async () => {
    const b = builtSite(["/pricing/", "/blog/", "/blog/new/", "/blog/old/"]);
    const result = await writeAgentFiles(b.rootDir, b.publicDir, records, nodes, builtAt);
    expect(result.problems).toEqual([]);
    expect(result.summary).toBe(
      "llms.txt: 4 links in 2 sections; llms-full.txt: 1 pages, 0 KiB; security.txt expires 2027-03-06T12:00:00Z",
    );
    expect(b.read("llms.txt")).toContain(
      `## Blog\n\n- [Title of /blog/](${site.url}/blog/index.html.md): Every post.\n` +
        `- [Title of /blog/new/](${site.url}/blog/new/index.html.md): Its description.\n` +
        `- [Title of /blog/old/](${site.url}/blog/old/index.html.md): Its description.\n`,
    );
    expect(b.read("llms-full.txt")).toContain(`Source: ${site.url}/pricing/\n\n# /pricing/\n`);
    expect(b.read(".well-known/security.txt")).toContain(
      `Contact: mailto:security@${site.emailDomain}`,
    );
    expect(b.read("robots.txt")).toContain("Content-Signal: search=yes, ai-train=no\n");
  });

  it("fails, naming them, a sitemap page without a twin and a settings link to a page without one", async () => {
    const b = builtSite(["/pricing/", "/blog/", "/orphan/"]);
    const without = records.map((r) => (r.path === "/pricing/" ? record("/pricing/", false) : r));
    const result = await writeAgentFiles(b.rootDir, b.publicDir, without, nodes, builtAt);
    expect(result.problems).toEqual([
      "/pricing/: listed in the sitemap, but its head links no Markdown twin",
      "/orphan/: listed in the sitemap, but its head links no Markdown twin",
      "content/settings/agents.yml llms.sections[0].links[0] (/pricing/): not a page with a Markdown twin (a page this build makes and lists in its sitemap)",
    ]);
    expect(fs.existsSync(path.join(b.publicDir, "llms.txt"))).toBe(false);
  });

  it("fails, naming the file and field, on settings the schema refuses", async () => {
    const b = builtSite(["/pricing/"], SETTINGS.replace("expiresInDays: 90", "expiresInDays: 400"));
    const result = await writeAgentFiles(b.rootDir, b.publicDir, records, nodes, builtAt);
    expect(result.problems).toEqual([
      expect.stringMatching(/agents\.yml:\n {2}- securityTxt\.expiresInDays: /),
    ]);
  });
});
