/** Maps queried blog, case-study and webinar nodes to the props the views render (views never see GraphQL shapes). */
import type { AuthorCardProps } from "../components/AuthorCard";
import type { EntryCardProps } from "../components/EntryCard";
import { site } from "../config/site";
import { paths } from "../data/blog";
import { toPictureData, type ImageDataLike } from "../data/images";
import type { CtaBannerContent } from "../data/sectionSchemas";
import type { WebinarViewProps } from "./WebinarView";

type Maybe<T> = T | null | undefined;

export interface ImageNode {
  childImageSharp?: Maybe<{ gatsbyImageData: unknown }>;
}

export interface PostNode {
  path: string;
  title: string;
  description: string;
  date: string;
  /** The day as the page shows it, written at build time (createResolvers). */
  dateLabel: string;
  timeToRead?: Maybe<number>;
  locale: string;
  heroAlt?: Maybe<string>;
  hero?: Maybe<ImageNode>;
  tags: ReadonlyArray<Maybe<{ key: string; label: string; path: string }>>;
  authors: ReadonlyArray<Maybe<{ name: string }>>;
}

export interface AuthorNode {
  key: string;
  path: string;
  name: string;
  role: string;
  bio: string;
  links: ReadonlyArray<{ label: string; url: string }>;
  photo?: Maybe<ImageNode>;
}

/** Interface text in each locale a post can be written in. */
export const blogText = {
  en: {
    blog: "Blog",
    home: "Home",
    contents: "On this page",
    writtenBy: "Written by",
    related: "Related articles",
    topics: "Topics",
    minRead: (n: number) => `${n} min read`,
    readIn: "Read in English",
  },
  "pt-BR": {
    blog: "Blog",
    home: "Início",
    contents: "Nesta página",
    writtenBy: "Escrito por",
    related: "Artigos relacionados",
    topics: "Tópicos",
    minRead: (n: number) => `${n} min de leitura`,
    readIn: "Leia em português",
  },
} as const;

export type BlogText = (typeof blogText)["en"] | (typeof blogText)["pt-BR"];

export const textFor = (locale: string): BlogText =>
  locale === "pt-BR" ? blogText["pt-BR"] : blogText.en;

const compact = <T>(items: ReadonlyArray<Maybe<T>>): T[] =>
  items.filter((item): item is T => item !== null && item !== undefined);

export function imageOf(node: Maybe<ImageNode>, alt: Maybe<string>) {
  return toPictureData(
    (node?.childImageSharp?.gatsbyImageData ?? null) as ImageDataLike | null,
    alt ?? "",
  );
}

/** "12 March 2025 · 6 min read", in the post's own language. */
export function postMeta(post: Pick<PostNode, "dateLabel" | "timeToRead" | "locale">): string {
  const text = textFor(post.locale);
  const parts = [post.dateLabel];
  if (post.timeToRead) parts.push(text.minRead(post.timeToRead));
  return parts.join(" · ");
}

export function toPostCard(post: PostNode): EntryCardProps {
  const tags = compact(post.tags);
  const authors = compact(post.authors).map((a) => a.name);
  return {
    href: post.path,
    title: post.title,
    description: post.description,
    label: tags[0]?.label,
    meta: [authors.join(", "), postMeta(post)].filter(Boolean).join(" · "),
    image: imageOf(post.hero, post.heroAlt),
    lang: post.locale === "en" ? undefined : post.locale,
  };
}

export function toAuthorCard(author: AuthorNode, withBio = false): AuthorCardProps {
  return {
    name: author.name,
    role: author.role,
    href: author.path,
    bio: withBio ? author.bio : undefined,
    links: withBio ? author.links : [],
    photo: imageOf(author.photo, author.name),
  };
}

/** The table of contents: second- and third-level headings that have an anchor. */
export function tocOf(
  headings: ReadonlyArray<
    Maybe<{ id?: Maybe<string>; value?: Maybe<string>; depth?: Maybe<number> }>
  >,
) {
  return compact(headings)
    .filter((h) => h.id && h.value && (h.depth === 2 || h.depth === 3))
    .map((h) => ({ id: h.id ?? "", title: h.value ?? "", depth: h.depth === 3 ? 3 : 2 }) as const);
}

/** Language names shown on the link to a post's other version. */
export const languageNames: Record<string, string> = {
  en: "English",
  "pt-BR": "Português (Brasil)",
};

/** The call to action closing every post unless the post names its own. */
export function postCta(
  cta: Maybe<{ title: string; lead?: Maybe<string>; label: string; href: string }>,
  locale: string,
): CtaBannerContent {
  if (cta)
    return {
      type: "CtaBanner",
      title: cta.title,
      lead: cta.lead ?? undefined,
      ctas: [{ label: cta.label, href: cta.href }],
    };
  if (locale === "pt-BR") {
    return {
      type: "CtaBanner",
      title: `Experimente o ${site.productName} no seu próprio tráfego`,
      lead: "Identifique dispositivos que retornam e sinais de risco sem atrito para clientes reais. Teste grátis, sem cartão de crédito.",
      ctas: [
        { label: "Começar teste grátis", href: site.external.signup },
        { label: "Falar com vendas", href: "/contact-sales/" },
      ],
    };
  }
  return {
    type: "CtaBanner",
    title: `Try ${site.productName} on your own traffic`,
    lead: "Recognise returning devices and risky sessions without adding friction for real customers. Free trial, no credit card.",
    ctas: [
      { label: "Start free trial", href: site.external.signup },
      { label: "Contact sales", href: "/contact-sales/" },
    ],
  };
}

/** Crumbs for a page inside the blog. */
export function blogCrumbs(locale: string, ...rest: Array<{ label: string; href?: string }>) {
  const text = textFor(locale);
  return [{ label: text.home, href: "/" }, { label: text.blog, href: paths.blog() }, ...rest];
}

/** "Live · 45 minutes · June 4, 2025, 3:00 PM UTC" or "On demand · 45 minutes · recorded June 4, 2025". */
export function webinarMeta(webinar: {
  format: string;
  durationMinutes: number;
  dateLabel: string;
  timeLabel: string;
}): string {
  return webinar.format === "live"
    ? `Live · ${webinar.durationMinutes} minutes · ${webinar.dateLabel}, ${webinar.timeLabel}`
    : `On demand · ${webinar.durationMinutes} minutes · recorded ${webinar.dateLabel}`;
}

/** What the webinar page and its CMS preview know about a webinar. */
export interface WebinarLike {
  title: string;
  description: string;
  /** The day and the time of day as the page shows them, written at build time (createResolvers). */
  dateLabel: string;
  timeLabel: string;
  durationMinutes: number;
  format: string;
  hubspotFormId: string;
  html: string;
  speakers: ReadonlyArray<{ name: string; role: string; company?: Maybe<string> }>;
}

export const webinarCrumbs = (title: string) => [
  { label: "Home", href: "/" },
  { label: "Webinars", href: paths.webinars() },
  { label: title },
];

/** The webinar view's props, with the registration form slot (the site's template and the CMS preview share it). */
export function toWebinarView(webinar: WebinarLike): WebinarViewProps {
  const live = webinar.format === "live";
  return {
    crumbs: webinarCrumbs(webinar.title),
    eyebrow: live ? "Live webinar" : "On-demand webinar",
    title: webinar.title,
    description: webinar.description,
    meta: webinarMeta(webinar),
    speakers: webinar.speakers.map((s) => ({
      name: s.name,
      role: s.role,
      company: s.company ?? undefined,
    })),
    html: webinar.html,
    hubspotFormId: webinar.hubspotFormId,
    form: {
      type: "FormSection",
      id: "register",
      eyebrow: live ? "Save your seat" : "Watch the recording",
      title: live ? "Register for the webinar" : "Get the recording",
      lead: live
        ? "We will email you a calendar invitation and the recording afterwards."
        : "We will email you the recording and the slides.",
      form: "WebinarForm",
      points: [],
    },
  };
}
