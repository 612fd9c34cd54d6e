/** The product's live service status as a page band, with a link to the full status page. */
import * as React from "react";
import styled from "styled-components";
import type { ServiceStatusContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { SectionShell } from "../components/SectionShell";
import { StatusIndicator } from "../components/StatusIndicator";
import { Text } from "../components/Text";
import { statusApiUrl } from "../clients/serviceStatus";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function ServiceStatus({ id, title, lead }: ServiceStatusContent) {
  // With no API configured there is nothing true to say, so the band is left out.
  if (!statusApiUrl()) return null;
  return (
    <SectionShell id={id} $tone="tinted" $tight>
      <Container>
        <Panel>
          <div>
            <Heading level={2} size="md">
              {title}
            </Heading>
            {lead ? <Text $tone="muted">{lead}</Text> : null}
          </div>
          <StatusIndicator />
        </Panel>
      </Container>
    </SectionShell>
  );
}

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};

  ${media.up("md")} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
  }
`;
