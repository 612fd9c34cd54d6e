/**
 * CMS preview of the agents settings: /llms.txt, robots.txt and /.well-known/security.txt as the build will write
 * them from this entry (page links with their twins' addresses; each page's own title and the newest posts are
 * filled in by the build, which also refuses a link to a page without a twin), or what the build would refuse.
 */
import * as React from "react";
import styled from "styled-components";
import { Container } from "../components/Container";
import { site } from "../config/site";
import {
  agentsSchema,
  renderLlmsTxt,
  renderRobotsTxt,
  renderSecurityTxt,
  type TwinPage,
} from "../data/agentFiles";
import { fillPlaceholders } from "../data/content";
import { twinPathOf } from "../data/markdownTwins";
import { plain, type PreviewProps } from "./previewData";
import { SiteFrame } from "./SiteFrame";
import { theme } from "../styles/theme";

export function AgentsPreview(props: PreviewProps) {
  const parsed = agentsSchema.safeParse(
    fillPlaceholders(plain<unknown>(props.entry.getIn(["data"]), {})),
  );
  if (!parsed.success) {
    return (
      <SiteFrame document={props.document}>
        <Container as="main" aria-label="Agents settings">
          <h1>What the build would refuse</h1>
          <ul>
            {parsed.error.issues.map((issue) => (
              <li key={`${issue.path.join(".")} ${issue.message}`}>
                {issue.path.join(".")}: {issue.message}
              </li>
            ))}
          </ul>
        </Container>
      </SiteFrame>
    );
  }
  const settings = parsed.data;
  const pages = new Map<string, TwinPage>();
  for (const section of settings.llms.sections)
    for (const entry of section.links)
      if (entry.link.startsWith("/"))
        pages.set(entry.link, {
          path: entry.link,
          twinUrl: `${site.url}${twinPathOf(entry.link) ?? ""}`,
          title: `${entry.link} (its title)`,
          description: "(its description)",
        });
  const files: Array<[string, string]> = [
    ["/llms.txt", renderLlmsTxt(site.productName, settings.llms, pages, []).text],
    ["/robots.txt", renderRobotsTxt(site.url, settings.contentSignal)],
    ["/.well-known/security.txt", renderSecurityTxt(site.url, settings.securityTxt, new Date())],
  ];
  return (
    <SiteFrame document={props.document}>
      <Container as="main" aria-label="Agents settings">
        {files.map(([name, text]) => (
          <section key={name} aria-label={name}>
            <h2>{name}</h2>
            <File>{text}</File>
          </section>
        ))}
      </Container>
    </SiteFrame>
  );
}

const File = styled.pre`
  white-space: pre-wrap;
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
`;
