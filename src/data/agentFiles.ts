/**
 * What the site tells AI assistants and security researchers (content/settings/agents.yml, Site settings > Agents):
 * the settings' schema, and /llms.txt, /llms-full.txt, /.well-known/security.txt (RFC 9116) and the AI
 * preferences of /robots.txt as text. Build-time only: src/gatsby/agentFiles.ts writes them.
 */
import { z } from "zod";
import { SITE_PATH } from "./navigationSchema";
import { parseContent } from "./blogSchema";

export const AGENTS_FILE = "content/settings/agents.yml";

const text = (max: number) => z.string().trim().min(1).max(max);
const OUTSIDE_URL = /^https:\/\/[^\s/]+(?:\/\S*)?$/;
/** A page of this site, perhaps a part of it (/security/#disclosure). */
const SITE_ADDRESS = /^\/(?:[a-z0-9-]+\/)*(?:#[A-Za-z0-9_-]+)?$/;

/** A link of llms.txt: a page of this site (its twin is linked) or an outside https address. */
export const llmsLinkSchema = z.strictObject({
  link: z
    .string()
    .trim()
    .refine((value) => SITE_PATH.test(value) || OUTSIDE_URL.test(value), {
      message:
        "must be a path of this site ending in / (like /pricing/) or a full https:// address (or a placeholder such as {docsUrl})",
    }),
  /** The link's name; a page of this site defaults to its own title. */
  name: text(80).optional(),
  /** After the link; a page of this site defaults to its description. */
  note: text(240).optional(),
});

export const llmsSectionSchema = z.strictObject({
  title: text(40),
  links: z.array(llmsLinkSchema).default([]),
  /** The blog's newest posts, after the section's links. */
  newestPosts: z.number().int().min(0).max(50).optional(),
});

const signal = z.enum(["yes", "no", "unset"]);
/** A page of this site or an https address. */
const pageOrUrl = z
  .string()
  .trim()
  .refine(
    (v) => SITE_ADDRESS.test(v) || OUTSIDE_URL.test(v),
    "must be a path of this site ending in / (a #part after it allowed) or an https:// address",
  );

export const agentsSchema = z.strictObject({
  llms: z.strictObject({
    /** The blockquote under the product's name: what an assistant should know first. */
    summary: text(500),
    /** Plain paragraphs after it: how to read this site. */
    details: text(2000).optional(),
    sections: z.array(llmsSectionSchema).min(1),
  }),
  /** The Content-Signal line of robots.txt (contentsignals.org): "unset" states no preference. */
  contentSignal: z.strictObject({ search: signal, aiInput: signal, aiTrain: signal }),
  securityTxt: z.strictObject({
    /** Where to report a vulnerability, most preferred first: mailto:, tel: or https: addresses, or a page here. */
    contacts: z
      .array(
        z
          .string()
          .trim()
          .refine(
            (v) =>
              /^(?:mailto:[^\s@]+@[^\s@]+|tel:\+?[\d-]+)$/.test(v) ||
              SITE_ADDRESS.test(v) ||
              OUTSIDE_URL.test(v),
            "must be a mailto: or tel: address, a page of this site or an https:// address",
          ),
      )
      .min(1),
    /** Expires is set this many days after each build; RFC 9116 asks for less than a year. */
    expiresInDays: z.number().int().min(1).max(364),
    preferredLanguages: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/),
      )
      .min(1),
    /** The disclosure policy: a page of this site or an https address. */
    policy: pageOrUrl,
    acknowledgments: pageOrUrl.optional(),
    /** Security jobs: a page of this site or an https address. */
    hiring: pageOrUrl.optional(),
  }),
});

export type AgentSettings = z.infer<typeof agentsSchema>;

/** The settings from the file's parsed YAML, placeholders already filled; throws naming the file. */
export function parseAgentSettings(data: unknown, source = AGENTS_FILE): AgentSettings {
  return parseContent(agentsSchema, data, source);
}

/** A page of this site as llms.txt and llms-full.txt know it: its twin's address, its title and description. */
export type TwinPage = { path: string; twinUrl: string; title: string; description: string };
/** A listed post, newest first. */
export type NewestPost = TwinPage;

/** Text on one line, for a link's name or note. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const linkName = (value: string) => oneLine(value).replace(/[[\]]/g, (c) => `\\${c}`);

/**
 * /llms.txt as llmstxt.org proposes it: an H1 with the product's name, the summary as a blockquote, the details,
 * then each section as an H2 and a list of `- [name](url): note`, a page of this site linking its Markdown twin.
 * Returns the text, or the problems that must fail the build, each naming its entry.
 */
export function renderLlmsTxt(
  productName: string,
  settings: AgentSettings["llms"],
  pages: ReadonlyMap<string, TwinPage>,
  newest: readonly NewestPost[],
): { text: string; problems: string[] } {
  const problems: string[] = [];
  const lines = [`# ${productName}`, "", `> ${oneLine(settings.summary)}`, ""];
  if (settings.details) lines.push(settings.details.trim(), "");
  settings.sections.forEach((section, s) => {
    lines.push(`## ${oneLine(section.title)}`, "");
    section.links.forEach((entry, l) => {
      const where = `${AGENTS_FILE} llms.sections[${s}].links[${l}] (${entry.link})`;
      if (entry.link.startsWith("/")) {
        const page = pages.get(entry.link);
        if (!page) {
          problems.push(
            `${where}: not a page with a Markdown twin (a page this build makes and lists in its sitemap)`,
          );
          return;
        }
        const note = entry.note ?? page.description;
        lines.push(
          `- [${linkName(entry.name ?? page.title)}](${page.twinUrl})${note ? `: ${oneLine(note)}` : ""}`,
        );
      } else if (!entry.name) {
        problems.push(`${where}: an outside link needs a name`);
      } else {
        lines.push(
          `- [${linkName(entry.name)}](${entry.link})${entry.note ? `: ${oneLine(entry.note)}` : ""}`,
        );
      }
    });
    for (const post of newest.slice(0, section.newestPosts ?? 0))
      lines.push(
        `- [${linkName(post.title)}](${post.twinUrl})${post.description ? `: ${oneLine(post.description)}` : ""}`,
      );
    lines.push("");
  });
  return { text: `${lines.join("\n").trim()}\n`, problems };
}

/** The largest /llms-full.txt the build writes: about 130,000 tokens, which an assistant can read in one go. */
export const LLMS_FULL_BUDGET_BYTES = 512 * 1024;

/**
 * /llms-full.txt: the marketing pages' twins in one file, in the order given (llms.txt's pages first), each under a
 * line naming its address. The build fails when it is over LLMS_FULL_BUDGET_BYTES, naming the largest twins.
 */
export function renderLlmsFullTxt(
  productName: string,
  summary: string,
  twins: ReadonlyArray<{ page: TwinPage; markdown: string }>,
): { text: string; problems: string[] } {
  const parts = [`# ${productName}\n\n> ${oneLine(summary)}\n`];
  for (const { page, markdown } of twins)
    parts.push(
      `---\n\nSource: ${page.twinUrl.replace(/index\.html\.md$/, "")}\n\n${markdown.trim()}\n`,
    );
  const text = parts.join("\n");
  const bytes = Buffer.byteLength(text);
  if (bytes <= LLMS_FULL_BUDGET_BYTES) return { text, problems: [] };
  const largest = [...twins]
    .sort((a, b) => b.markdown.length - a.markdown.length)
    .slice(0, 5)
    .map((t) => `${t.page.path} (${Math.round(Buffer.byteLength(t.markdown) / 1024)} KiB)`);
  return {
    text,
    problems: [
      `/llms-full.txt would be ${Math.round(bytes / 1024)} KiB, over its budget of ${LLMS_FULL_BUDGET_BYTES / 1024} KiB; the largest pages: ${largest.join(", ")}`,
    ],
  };
}

/** robots.txt: every public page may be read; the CMS admin and the functions are not pages; the AI preferences. */
export function renderRobotsTxt(siteUrl: string, signals: AgentSettings["contentSignal"]): string {
  const stated = (
    [
      ["search", signals.search],
      ["ai-input", signals.aiInput],
      ["ai-train", signals.aiTrain],
    ] as const
  ).filter(([, value]) => value !== "unset");
  return [
    "# Crawlers may read every public page; the CMS admin and the functions are not pages.",
    "# Content-Signal states how the content may be used once read (contentsignals.org): search = building a search",
    "# index and showing links and short excerpts; ai-input = feeding it into an AI model's answer as it is made",
    "# (retrieval, grounding); ai-train = training or fine-tuning AI models. A use not listed has no stated preference.",
    "# Every page also has a Markdown version for assistants, listed in /llms.txt.",
    "User-agent: *",
    ...(stated.length > 0
      ? [`Content-Signal: ${stated.map(([k, v]) => `${k}=${v}`).join(", ")}`]
      : []),
    "Disallow: /admin/",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap-index.xml`,
    "",
  ].join("\n");
}

/** Where security.txt lives (RFC 9116 §3). */
export const SECURITY_TXT_PATH = "/.well-known/security.txt";

/** An address of the settings as an absolute URL (a path of this site on the site's origin). */
const absoluteOn = (siteUrl: string, value: string) =>
  value.startsWith("/") ? `${siteUrl}${value}` : value;

/** /.well-known/security.txt (RFC 9116): Contact and Expires (required), then the optional fields it names. */
export function renderSecurityTxt(
  siteUrl: string,
  settings: AgentSettings["securityTxt"],
  builtAt: Date,
): string {
  const expires = new Date(builtAt.getTime() + settings.expiresInDays * 24 * 60 * 60 * 1000);
  const fields: Array<[string, string]> = [
    ...settings.contacts.map((contact): [string, string] => [
      "Contact",
      absoluteOn(siteUrl, contact),
    ]),
    ["Expires", expires.toISOString().replace(/\.\d{3}Z$/, "Z")],
    ["Preferred-Languages", settings.preferredLanguages.join(", ")],
    ["Canonical", `${siteUrl}${SECURITY_TXT_PATH}`],
    ["Policy", absoluteOn(siteUrl, settings.policy)],
    ...(settings.acknowledgments
      ? [["Acknowledgments", absoluteOn(siteUrl, settings.acknowledgments)] as [string, string]]
      : []),
    ...(settings.hiring
      ? [["Hiring", absoluteOn(siteUrl, settings.hiring)] as [string, string]]
      : []),
  ];
  return [
    `# How to report a security vulnerability in ${siteUrl} or the product (RFC 9116).`,
    `# Written by each build from ${AGENTS_FILE}; Expires is ${settings.expiresInDays} days after the build.`,
    ...fields.map(([name, value]) => `${name}: ${value}`),
    "",
  ].join("\n");
}
