/** A list of short statements, each marked with a check; used for benefits and "what you get" points. */
import * as React from "react";
import styled from "styled-components";
import { Icon } from "./Icon";
import { theme } from "../styles/theme";

export function CheckList({ items, inverse = false }: { items: string[]; inverse?: boolean }) {
  if (items.length === 0) return null;
  return (
    <List role="list" $inverse={inverse}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" />
          <span>{item}</span>
        </li>
      ))}
    </List>
  );
}

const List = styled.ul<{ $inverse: boolean }>`
  display: grid;
  gap: ${theme.space[2]};
  color: ${({ $inverse }) => ($inverse ? theme.colors.onNight : "inherit")};

  li {
    display: flex;
    gap: ${theme.space[2]};
    align-items: flex-start;
  }
  svg {
    margin-top: 0.2em;
    color: ${({ $inverse }) => ($inverse ? theme.colors.accentOnNight : theme.colors.accent)};
  }
`;
