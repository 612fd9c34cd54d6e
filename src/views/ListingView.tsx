/** A listing page body (blog index, tag, author, case studies, webinars): header, featured entry, grid, pager. */
import * as React from "react";
import styled from "styled-components";
import type { AuthorCardProps } from "../components/AuthorCard";
import { AuthorCard } from "../components/AuthorCard";
import { Container } from "../components/Container";
import { EntryCard, type EntryCardProps } from "../components/EntryCard";
import { Heading } from "../components/Heading";
import { Link } from "../components/Link";
import { PageHeader } from "../components/PageHeader";
import { Pagination } from "../components/Pagination";
import { SectionShell } from "../components/SectionShell";
import { Grid } from "../components/Stack";
import { Text } from "../components/Text";
import { pagePath } from "../data/blog";
import type { Crumb } from "../data/structuredData";
import type { CtaBannerContent } from "../data/sectionSchemas";
import { NewsletterBanner } from "../sections/NewsletterBanner";
import { CtaBanner } from "../sections/CtaBanner";
import { theme } from "../styles/theme";

export interface ListingViewProps {
  crumbs: Crumb[];
  eyebrow?: string;
  title: string;
  lead?: string;
  author?: AuthorCardProps;
  featured?: EntryCardProps;
  entries: EntryCardProps[];
  /** Heading above the grid (visually hidden when there is no featured entry). */
  listTitle: string;
  emptyText: string;
  pagination?: { page: number; numPages: number; basePath: string };
  /** Links to related listings, e.g. every tag. */
  topics?: { title: string; links: Array<{ label: string; href: string; current?: boolean }> };
  cta?: CtaBannerContent;
  /** Shows the newsletter banner (the blog index). */
  newsletter?: boolean;
}

export function ListingView({
  crumbs,
  eyebrow,
  title,
  lead,
  author,
  featured,
  entries,
  listTitle,
  emptyText,
  pagination,
  topics,
  cta,
  newsletter,
}: ListingViewProps) {
  return (
    <>
      <PageHeader crumbs={crumbs} eyebrow={eyebrow} title={title} lead={lead}>
        {author ? (
          <AuthorBox>
            <AuthorCard {...author} headingLevel={2} />
          </AuthorBox>
        ) : null}
      </PageHeader>
      <SectionShell $tight>
        <Container>
          {featured ? (
            <Featured aria-label="Featured">
              <EntryCard {...featured} featured />
            </Featured>
          ) : null}
          <ListHeading level={2} size="md" $hidden={!featured}>
            {listTitle}
          </ListHeading>
          {entries.length > 0 ? (
            <List $columns={3} as="ul" role="list">
              {entries.map((entry) => (
                <Item key={entry.href}>
                  <EntryCard {...entry} />
                </Item>
              ))}
            </List>
          ) : (
            <Text>{emptyText}</Text>
          )}
          {pagination ? (
            <Pagination
              page={pagination.page}
              numPages={pagination.numPages}
              pathFor={(n) => pagePath(pagination.basePath, n)}
            />
          ) : null}
          {topics && topics.links.length > 0 ? (
            <Topics aria-label={topics.title}>
              <Heading level={2} size="sm">
                {topics.title}
              </Heading>
              <ul>
                {topics.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} aria-current={link.current ? "page" : undefined}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </Topics>
          ) : null}
        </Container>
      </SectionShell>
      {newsletter ? <NewsletterBanner /> : null}
      {cta ? <CtaBanner {...cta} /> : null}
    </>
  );
}

const AuthorBox = styled.div`
  margin-top: ${theme.space[2]};
  padding: ${theme.space[5]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: ${theme.borders.hairline} solid ${theme.colors.line};
`;

const Featured = styled.section`
  margin-bottom: ${theme.space[7]};
`;

const ListHeading = styled(Heading)<{ $hidden: boolean }>`
  margin-bottom: ${theme.space[5]};
  ${({ $hidden }) =>
    $hidden &&
    `position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;`}
`;

const List = styled(Grid)`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  > * {
    flex: 1;
  }
`;

const Topics = styled.nav`
  margin-top: ${theme.space[7]};
  padding-top: ${theme.space[6]};
  border-top: ${theme.borders.hairline} solid ${theme.colors.line};

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space[2]};
    margin: ${theme.space[3]} 0 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: ${theme.space[1]} ${theme.space[3]};
    border-radius: ${theme.radii.pill};
    border: ${theme.borders.hairline} solid ${theme.colors.line};
    color: ${theme.colors.ink};
    font-size: ${theme.fontSizes.sm};
    text-decoration: none;
  }
  a[aria-current="page"] {
    background: ${theme.colors.ink};
    border-color: ${theme.colors.ink};
    color: ${theme.colors.surface};
  }
`;
