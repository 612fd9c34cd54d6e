/** Typography for long-form HTML rendered from markdown (legal pages, methodology, blog posts). */
import styled from "styled-components";

export const Prose = styled.div<{ $inverse?: boolean }>`
  color: ${({ theme, $inverse }) => ($inverse ? theme.colors.onNightMuted : theme.colors.inkSoft)};
  font-size: ${({ theme }) => theme.fontSizes.md};
  max-width: 72ch;
  overflow-wrap: anywhere;

  > * + * {
    margin-top: ${({ theme }) => theme.space[4]};
  }
  h2,
  h3,
  h4 {
    color: ${({ theme, $inverse }) => ($inverse ? theme.colors.onNight : theme.colors.ink)};
    margin-top: ${({ theme }) => theme.space[6]};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ul,
  ol {
    padding-left: 1.25rem;
  }
  li + li {
    margin-top: ${({ theme }) => theme.space[2]};
  }
  a {
    color: ${({ theme, $inverse }) => ($inverse ? theme.colors.accentOnNight : theme.colors.accent)};
  }
  strong {
    color: ${({ theme, $inverse }) => ($inverse ? theme.colors.onNight : theme.colors.ink)};
  }
  code {
    padding: 0.1em 0.35em;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
  pre {
    padding: ${({ theme }) => theme.space[4]};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.codeBg};
    color: ${({ theme }) => theme.colors.codeText};
    overflow-x: auto;
    code {
      padding: 0;
      background: none;
    }
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  th,
  td {
    padding: ${({ theme }) => theme.space[2]};
    border-bottom: ${({ theme }) => theme.borders.hairline} solid
      ${({ theme }) => theme.colors.line};
    text-align: left;
  }
  blockquote {
    margin-left: 0;
    padding-left: ${({ theme }) => theme.space[4]};
    border-left: 3px solid ${({ theme }) => theme.colors.accent};
  }
`;
