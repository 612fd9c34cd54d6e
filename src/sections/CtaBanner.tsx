/** A closing call to action: one line of pitch and one or two buttons on a dark band. */
import * as React from "react";
import styled from "styled-components";
import type { CtaBannerContent } from "../data/sectionSchemas";
import { CtaGroup } from "../components/CtaGroup";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Text } from "../components/Text";
import { media } from "../styles/media";
import { theme } from "../styles/theme";

export function CtaBanner({ title, lead, ctas, id }: CtaBannerContent) {
  return (
    <Wrapper id={id}>
      <Container>
        <Panel>
          <div>
            <Heading level={2} size="lg">
              {title}
            </Heading>
            {lead ? <Lead $tone="inverseMuted">{lead}</Lead> : null}
          </div>
          <Actions>
            <CtaGroup ctas={ctas} size="lg" arrow secondary="ghost" />
          </Actions>
        </Panel>
      </Container>
    </Wrapper>
  );
}

const Wrapper = styled.section`
  padding-block: ${theme.space[8]};
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  padding: ${theme.space[7]} ${theme.space[5]};
  border-radius: ${theme.radii.lg};
  background: linear-gradient(120deg, ${theme.colors.night} 0%, ${theme.colors.nightSoft} 100%);
  color: ${theme.colors.onNight};

  ${media.up("lg")} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
    padding: ${theme.space[8]};
  }
`;

const Lead = styled(Text)`
  margin-top: ${theme.space[3]};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  flex: none;
`;
