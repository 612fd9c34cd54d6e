/**
 * The CMS's view of the content model, derived from the same zod schemas the build validates with, so
 * `static/admin/config.yml` (written by `npm run cms:config`) cannot drift from what the site accepts.
 * Build-time and test-time only: never imported by the site or the admin bundle.
 */
import fs from "node:fs";
import path from "node:path";
import {
  authorSchema,
  caseStudyFrontmatterSchema,
  postFrontmatterSchema,
  tagSchema,
  webinarFrontmatterSchema,
} from "../data/blogSchema";
import { navigationSchema } from "../data/navigationSchema";
import { REDIRECTS_FILE, redirectsSchema } from "../data/redirects";
import { AGENTS_FILE, agentsSchema } from "../data/agentFiles";
import { marketingPageSchema } from "../data/sectionSchemas";
import {
  AGENT_HINTS,
  body,
  HINTS,
  LINK_PATTERN,
  NAME_PATTERN,
  patchDeep,
  patchFields,
  POST_SLUG_PATTERN,
  REDIRECT_FROM_PATTERN,
  REDIRECT_HINTS,
  REDIRECT_TO_PATTERN,
  scheduledSummary,
  SESSION_DATE_HINT,
  SITE_PATH_PATTERN,
  withHints,
  withTimeZoneHintsIn,
  type CmsCollection,
} from "./fieldRules";
import { copyOf, fieldsOf, label, relationTo, type ZodLike } from "./fields";
import { CMS_AUTH_PATH } from "../server/functionPaths";

/** The content folders of marketing pages: one CMS collection per folder under content/pages. */
export function pageGroups(root: string): string[] {
  const pages = path.join(root, "content", "pages");
  const groups = fs
    .readdirSync(pages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return ["", ...groups];
}

export function cmsConfig(root: string): Record<string, unknown> {
  const shapeOf = (schema: unknown) => (schema as { shape: Record<string, ZodLike> }).shape;
  const pageFields = withHints(fieldsOf(shapeOf(marketingPageSchema)));
  const collections: CmsCollection[] = [
    {
      name: "blog",
      label: "Blog posts",
      label_singular: "Blog post",
      folder: "content/blog",
      path: "{{slug}}/index",
      extension: "md",
      format: "frontmatter",
      create: true,
      // The folder comes from the validated slug field, never from the title: a title can be longer
      // than a slug may be, and a translation must live in <original>-br/.
      slug: "{{fields.slug}}",
      // Images live beside each post's index.md (content/blog/<slug>/hero.png).
      media_folder: "",
      public_folder: "",
      summary: scheduledSummary("date", "{{title}} ({{date | date('YYYY-MM-DD HH:mm')}})"),
      sortable_fields: ["date", "title"],
      // The post's address, from its slug field: Decap's own {{slug}} here is the entry's path without its
      // extension (<slug>/index), which would send the preview link to /blog/<slug>-index/.
      preview_path: "blog/{{fields.slug}}/",
      fields: [
        ...patchFields(withHints(fieldsOf(shapeOf(postFrontmatterSchema))), {
          slug: {
            pattern: POST_SLUG_PATTERN,
            hint: `${HINTS["slug"]} A translation lives at the original's slug plus -br (my-post-br).`,
          },
          authors: relationTo("authors", "name"),
          tags: relationTo("tags", "label"),
        }),
        body(),
      ],
    },
    {
      name: "authors",
      label: "Authors",
      label_singular: "Author",
      folder: "content/authors",
      extension: "yml",
      format: "yml",
      create: true,
      identifier_field: "name",
      // The file name comes from the name (NAME_PATTERN keeps it a valid key).
      slug: "{{slug}}",
      media_folder: "/content/authors",
      public_folder: "",
      fields: patchFields(withHints(fieldsOf(shapeOf(authorSchema))), {
        name: { pattern: copyOf(NAME_PATTERN) },
      }),
    },
    {
      name: "tags",
      label: "Tags",
      label_singular: "Tag",
      folder: "content/tags",
      extension: "yml",
      format: "yml",
      create: true,
      identifier_field: "label",
      slug: "{{slug}}",
      fields: patchFields(fieldsOf(shapeOf(tagSchema)), {
        label: { pattern: copyOf(NAME_PATTERN) },
      }),
    },
    {
      name: "case-studies",
      label: "Case studies",
      label_singular: "Case study",
      folder: "content/case-studies",
      extension: "md",
      format: "frontmatter",
      create: true,
      slug: "{{fields.slug}}",
      summary: scheduledSummary("date", "{{title}} ({{date | date('YYYY-MM-DD HH:mm')}})"),
      sortable_fields: ["date", "title"],
      preview_path: "case-studies/{{slug}}/",
      fields: [...withHints(fieldsOf(shapeOf(caseStudyFrontmatterSchema))), body("Story")],
    },
    {
      name: "webinars",
      label: "Webinars",
      label_singular: "Webinar",
      folder: "content/webinars",
      extension: "md",
      format: "frontmatter",
      create: true,
      slug: "{{fields.slug}}",
      summary: scheduledSummary(
        "publishDate",
        "{{title}} (session {{date | date('YYYY-MM-DD HH:mm')}})",
      ),
      sortable_fields: ["date", "title"],
      preview_path: "webinars/{{slug}}/",
      fields: [
        ...patchFields(withHints(fieldsOf(shapeOf(webinarFrontmatterSchema))), {
          date: { hint: SESSION_DATE_HINT },
        }),
        body("Agenda"),
      ],
    },
    ...pageGroups(root).map((group) => ({
      name: group ? `pages-${group}` : "pages",
      label: group ? `Pages: ${label(group)}` : "Pages: top level",
      label_singular: "Page",
      folder: group ? `content/pages/${group}` : "content/pages",
      extension: "yml",
      format: "yml",
      create: true,
      identifier_field: "title",
      slug: "{{slug}}",
      summary: "{{path}}: {{title}}",
      fields: pageFields,
    })),
    {
      // One file, not a folder: the header menus, footer columns and social links of every page.
      name: "settings",
      label: "Site settings",
      files: [
        {
          name: "navigation",
          label: "Navigation: header menus, footer columns, social links",
          file: "content/settings/navigation.yml",
          fields: patchDeep(
            patchDeep(fieldsOf(shapeOf(navigationSchema)), "url", { pattern: LINK_PATTERN }),
            "useCasesLink",
            { pattern: SITE_PATH_PATTERN },
          ),
        },
        {
          name: "redirects",
          label: "Redirects: old addresses and campaign paths",
          file: REDIRECTS_FILE,
          fields: patchDeep(
            patchDeep(
              patchDeep(fieldsOf(shapeOf(redirectsSchema)), "from", {
                hint: REDIRECT_HINTS.from,
                pattern: REDIRECT_FROM_PATTERN,
              }),
              "to",
              { hint: REDIRECT_HINTS.to, pattern: REDIRECT_TO_PATTERN },
            ),
            "permanent",
            { hint: REDIRECT_HINTS.permanent },
          ),
        },
        {
          name: "agents",
          label: "Agents: llms.txt, AI crawler preferences, security.txt",
          file: AGENTS_FILE,
          fields: patchFields(
            Object.entries(AGENT_HINTS).reduce(
              (fields, [name, hint]) => patchDeep(fields, name, { hint }),
              patchDeep(fieldsOf(shapeOf(agentsSchema)), "link", { pattern: LINK_PATTERN }),
            ),
            {
              llms: { label: "llms.txt: what AI assistants read first" },
              contentSignal: { label: "AI preferences (robots.txt's Content-Signal)" },
              securityTxt: { label: "security.txt: how to report a vulnerability" },
            },
          ),
        },
      ],
    },
  ];
  return {
    // The github backend through the site's own OAuth functions; the admin module adds the repository,
    // the API root and base_url (the admin's own origin) when it starts (src/cms/backend.ts, docs/cms.md).
    backend: { name: "github", branch: "main", auth_endpoint: CMS_AUTH_PATH.replace(/^\//, "") },
    // Drafts, review and a deploy preview before anything reaches main (docs/cms.md): each draft is a
    // branch and a pull request, published by merging it.
    publish_mode: "editorial_workflow",
    // `npm run cms` / `npm run develop` start decap-server: on localhost the admin edits content/ directly.
    local_backend: true,
    media_folder: "static/img/uploads",
    public_folder: "/img/uploads",
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    // Every date field, however deep, names the site's time zone and its offsets beside it (fieldRules.ts).
    collections: collections.map(withTimeZoneHintsIn),
  };
}
