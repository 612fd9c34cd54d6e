/** A blog post body: header with meta, hero image, table of contents, article, authors, related posts and a call to action. */
import * as React from "react";
import styled from "styled-components";
import { AuthorCard, type AuthorCardProps } from "../components/AuthorCard";
import { Container } from "../components/Container";
import { CopyPage } from "../components/CopyPage";
import { EntryCard, type EntryCardProps } from "../components/EntryCard";
import { Heading } from "../components/Heading";
import { Link } from "../components/Link";
import { MarkdownBody } from "../components/MarkdownBody";
import { PageHeader } from "../components/PageHeader";
import { Picture } from "../components/Picture";
import { Grid } from "../components/Stack";
import type { BlogText } from "./blogView";
import type { PictureData } from "../data/images";
import type { CtaBannerContent } from "../data/sectionSchemas";
import type { Crumb } from "../data/structuredData";
import { CtaBanner } from "../sections/CtaBanner";
import { lazyOnDemand } from "../hooks/lazyOnDemand";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

// Loaded once the visitor scrolls: the offer only matters after they have read most of the article.
const { Component: NewsletterPopup, start: loadNewsletterPopup } = lazyOnDemand(async () => {
  const module = await import(
    /* webpackChunkName: "newsletter-popup" */ "../forms/NewsletterPopup"
  );
  return { default: module.NewsletterPopup };
});

/**
 * True once the visitor scrolls (or a reload restored a scrolled page: that visitor is already reading); the
 * popup's code is fetched then. Until then the popup is not rendered at all, on the server either: a
 * server-rendered boundary waiting for its code stays dehydrated, and React 18 holds back every transition
 * that changes a context above it, so on posts the consent banner and identification waited for a scroll.
 */
function useReadingStarted(load: () => void): boolean {
  const [started, setStarted] = React.useState(false);
  React.useEffect(() => {
    const start = () => {
      load();
      setStarted(true);
    };
    if (window.scrollY > 0) {
      start();
      return undefined;
    }
    window.addEventListener("scroll", start, { passive: true, once: true });
    return () => window.removeEventListener("scroll", start);
  }, [load]);
  return started;
}

export interface BlogPostViewProps {
  crumbs: Crumb[];
  title: string;
  description: string;
  /** e.g. "12 March 2025 · 6 min read". */
  meta: string;
  dateIso: string;
  /** A tag without `href` has no page (all its other posts are hidden) and is shown without a link. */
  tags: Array<{ label: string; href?: string }>;
  authors: AuthorCardProps[];
  hero?: PictureData;
  html: string;
  toc: ReadonlyArray<{ id: string; title: string; depth: 2 | 3 }>;
  related: EntryCardProps[];
  cta: CtaBannerContent;
  /** Links to the post in its other languages. */
  translations: Array<{ label: string; href: string; lang: string }>;
  text: BlogText;
  /** The post's Markdown twin, when it has one: "Copy page" and "View as Markdown" under the byline. */
  twinPath?: string | null;
}

export function BlogPostView({
  crumbs,
  title,
  description,
  meta,
  dateIso,
  tags,
  authors,
  hero,
  html,
  toc,
  related,
  cta,
  translations,
  text,
  twinPath = null,
}: BlogPostViewProps) {
  const reading = useReadingStarted(loadNewsletterPopup);
  return (
    <article>
      <PageHeader crumbs={crumbs} eyebrow={tags[0]?.label} title={title} lead={description}>
        <Byline>
          {authors.map((a) => a.name).join(", ")} · <time dateTime={dateIso}>{meta}</time>
        </Byline>
        {translations.length > 0 ? (
          <Translations>
            {translations.map((t) => (
              <Link key={t.href} href={t.href} hrefLang={t.lang} lang={t.lang}>
                {t.label}
              </Link>
            ))}
          </Translations>
        ) : null}
        {twinPath ? <CopyPage twinPath={twinPath} /> : null}
      </PageHeader>
      <Container>
        <Columns $withToc={toc.length > 0}>
          {toc.length > 0 ? (
            <Toc aria-labelledby="toc-title">
              <TocTitle id="toc-title">{text.contents}</TocTitle>
              <ol>
                {toc.map((item) => (
                  <TocItem key={item.id} $depth={item.depth}>
                    <a href={`#${item.id}`}>{item.title}</a>
                  </TocItem>
                ))}
              </ol>
            </Toc>
          ) : null}
          <Main>
            {hero ? (
              <HeroImage image={hero} loading="eager" sizes="(min-width: 800px) 766px, 100vw" />
            ) : null}
            <MarkdownBody html={html} />
            {tags.length > 0 ? (
              <Tags aria-label={text.topics}>
                {tags.map((tag) => (
                  <li key={tag.label}>
                    {tag.href ? <Link href={tag.href}>{tag.label}</Link> : <span>{tag.label}</span>}
                  </li>
                ))}
              </Tags>
            ) : null}
            <Authors aria-labelledby="authors-title">
              <Heading level={2} size="sm" id="authors-title">
                {text.writtenBy}
              </Heading>
              {authors.map((author) => (
                <AuthorCard key={author.name} {...author} />
              ))}
            </Authors>
          </Main>
        </Columns>
        {related.length > 0 ? (
          // Other posts' titles and summaries: this post is not a result for their words.
          <Related aria-labelledby="related-title" data-pagefind-ignore="all">
            <Heading level={2} size="lg" id="related-title">
              {text.related}
            </Heading>
            <RelatedGrid $columns={3} as="ul" role="list">
              {related.map((entry) => (
                <li key={entry.href}>
                  <EntryCard {...entry} />
                </li>
              ))}
            </RelatedGrid>
          </Related>
        ) : null}
      </Container>
      <CtaBanner {...cta} />
      {reading ? (
        <React.Suspense fallback={null}>
          <NewsletterPopup />
        </React.Suspense>
      ) : null}
    </article>
  );
}

const Byline = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.muted};
`;

const Translations = styled.p`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const Columns = styled.div<{ $withToc: boolean }>`
  display: grid;
  gap: ${theme.space[6]};
  padding-block: ${theme.space[7]};

  ${media.up("lg")} {
    grid-template-columns: ${({ $withToc }) => ($withToc ? `minmax(0, 1fr) minmax(0, ${theme.sizes.contentImage}) minmax(0, 1fr)` : `minmax(0, 1fr)`)};
    justify-content: center;
  }
`;

const Main = styled.div`
  min-width: 0;
  max-width: ${theme.sizes.contentImage};
  width: 100%;
  margin-inline: auto;
`;

const HeroImage = styled(Picture)`
  margin-bottom: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
`;

const Toc = styled.nav`
  align-self: start;
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};
  font-size: ${theme.fontSizes.sm};

  ol {
    margin: ${theme.space[2]} 0 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: block;
    padding-block: ${theme.space[1]};
    color: ${theme.colors.inkSoft};
    text-decoration: none;
  }
  a:hover {
    color: ${theme.colors.accent};
    text-decoration: underline;
  }

  ${media.up("lg")} {
    position: sticky;
    top: calc(${theme.sizes.header} + ${theme.space[5]});
    max-height: calc(100vh - ${theme.sizes.header} - ${theme.space[7]});
    overflow-y: auto;
    background: none;
    padding: 0;
  }
`;

const TocTitle = styled.p`
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${theme.colors.muted};
`;

const TocItem = styled.li<{ $depth: 2 | 3 }>`
  padding-left: ${({ $depth }) => ($depth === 3 ? theme.space[4] : 0)};
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin: ${theme.space[7]} 0 0;
  padding: 0;
  list-style: none;

  a,
  span {
    display: inline-block;
    padding: ${theme.space[1]} ${theme.space[3]};
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.surfaceSunken};
    color: ${theme.colors.inkSoft};
    font-size: ${theme.fontSizes.sm};
    text-decoration: none;
  }
`;

const Authors = styled.section`
  display: grid;
  gap: ${theme.space[5]};
  margin-top: ${theme.space[7]};
  padding: ${theme.space[5]};
  border-radius: ${theme.radii.lg};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
`;

const Related = styled.section`
  display: grid;
  gap: ${theme.space[5]};
  padding-block: ${theme.space[7]};
  border-top: ${theme.borders.hairline} solid ${theme.colors.line};
`;

const RelatedGrid = styled(Grid)`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
  }
  li > * {
    flex: 1;
  }
`;
