/**
 * What the CMS previews read from Decap: its props (Immutable.js values) as plain data, other
 * collections' entries, related authors and tags, images, and the post cards the lists show.
 */
import * as React from "react";
import type { AuthorCardProps } from "../components/AuthorCard";
import type { EntryCardProps } from "../components/EntryCard";
import { paths, type ListablePost } from "../data/blog";
import { postCta, postMeta } from "../views/blogView";
import { fillPlaceholders } from "../data/content";
import { dateLabel } from "../data/dateLabels";
import { readingMinutes } from "../data/readingTime";
import { parseSiteDate } from "../data/siteTime";
import { isPublished } from "../data/schedule";
import { loadPostSummaries, type PostSummary } from "./postSummaries";

export type Getter = { getIn(path: string[]): unknown };

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

export type Data = Record<string, unknown>;
export interface CollectionEntry {
  slug: string;
  data: Data;
}

/** Immutable values → plain JS (lists and maps from the editor, strings as they are). */
export function plain<T>(value: unknown, fallback: T): T {
  if (value === undefined || value === null) return fallback;
  const convertible = value as { toJS?: () => unknown };
  return (typeof convertible.toJS === "function" ? convertible.toJS() : value) as T;
}

export const text = (value: unknown): string =>
  typeof value === "string" ? fillPlaceholders(value) : "";
export const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * A date field (a Date, or a string from the editor or the file) as an ISO string, a zone-less one read in
 * the site's time zone as the build reads it; now when unset.
 */
export function isoDate(value: unknown): string {
  return (parseSiteDate(value) ?? new Date()).toISOString();
}

export const dataOf = (props: PreviewProps): Data => plain<Data>(props.entry.getIn(["data"]), {});

/**
 * The entry's key: its file name once saved (a post's folder: Decap names content/blog/<key>/index.md
 * "<key>/index"), else what the slug field says.
 */
export const slugOf = (props: PreviewProps, data: Data): string =>
  (typeof props.entry.get("slug") === "string"
    ? String(props.entry.get("slug")).replace(/\/index$/, "")
    : "") || (typeof data["slug"] === "string" ? data["slug"] : "");

type GetCollection = NonNullable<PreviewProps["getCollection"]>;

/** A collection's entries through Decap, as plain data. */
async function readCollection(getCollection: GetCollection, name: string) {
  const items = plain<Array<{ slug?: unknown; data?: unknown }>>(await getCollection(name), []);
  return items.map((item): CollectionEntry => ({
    slug: String(item.slug ?? ""),
    data: plain<Data>(item.data, {}),
  }));
}

/** Every entry of another collection (empty until loaded, or when this Decap has no getCollection). */
export function useCollection(props: PreviewProps, name: string): CollectionEntry[] {
  const [entries, setEntries] = React.useState<CollectionEntry[]>([]);
  const { getCollection } = props;
  React.useEffect(() => {
    if (!getCollection) return undefined;
    let live = true;
    readCollection(getCollection, name)
      .then((items) => {
        if (live) setEntries(items);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [getCollection, name]);
  return entries;
}

/** Blog entries summarised as the build summarises the published ones (postSummaries.ts). */
export function summariesOf(entries: readonly CollectionEntry[], at = new Date()): PostSummary[] {
  return entries
    .filter((entry) => entry.data["draft"] !== true && isPublished(isoDate(entry.data["date"]), at))
    .map((entry) => ({
      slug: entry.slug,
      title: text(entry.data["title"]),
      description: text(entry.data["description"]),
      date: isoDate(entry.data["date"]),
      tags: list(entry.data["tags"]),
      authors: list(entry.data["authors"]),
      locale: typeof entry.data["locale"] === "string" ? entry.data["locale"] : "en",
      translationOf:
        typeof entry.data["translationOf"] === "string" ? entry.data["translationOf"] : null,
      hidden: entry.data["hidden"] === true,
      featured: entry.data["featured"] === true,
      minutes: readingMinutes(text(entry.data["body"])),
    }));
}

/**
 * The published posts for a preview, from the build's summaries; where the site has none (`gatsby develop`), the
 * blog collection through the local backend, summarised the same way. Empty until loaded.
 */
export function usePublishedPosts(props: PreviewProps): PostSummary[] {
  const [posts, setPosts] = React.useState<PostSummary[]>([]);
  const { getCollection } = props;
  React.useEffect(() => {
    let live = true;
    void (async () => {
      const summaries =
        (await loadPostSummaries()) ??
        (getCollection ? summariesOf(await readCollection(getCollection, "blog")) : []);
      if (live) setPosts(summaries);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [getCollection]);
  return posts;
}

/**
 * Looks up related entries by key: first in what the relation widget loaded for this field, then in
 * the collection itself; a key nobody knows stays a bare key.
 */
export function related(
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
export function useImageSize(
  src: string | undefined,
  view: (Window & typeof globalThis) | undefined,
) {
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
export function assetUrl(props: PreviewProps, path: unknown): string | undefined {
  if (typeof path !== "string" || path.trim() === "") return undefined;
  const asset = props.getAsset?.(path);
  const url = asset ? asset.toString() : "";
  return url || undefined;
}

/** A blog entry as the listing rules see it (its key stands in for the node id). */
export const listable = (entry: CollectionEntry): ListablePost => ({
  id: entry.slug,
  date: isoDate(entry.data["date"]),
  tagKeys: list(entry.data["tags"]),
  draft: entry.data["draft"] === true,
  hidden: entry.data["hidden"] === true,
  locale: typeof entry.data["locale"] === "string" ? entry.data["locale"] : "en",
  featured: entry.data["featured"] === true,
});

/** A post card like the site's (without its image, which lives beside another entry). */
export function summaryCard(
  post: PostSummary,
  authorOf: (key: string) => Data | undefined,
  tagOf: (key: string) => Data | undefined,
): EntryCardProps {
  const names = post.authors.map((key) => text(authorOf(key)?.["name"]) || key);
  const firstTag = post.tags[0];
  return {
    href: paths.post(post.slug),
    title: post.title,
    description: post.description,
    label: firstTag ? text(tagOf(firstTag)?.["label"]) || firstTag : undefined,
    meta: [
      names.join(", "),
      postMeta({
        dateLabel: dateLabel(post.date, post.locale),
        timeToRead: post.minutes,
        locale: post.locale,
      }),
    ]
      .filter(Boolean)
      .join(" · "),
  };
}

export function authorCard(key: string, author: Data | undefined): AuthorCardProps {
  return {
    name: text(author?.["name"]) || key,
    role: text(author?.["role"]),
    href: paths.author(key),
  };
}

/** The post's own call to action when its required parts are filled in (Decap keeps empty objects). */
export function ctaOf(data: Data): Parameters<typeof postCta>[0] {
  const cta = fillPlaceholders(
    plain<{ title?: string; lead?: string; label?: string; href?: string } | null>(
      data["cta"],
      null,
    ),
  );
  if (!cta?.title || !cta.label || !cta.href) return null;
  return { title: cta.title, lead: cta.lead || undefined, label: cta.label, href: cta.href };
}
