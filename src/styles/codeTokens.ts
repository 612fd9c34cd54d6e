/** Colours for Prism's token classes: blog posts (gatsby-remark-prismjs) and code samples share them. */
import { css } from "styled-components";
import { theme } from "./theme";

export const codeTokenColors = css`
  .token.keyword,
  .token.boolean,
  .token.operator,
  .token.important,
  .token.atrule,
  .token.selector {
    color: ${theme.colors.codeKeyword};
  }
  .token.string,
  .token.char,
  .token.attr-value,
  .token.number,
  .token.builtin,
  .token.inserted,
  .token.url {
    color: ${theme.colors.codeString};
  }
  .token.comment,
  .token.prolog,
  .token.doctype,
  .token.cdata {
    color: ${theme.colors.codeComment};
    font-style: italic;
  }
`;
