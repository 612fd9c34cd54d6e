/** A link whose click area covers its whole positioned card, so the card has one target and one name. */
import styled from "styled-components";
import { Link } from "./Link";

export const StretchedLink = styled(Link)`
  color: inherit;
  text-decoration: none;

  &::after {
    content: "";
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
  &:hover {
    color: inherit;
  }
`;
