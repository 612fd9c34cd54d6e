/** One menu entry as a rich link: icon, title, optional badge and description (header and phone menu). */
import * as React from "react";
import styled from "styled-components";
import type { MenuEntry } from "../config/navigation";
import { Link } from "./Link";
import { Icon } from "./Icon";
import { Badge } from "./Badge";
import { theme } from "../styles/theme";

export function MenuEntryLink({ entry, compact = false }: { entry: MenuEntry; compact?: boolean }) {
  return (
    <Item href={entry.url} $compact={compact}>
      {entry.icon ? (
        <IconBox>
          <Icon name={entry.icon} />
        </IconBox>
      ) : null}
      <Body>
        <Title>
          {entry.title}
          {entry.badge !== undefined ? <Badge>{entry.badge}</Badge> : null}
          {entry.isLocal ? null : <Icon name="external" size={0.85} label="(opens another site)" />}
        </Title>
        {entry.description && !compact ? <Description>{entry.description}</Description> : null}
      </Body>
    </Item>
  );
}

const Item = styled(Link)<{ $compact: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space[3]};
  padding: ${({ $compact }) => ($compact ? theme.space[2] : theme.space[3])};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.ink};
  text-decoration: none;

  &:hover,
  &:focus-visible {
    background: ${theme.colors.surfaceAlt};
    color: ${theme.colors.ink};
  }
`;

const IconBox = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  flex: none;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accentStrong};
`;

const Body = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Title = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const Description = styled.span`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;
