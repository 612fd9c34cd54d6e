/** A result's excerpt with the matched words marked, from Pagefind's excerpt (text only, never its HTML). */
import * as React from "react";
import styled from "styled-components";
import { excerptRuns } from "../clients/siteSearch";
import { theme } from "../styles/theme";

export function SearchExcerpt({ html, className }: { html: string; className?: string }) {
  const runs = React.useMemo(() => excerptRuns(html), [html]);
  return (
    <Text className={className}>
      {runs.map((run, index) =>
        run.marked ? (
          <Mark key={index}>{run.text}</Mark>
        ) : (
          <React.Fragment key={index}>{run.text}</React.Fragment>
        ),
      )}
    </Text>
  );
}

const Text = styled.span`
  display: block;
  color: ${theme.colors.inkSoft};
  font-size: ${theme.fontSizes.sm};
  line-height: ${theme.lineHeights.snug};
`;

const Mark = styled.mark`
  padding: 0 ${theme.space[1]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.ink};
  font-weight: ${theme.fontWeights.semibold};
`;
