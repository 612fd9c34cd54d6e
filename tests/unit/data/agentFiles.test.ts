// The files for assistants and researchers: llms.txt in the proposal's shape (and the settings entries it refuses),
// llms-full.txt under its budget, robots.txt's AI preferences, and security.txt against RFC 9116's rules.
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import {
  AGENTS_FILE,
  LLMS_FULL_BUDGET_BYTES,
  parseAgentSettings,
  renderLlmsFullTxt,
  renderLlmsTxt,
  renderRobotsTxt,
  renderSecurityTxt,
  type AgentSettings,
  type TwinPage,
} from "../../../src/data/agentFiles";
import { fillPlaceholders } from "../../../src/data/content";

const root = path.resolve(__dirname, "../../..");
const settings = parseAgentSettings(
  fillPlaceholders(parse(fs.readFileSync(path.join(root, AGENTS_FILE), "utf8"))),
);
const page = (p: string, title: string, description = ""): TwinPage => ({
  path: p,
  twinUrl: `https://example.org${p}index.html.md`,
  title,
  description,
});
const pages = new Map(
  [page("/pricing/", "Pricing", "Plans and prices."), page("/blog/", "Blog", "Every post.")].map(
    (p) => [p.path, p],
  ),
);
const llms = (sections: AgentSettings["llms"]["sections"]) =>
  renderLlmsTxt("Acme", { summary: "Acme identifies devices.", sections }, pages, [
    page("/blog/new/", "Newest [post]", "Fresh."),
    page("/blog/old/", "Older post"),
  ]);

describe("the settings file", () => {
  it("parses, with every section the issue names", () => {
    expect(settings.llms.sections.map((s) => s.title)).toEqual([
      "Products",
      "Use cases",
      "Industries",
      "Pricing",
      "Developers",
      "Company",
      "Blog",
    ]);
  });
});

describe("renderLlmsTxt", () => {
  it("is an H1, a blockquote, then H2 sections of `- [name](url): note` linking the twins", () => {
    const { text, problems } = llms([
      { title: "Pricing", links: [{ link: "/pricing/" }] },
      {
        title: "Developers",
        links: [{ link: "https://docs.example.org/llms.txt", name: "Docs", note: "For agents." }],
      },
      { title: "Blog", links: [{ link: "/blog/", note: "All posts." }], newestPosts: 1 },
    ]);
    expect(problems).toEqual([]);
    expect(text).toBe(
      "# Acme\n\n> Acme identifies devices.\n\n## Pricing\n\n" +
        "- [Pricing](https://example.org/pricing/index.html.md): Plans and prices.\n\n## Developers\n\n" +
        "- [Docs](https://docs.example.org/llms.txt): For agents.\n\n## Blog\n\n" +
        "- [Blog](https://example.org/blog/index.html.md): All posts.\n" +
        "- [Newest \\[post\\]](https://example.org/blog/new/index.html.md): Fresh.\n",
    );
  });

  it("refuses, naming the entry, a page without a twin and an outside link without a name", () => {
    const { problems } = llms([
      {
        title: "Broken",
        links: [{ link: "/search/" }, { link: "https://docs.example.org/llms.txt" }],
      },
    ]);
    expect(problems).toEqual([
      `${AGENTS_FILE} llms.sections[0].links[0] (/search/): not a page with a Markdown twin (a page this build makes and lists in its sitemap)`,
      `${AGENTS_FILE} llms.sections[0].links[1] (https://docs.example.org/llms.txt): an outside link needs a name`,
    ]);
  });
});

describe("renderLlmsFullTxt", () => {
  it("joins the twins under their addresses, and refuses to grow past its budget", () => {
    const twins = [{ page: page("/pricing/", "Pricing"), markdown: "# Pricing\n\nPlans.\n" }];
    expect(renderLlmsFullTxt("Acme", "Summary.", twins)).toEqual({
      text: "# Acme\n\n> Summary.\n\n---\n\nSource: https://example.org/pricing/\n\n# Pricing\n\nPlans.\n",
      problems: [],
    });
    const huge = [
      { page: page("/big/", "Big"), markdown: "x".repeat(LLMS_FULL_BUDGET_BYTES) },
      ...twins,
    ];
    expect(renderLlmsFullTxt("Acme", "Summary.", huge).problems).toEqual([
      expect.stringMatching(
        /over its budget of 512 KiB; the largest pages: \/big\/ \(512 KiB\), \/pricing\/ \(0 KiB\)$/,
      ),
    ]);
  });
});

describe("renderRobotsTxt", () => {
  it("points at the sitemap, keeps the admin and functions out, and states the AI preferences", () => {
    const text = renderRobotsTxt("https://example.org", settings.contentSignal);
    expect(text).toContain("Sitemap: https://example.org/sitemap-index.xml");
    expect(text).toContain("Disallow: /admin/");
    expect(text).toMatch(/User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n/);
    expect(
      renderRobotsTxt("https://example.org", { search: "yes", aiInput: "unset", aiTrain: "no" }),
    ).toContain("Content-Signal: search=yes, ai-train=no\n");
  });
});

/** RFC 9116's fields as a reader parses them: comments and blank lines skipped, "Name: value" per line. */
function securityFields(text: string): Array<[string, string]> {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([A-Za-z-]+): (.+)$/.exec(line);
      if (!match) throw new Error(`not a field: ${line}`);
      return [match[1]!.toLowerCase(), match[2]!];
    });
}

describe("renderSecurityTxt", () => {
  const builtAt = new Date("2026-12-06T12:00:00Z");
  const text = renderSecurityTxt("https://example.org", settings.securityTxt, builtAt);
  const fields = securityFields(text);
  const all = (name: string) => fields.filter(([n]) => n === name).map(([, v]) => v);

  it("has RFC 9116's required fields: one or more Contact URIs and one Expires under a year ahead", () => {
    expect(all("contact").length).toBeGreaterThan(0);
    for (const contact of all("contact")) expect(contact).toMatch(/^(mailto:|https:\/\/|tel:)/);
    expect(all("expires")).toHaveLength(1);
    const expires = all("expires")[0]!;
    expect(expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const ahead = Date.parse(expires) - builtAt.getTime();
    expect(ahead).toBe(settings.securityTxt.expiresInDays * 24 * 60 * 60 * 1000);
    expect(ahead).toBeLessThan(365 * 24 * 60 * 60 * 1000);
  });

  it("names its canonical address, the languages and the policy, each at most once, all over https", () => {
    expect(all("canonical")).toEqual(["https://example.org/.well-known/security.txt"]);
    expect(all("preferred-languages")).toEqual(["en"]);
    expect(all("policy")).toEqual(["https://example.org/security/#disclosure"]);
    for (const [name, value] of fields)
      if (!["contact", "expires", "preferred-languages"].includes(name))
        expect(value, name).toMatch(/^https:\/\//);
  });
});
