/** Typography for long-form HTML rendered from markdown (legal pages, methodology, blog posts). */
import styled from "styled-components";
import { theme } from "../styles/theme";

export const Prose = styled.div<{ $inverse?: boolean }>`
  color: ${({ $inverse }) => ($inverse ? theme.colors.onNightMuted : theme.colors.inkSoft)};
  font-size: ${theme.fontSizes.md};
  max-width: 72ch;
  overflow-wrap: anywhere;

  > * + * {
    margin-top: ${theme.space[4]};
  }
  h2,
  h3,
  h4 {
    color: ${({ $inverse }) => ($inverse ? theme.colors.onNight : theme.colors.ink)};
    margin-top: ${theme.space[6]};
  }
  h2 {
    font-size: ${theme.fontSizes.xl};
  }
  h3 {
    font-size: ${theme.fontSizes.lg};
  }
  ul,
  ol {
    padding-left: 1.25rem;
  }
  li + li {
    margin-top: ${theme.space[2]};
  }
  a {
    color: ${({ $inverse }) => ($inverse ? theme.colors.accentOnNight : theme.colors.accent)};
  }
  strong {
    color: ${({ $inverse }) => ($inverse ? theme.colors.onNight : theme.colors.ink)};
  }
  code {
    padding: 0.1em 0.35em;
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceSunken};
  }
  pre {
    padding: ${theme.space[4]};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.codeBg};
    color: ${theme.colors.codeText};
    overflow-x: auto;
    code {
      padding: 0;
      background: none;
    }
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: ${theme.fontSizes.sm};
  }
  th,
  td {
    padding: ${theme.space[2]};
    border-bottom: ${theme.borders.hairline} solid ${theme.colors.line};
    text-align: left;
  }
  blockquote {
    margin-left: 0;
    padding-left: ${theme.space[4]};
    border-left: 3px solid ${theme.colors.accent};
  }
`;
