/**
 * CMS preview templates: each renders the same src/views component the site renders, with the site's
 * theme and global styles injected into the preview iframe, so a marketer sees the page as published:
 * brand placeholders filled, authors and tags by name, hero, table of contents, highlighted code.
 */
import * as React from "react";
import { StyleSheetManager, ThemeProvider } from "styled-components";
import type { AuthorCardProps } from "../components/AuthorCard";
import type { EntryCardProps } from "../components/EntryCard";
import { site } from "../config/site";
import { listedPosts, paths, POSTS_PER_PAGE, relatedPosts, type ListablePost } from "../data/blog";
import {
  blogCrumbs,
  languageNames,
  postCta,
  postMeta,
  textFor,
  toWebinarView,
} from "../views/blogView";
import { fillPlaceholders } from "../data/content";
import type { PictureData } from "../data/images";
import type { SectionContent } from "../data/sectionSchemas";
import { GlobalStyle } from "../styles/GlobalStyle";
import { theme } from "../styles/theme";
import { BlogPostView } from "../views/BlogPostView";
import { CaseStudyView } from "../views/CaseStudyView";
import { ListingView } from "../views/ListingView";
import { MarketingPageView } from "../views/MarketingPageView";
import { WebinarView } from "../views/WebinarView";
import { PAGE_COLLECTIONS } from "./collections";
import { NavigationPreview } from "./NavigationPreview";
import { previewMarkdown } from "./previewMarkdown";

type Getter = { getIn(path: string[]): unknown };

/** The part of Decap's preview props the templates read (Immutable.js values). */
export type PreviewProps = {
  entry: Getter & { get(key: string): unknown };
  document: Document;
  /** Resolves a media path of this entry (relative to its folder) to a URL. */
  getAsset?: (path: string) => { toString(): string } | null | undefined;
  /** Data of the entries the relation widgets picked: fieldName → collection → value → data. */
  fieldsMetaData?: Getter;
  /** Decap 3.x: a collection's entries (List of Map{data, slug, path}) or one entry by slug. */
  getCollection?: (collection: string, slug?: string) => Promise<unknown>;
};

type Data = Record<string, unknown>;
interface CollectionEntry {
  slug: string;
  data: Data;
}

/** Immutable values → plain JS (lists and maps from the editor, strings as they are). */
export function plain<T>(value: unknown, fallback: T): T {
  if (value === undefined || value === null) return fallback;
  const convertible = value as { toJS?: () => unknown };
  return (typeof convertible.toJS === "function" ? convertible.toJS() : value) as T;
}

const text = (value: unknown): string => (typeof value === "string" ? fillPlaceholders(value) : "");
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** A date field (a Date, or a string from the editor or the file) as an ISO string; now when unset. */
export function isoDate(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value ?? ""));
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
}

/** Reading time as gatsby-transformer-remark estimates it (265 words a minute, at least one). */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 265));
}

/** The site's theme and styles, injected into the preview iframe's own <head>. */
export function SiteFrame({
  document,
  children,
}: {
  document: Document;
  children: React.ReactNode;
}) {
  return (
    <StyleSheetManager target={document.head}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <div data-cms-preview>{children}</div>
      </ThemeProvider>
    </StyleSheetManager>
  );
}

const dataOf = (props: PreviewProps): Data => plain<Data>(props.entry.getIn(["data"]), {});

/** The entry's key: its file name once saved, else what the slug field says. */
const slugOf = (props: PreviewProps, data: Data): string =>
  (typeof props.entry.get("slug") === "string" ? String(props.entry.get("slug")) : "") ||
  (typeof data["slug"] === "string" ? data["slug"] : "");

/** Every entry of another collection (empty until loaded, or when this Decap has no getCollection). */
function useCollection(props: PreviewProps, name: string): CollectionEntry[] {
  const [entries, setEntries] = React.useState<CollectionEntry[]>([]);
  const { getCollection } = props;
  React.useEffect(() => {
    if (!getCollection) return undefined;
    let live = true;
    getCollection(name)
      .then((result) => {
        const items = plain<Array<{ slug?: unknown; data?: unknown }>>(result, []);
        if (live)
          setEntries(
            items.map((item) => ({
              slug: String(item.slug ?? ""),
              data: plain<Data>(item.data, {}),
            })),
          );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [getCollection, name]);
  return entries;
}

/**
 * Looks up related entries by key: first in what the relation widget loaded for this field, then in
 * the collection itself; a key nobody knows stays a bare key.
 */
function related(
  props: PreviewProps,
  field: string | null,
  collection: string,
  entries: CollectionEntry[],
): (key: string) => Data | undefined {
  return (key) => {
    const meta = field ? props.fieldsMetaData?.getIn([field, collection, key]) : undefined;
    if (meta !== undefined && meta !== null) return plain<Data>(meta, {});
    return entries.find((entry) => entry.slug === key)?.data;
  };
}

/** The natural size of an image, so the preview reserves the same box the built page does. */
function useImageSize(src: string | undefined, view: (Window & typeof globalThis) | undefined) {
  const [size, setSize] = React.useState<{ width: number; height: number } | null>(null);
  React.useEffect(() => {
    if (!src || !view) return undefined;
    const image = new view.Image();
    image.onload = () => setSize({ width: image.naturalWidth, height: image.naturalHeight });
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src, view]);
  return size;
}

/** The URL of one of this entry's images, or undefined. */
function assetUrl(props: PreviewProps, path: unknown): string | undefined {
  if (typeof path !== "string" || path.trim() === "") return undefined;
  const asset = props.getAsset?.(path);
  const url = asset ? asset.toString() : "";
  return url || undefined;
}

/** A blog entry as the listing rules see it (its key stands in for the node id). */
const listable = (entry: CollectionEntry): ListablePost => ({
  id: entry.slug,
  date: isoDate(entry.data["date"]),
  tagKeys: list(entry.data["tags"]),
  draft: entry.data["draft"] === true,
  hidden: entry.data["hidden"] === true,
  locale: typeof entry.data["locale"] === "string" ? entry.data["locale"] : "en",
  featured: entry.data["featured"] === true,
});

/** A post card like the site's (without its image, which lives beside another entry). */
function postCard(
  entry: CollectionEntry,
  authorOf: (key: string) => Data | undefined,
  tagOf: (key: string) => Data | undefined,
): EntryCardProps {
  const post = listable(entry);
  const names = list(entry.data["authors"]).map((key) => text(authorOf(key)?.["name"]) || key);
  const firstTag = post.tagKeys[0];
  return {
    href: paths.post(entry.slug),
    title: text(entry.data["title"]),
    description: text(entry.data["description"]),
    label: firstTag ? text(tagOf(firstTag)?.["label"]) || firstTag : undefined,
    meta: [
      names.join(", "),
      postMeta({
        date: post.date,
        timeToRead: readingMinutes(text(entry.data["body"])),
        locale: post.locale,
      }),
    ]
      .filter(Boolean)
      .join(" · "),
  };
}

function authorCard(key: string, author: Data | undefined): AuthorCardProps {
  return {
    name: text(author?.["name"]) || key,
    role: text(author?.["role"]),
    href: paths.author(key),
  };
}

/** The post's own call to action when its required parts are filled in (Decap keeps empty objects). */
function ctaOf(data: Data): Parameters<typeof postCta>[0] {
  const cta = fillPlaceholders(
    plain<{ title?: string; lead?: string; label?: string; href?: string } | null>(
      data["cta"],
      null,
    ),
  );
  if (!cta?.title || !cta.label || !cta.href) return null;
  return { title: cta.title, lead: cta.lead || undefined, label: cta.label, href: cta.href };
}

export function BlogPostPreview(props: PreviewProps) {
  const data = dataOf(props);
  const posts = useCollection(props, "blog");
  const authorOf = related(props, "authors", "authors", useCollection(props, "authors"));
  const tagOf = related(props, "tags", "tags", useCollection(props, "tags"));
  const key = slugOf(props, data);
  const title = text(data["title"]) || "Untitled post";
  const locale = typeof data["locale"] === "string" ? data["locale"] : "en";
  const markdown = text(data["body"]);
  const body = previewMarkdown(markdown, locale);
  const dateIso = isoDate(data["date"]);
  const tags = list(data["tags"]).map((tag) => ({
    label: text(tagOf(tag)?.["label"]) || tag,
    href: paths.tag(tag),
  }));
  const heroSrc = assetUrl(props, data["hero"]);
  const heroSize = useImageSize(heroSrc, props.document.defaultView ?? undefined);
  // Until the file's own size is known, the 2:1 of the seed heroes.
  const hero: PictureData | undefined = heroSrc
    ? {
        src: heroSrc,
        sources: [],
        alt: text(data["heroAlt"]),
        ...(heroSize ?? { width: 1200, height: 600 }),
      }
    : undefined;
  const current: ListablePost = { ...listable({ slug: key || "(new)", data }), date: dateIso };
  const others = posts.filter((entry) => entry.slug !== key);
  const original = typeof data["translationOf"] === "string" ? data["translationOf"] : key;
  const family = [
    ...posts.filter((entry) => entry.slug === original),
    ...posts.filter((entry) => entry.data["translationOf"] === original),
  ].filter((entry) => entry.slug !== key && entry.data["draft"] !== true);
  return (
    <SiteFrame document={props.document}>
      <BlogPostView
        crumbs={blogCrumbs(locale, ...(tags[0] ? [tags[0]] : []), { label: title })}
        title={title}
        description={text(data["description"])}
        meta={postMeta({ date: dateIso, timeToRead: readingMinutes(markdown), locale })}
        dateIso={dateIso}
        tags={tags}
        authors={list(data["authors"]).map((author) => authorCard(author, authorOf(author)))}
        hero={hero}
        html={body.html}
        toc={body.toc}
        related={
          locale === "en"
            ? relatedPosts(current, others.map(listable))
                .map((post) => others.find((entry) => entry.slug === post.id))
                .filter((entry): entry is CollectionEntry => entry !== undefined)
                .map((entry) => postCard(entry, authorOf, tagOf))
            : []
        }
        cta={postCta(ctaOf(data), locale)}
        translations={family.map((entry) => {
          const other = listable(entry).locale;
          return {
            href: paths.post(entry.slug),
            lang: other,
            label:
              other === "en"
                ? textFor("en").readIn
                : `${textFor(other).readIn} (${languageNames[other] ?? other})`,
          };
        })}
        text={textFor(locale)}
      />
    </SiteFrame>
  );
}

/** Listed posts matching `keep`, newest first, as the first page of the site's listing shows them. */
function firstPage(
  posts: CollectionEntry[],
  keep: (post: ListablePost) => boolean,
  authorOf: (key: string) => Data | undefined,
  tagOf: (key: string) => Data | undefined,
): EntryCardProps[] {
  return listedPosts(posts.map(listable))
    .filter(keep)
    .slice(0, POSTS_PER_PAGE)
    .map((post) => posts.find((entry) => entry.slug === post.id))
    .filter((entry): entry is CollectionEntry => entry !== undefined)
    .map((entry) => postCard(entry, authorOf, tagOf));
}

export function AuthorPreview(props: PreviewProps) {
  const data = dataOf(props);
  const key = slugOf(props, data);
  const posts = useCollection(props, "blog");
  const authors = useCollection(props, "authors");
  const tags = useCollection(props, "tags");
  const authorOf = related(props, null, "authors", authors);
  const tagOf = related(props, null, "tags", tags);
  const name = text(data["name"]) || "New author";
  const photoSrc = assetUrl(props, data["photo"]);
  const ownPosts = (post: ListablePost) =>
    list(posts.find((entry) => entry.slug === post.id)?.data["authors"]).includes(key);
  const ownTags = [
    ...new Set(
      listedPosts(posts.map(listable))
        .filter(ownPosts)
        .flatMap((p) => p.tagKeys),
    ),
  ].sort();
  return (
    <SiteFrame document={props.document}>
      <ListingView
        crumbs={blogCrumbs("en", { label: name })}
        eyebrow="Author"
        title={`Articles by ${name}`}
        author={{
          name,
          role: text(data["role"]),
          href: paths.author(key),
          bio: text(data["bio"]),
          links: plain<Array<{ label: string; url: string }>>(data["links"], []),
          photo: photoSrc
            ? { src: photoSrc, width: 112, height: 112, sources: [], alt: name }
            : undefined,
        }}
        entries={firstPage(posts, ownPosts, authorOf, tagOf)}
        listTitle="Articles"
        emptyText="No articles here yet."
        topics={{
          title: "Topics",
          links: ownTags.map((tag) => ({
            label: text(tagOf(tag)?.["label"]) || tag,
            href: paths.authorTag(key, tag),
          })),
        }}
        cta={postCta(null, "en")}
      />
    </SiteFrame>
  );
}

export function TagPreview(props: PreviewProps) {
  const data = dataOf(props);
  const key = slugOf(props, data);
  const posts = useCollection(props, "blog");
  const authorOf = related(props, null, "authors", useCollection(props, "authors"));
  const tagOf = (tag: string) => (tag === key ? data : undefined);
  const label = text(data["label"]) || "New tag";
  return (
    <SiteFrame document={props.document}>
      <ListingView
        crumbs={blogCrumbs("en", { label })}
        eyebrow="Topic"
        title={label}
        lead={text(data["description"])}
        entries={firstPage(posts, (post) => post.tagKeys.includes(key), authorOf, tagOf)}
        listTitle="Articles"
        emptyText="No articles here yet."
        cta={postCta(null, "en")}
      />
    </SiteFrame>
  );
}

export function CaseStudyPreview(props: PreviewProps) {
  const data = dataOf(props);
  const title = text(data["title"]) || "Untitled case study";
  const quote = fillPlaceholders(
    plain<{ text: string; author: string; role: string } | null>(data["quote"], null),
  );
  return (
    <SiteFrame document={props.document}>
      <CaseStudyView
        crumbs={[
          { label: "Home", href: "/" },
          { label: "Case studies", href: paths.caseStudies() },
          { label: title },
        ]}
        title={title}
        description={text(data["description"])}
        customer={text(data["customer"])}
        industry={text(data["industry"])}
        highlights={fillPlaceholders(
          plain<Array<{ value: string; label: string }>>(data["highlights"], []),
        )}
        {...(quote && quote.text ? { quote } : {})}
        html={previewMarkdown(text(data["body"])).html}
        cta={postCta(null, "en")}
      />
    </SiteFrame>
  );
}

export function WebinarPreview(props: PreviewProps) {
  const data = dataOf(props);
  const speakers = fillPlaceholders(
    plain<Array<{ name: string; role: string; company?: string }>>(data["speakers"], []),
  );
  return (
    <SiteFrame document={props.document}>
      <WebinarView
        {...toWebinarView({
          title: text(data["title"]) || "Untitled webinar",
          description: text(data["description"]),
          date: isoDate(data["date"]),
          durationMinutes:
            typeof data["durationMinutes"] === "number" ? data["durationMinutes"] : 0,
          format: typeof data["format"] === "string" ? data["format"] : "on-demand",
          hubspotFormId: text(data["hubspotFormId"]),
          html: previewMarkdown(text(data["body"])).html,
          speakers,
        })}
      />
    </SiteFrame>
  );
}

export function MarketingPagePreview(props: PreviewProps) {
  const sections = fillPlaceholders(
    plain<SectionContent[]>(props.entry.getIn(["data", "sections"]), []),
  );
  return (
    <SiteFrame document={props.document}>
      <main aria-label={`${site.productName} page preview`}>
        <MarketingPageView sections={sections} />
      </main>
    </SiteFrame>
  );
}

/**
 * Collection name → preview (a file collection's previews go by file name, as Decap looks them up);
 * every collection of src/cms/model.ts has one (tests/unit/cms checks it).
 */
export const PREVIEWS: Record<string, React.ComponentType<PreviewProps>> = {
  blog: BlogPostPreview,
  authors: AuthorPreview,
  tags: TagPreview,
  "case-studies": CaseStudyPreview,
  webinars: WebinarPreview,
  ...Object.fromEntries(PAGE_COLLECTIONS.map((name) => [name, MarketingPagePreview])),
  navigation: NavigationPreview,
};
