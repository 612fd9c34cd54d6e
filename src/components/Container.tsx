/** Centres content at the site's maximum width with responsive side padding. */
import styled from "styled-components";
import { media } from "../styles/media";

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ theme, $narrow }) => ($narrow ? theme.sizes.prose : theme.sizes.container)};
  margin-inline: auto;
  padding-inline: ${({ theme }) => theme.space[5]};

  ${media.up("lg")} {
    padding-inline: ${({ theme }) => theme.space[6]};
  }
`;
