/** Layout primitives: Stack spaces children in one direction, Grid lays them out in responsive columns. */
import styled from "styled-components";
import { media } from "../styles/media";
import { theme, type SpaceKey } from "../styles/theme";

export const Stack = styled.div<{
  $gap?: SpaceKey;
  $row?: boolean;
  $align?: "start" | "center" | "end" | "stretch";
  $wrap?: boolean;
}>`
  display: flex;
  flex-direction: ${({ $row }) => ($row ? "row" : "column")};
  flex-wrap: ${({ $wrap }) => ($wrap ? "wrap" : "nowrap")};
  align-items: ${({ $align = "stretch" }) => ($align === "start" || $align === "end" ? `flex-${$align}` : $align)};
  gap: ${({ $gap = 4 }) => theme.space[$gap]};
`;

export const Grid = styled.div<{ $columns?: 2 | 3 | 4; $gap?: SpaceKey }>`
  display: grid;
  gap: ${({ $gap = 5 }) => theme.space[$gap]};
  grid-template-columns: 1fr;

  ${media.up("md")} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.up("lg")} {
    grid-template-columns: repeat(${({ $columns = 3 }) => $columns}, minmax(0, 1fr));
  }
`;
