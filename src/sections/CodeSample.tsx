/** A developer-facing block: copy and points beside a short, highlighted code sample. */
import * as React from "react";
import styled from "styled-components";
import type { CodeSampleContent } from "../data/sectionSchemas";
import { tokenize } from "../data/highlight";
import { CheckList } from "../components/CheckList";
import { CtaGroup } from "../components/CtaGroup";
import { Container } from "../components/Container";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { media } from "../styles/media";

export function CodeSample({
  eyebrow,
  title,
  lead,
  points,
  language,
  filename,
  code,
  ctas,
  id,
}: CodeSampleContent) {
  const tokens = tokenize(code.replace(/\n+$/, ""), language);
  return (
    <SectionShell id={id} $tone="dark">
      <Layout>
        <Copy>
          <SectionIntro eyebrow={eyebrow} title={title} lead={lead} inverse bare />
          <CheckList items={points} inverse />
          <CtaGroup ctas={ctas} primary="inverse" secondary="ghost" />
        </Copy>
        <Window>
          <WindowBar>
            <span>{filename ?? language}</span>
          </WindowBar>
          <Pre tabIndex={0} aria-label={`Code sample${filename ? `: ${filename}` : ""}`}>
            <code>
              {tokens.map((token, index) =>
                token.kind === "plain" ? (
                  <React.Fragment key={index}>{token.text}</React.Fragment>
                ) : (
                  <Tok key={index} $kind={token.kind}>
                    {token.text}
                  </Tok>
                ),
              )}
            </code>
          </Pre>
        </Window>
      </Layout>
    </SectionShell>
  );
}

const Layout = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space[7]};
  align-items: center;

  ${media.up("lg")} {
    grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr);
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const Window = styled.div`
  min-width: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: ${({ theme }) => theme.borders.hairline} solid ${({ theme }) => theme.colors.nightLine};
  background: ${({ theme }) => theme.colors.codeBg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  overflow: hidden;
`;

const WindowBar = styled.div`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border-bottom: ${({ theme }) => theme.borders.hairline} solid
    ${({ theme }) => theme.colors.nightLine};
  color: ${({ theme }) => theme.colors.codeComment};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Pre = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space[5]};
  overflow-x: auto;
  color: ${({ theme }) => theme.colors.codeText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.7;
`;

const Tok = styled.span<{ $kind: "keyword" | "string" | "comment" | "number" }>`
  color: ${({ theme, $kind }) =>
    ({
      keyword: theme.colors.codeKeyword,
      string: theme.colors.codeString,
      comment: theme.colors.codeComment,
      number: theme.colors.codeKeyword,
    })[$kind]};
  font-style: ${({ $kind }) => ($kind === "comment" ? "italic" : "normal")};
`;
