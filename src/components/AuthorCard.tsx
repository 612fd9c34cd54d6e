/** Who wrote a post: initials or photo, name linking to the author page, role and an optional short bio. */
import * as React from "react";
import styled from "styled-components";
import type { PictureData } from "../data/images";
import { Link } from "./Link";
import { Picture } from "./Picture";
import { Text } from "./Text";
import { theme } from "../styles/theme";

export interface AuthorCardProps {
  name: string;
  role: string;
  /** The author's page; absent when the author has no listed post (and so no page). */
  href?: string;
  bio?: string;
  photo?: PictureData;
  links?: ReadonlyArray<{ label: string; url: string }>;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase())
    .slice(0, 2)
    .join("");

export function AuthorCard({
  name,
  role,
  href,
  bio,
  photo,
  links = [],
  headingLevel = 3,
}: AuthorCardProps & { headingLevel?: 2 | 3 | 4 }) {
  const NameTag = `h${headingLevel}` as const;
  return (
    <Wrapper>
      {photo ? (
        <Avatar as={Picture} image={photo} sizes="56px" />
      ) : (
        <Avatar aria-hidden="true">{initials(name)}</Avatar>
      )}
      <div>
        <Name as={NameTag}>{href ? <Link href={href}>{name}</Link> : name}</Name>
        <Text $size="sm" $tone="muted">
          {role}
        </Text>
        {bio ? <Bio $size="sm">{bio}</Bio> : null}
        {links.length > 0 ? (
          <Links>
            {links.map((link) => (
              <li key={link.url}>
                <Link href={link.url}>{link.label}</Link>
              </li>
            ))}
          </Links>
        ) : null}
      </div>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${theme.space[4]};
  align-items: start;
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: ${theme.radii.pill};
  overflow: hidden;
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accentStrong};
  font-weight: ${theme.fontWeights.bold};
`;

const Name = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.semibold};
  a {
    color: ${theme.colors.ink};
  }
`;

const Bio = styled(Text)`
  margin-top: ${theme.space[2]};
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  margin: ${theme.space[2]} 0 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.sm};
`;
