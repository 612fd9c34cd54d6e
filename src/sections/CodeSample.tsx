/** A developer-facing block: copy and points beside a short, highlighted code sample. */
import * as React from "react";
import styled from "styled-components";
import type { CodeSampleContent } from "../data/sectionSchemas";
import { sampleCode } from "../data/codeText";
import { escapeHtml } from "../data/html";
import { CheckList } from "../components/CheckList";
import { CtaGroup } from "../components/CtaGroup";
import { Container } from "../components/Container";
import { SectionIntro } from "../components/SectionIntro";
import { SectionShell } from "../components/SectionShell";
import { codeTokenColors } from "../styles/codeTokens";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function CodeSample({
  eyebrow,
  title,
  lead,
  points,
  language,
  filename,
  code,
  html,
  ctas,
  id,
}: CodeSampleContent) {
  // Highlighted at build time (renderSections); plain text where nothing rendered it.
  const markup = html ?? escapeHtml(sampleCode(code));
  return (
    <SectionShell id={id} $tone="dark">
      <Layout>
        <Copy>
          <SectionIntro eyebrow={eyebrow} title={title} lead={lead} inverse bare />
          <CheckList items={points} inverse />
          <CtaGroup ctas={ctas} primary="inverse" secondary="ghost" />
        </Copy>
        {/* The code window illustrates the copy beside it: a search result quotes the copy, never the code.
            A figure named by its caption (ARIA does not allow aria-label on a <pre>, which has no role); the
            <pre> scrolls sideways, so it takes a keyboard stop of its own. */}
        <Window data-pagefind-ignore="all">
          <WindowBar>
            <span className="visually-hidden">Code sample: </span>
            {filename ?? language}
          </WindowBar>
          <Pre tabIndex={0}>
            {/* The language's class names it for readers of the markup (the page's Markdown twin fences it so). */}
            <code className={`language-${language}`} dangerouslySetInnerHTML={{ __html: markup }} />
          </Pre>
        </Window>
      </Layout>
    </SectionShell>
  );
}

const Layout = styled(Container)`
  display: grid;
  gap: ${theme.space[7]};
  align-items: center;

  ${media.up("lg")} {
    grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr);
  }
`;

const Copy = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
`;

const Window = styled.figure`
  min-width: 0;
  border-radius: ${theme.radii.lg};
  border: ${theme.borders.hairline} solid ${theme.colors.nightLine};
  background: ${theme.colors.codeBg};
  box-shadow: ${theme.shadows.lg};
  overflow: hidden;
`;

const WindowBar = styled.figcaption`
  padding: ${theme.space[3]} ${theme.space[4]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.nightLine};
  color: ${theme.colors.codeComment};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
`;

const Pre = styled.pre`
  margin: 0;
  padding: ${theme.space[5]};
  overflow-x: auto;
  color: ${theme.colors.codeText};
  font-size: ${theme.fontSizes.sm};
  line-height: 1.7;

  ${codeTokenColors}
`;
