/** Centres content at the site's maximum width with responsive side padding. */
import styled from "styled-components";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ $narrow }) => ($narrow ? theme.sizes.prose : theme.sizes.container)};
  margin-inline: auto;
  padding-inline: ${theme.space[5]};

  ${media.up("lg")} {
    padding-inline: ${theme.space[6]};
  }
`;
