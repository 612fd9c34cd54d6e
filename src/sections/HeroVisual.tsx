/** Product illustrations drawn in HTML and CSS: a sample identification result and a field of smart signals. */
import * as React from "react";
import styled from "styled-components";
import { site } from "../config/site";
import { Icon } from "../components/Icon";
import { theme } from "../styles/theme";

export type HeroVisualKind = "visitor-card" | "signals";

const sampleSignals: Array<{ name: string; value: string; flagged?: boolean }> = [
  { name: "Browser bot", value: "Not detected" },
  { name: "VPN", value: "Detected", flagged: true },
  { name: "Incognito", value: "Yes", flagged: true },
  { name: "Browser tampering", value: "None" },
  { name: "Virtual machine", value: "No" },
  { name: "IP velocity (24h)", value: "3 countries", flagged: true },
];

export function HeroVisual({ kind }: { kind: HeroVisualKind }) {
  if (kind === "signals") {
    return (
      <SignalsFrame role="img" aria-label="Illustration: smart signals collected for one visit">
        {sampleSignals.map((signal) => (
          <Chip key={signal.name} $flagged={Boolean(signal.flagged)}>
            <Icon name={signal.flagged ? "shield" : "check"} size={1} />
            <span>{signal.name}</span>
            <strong>{signal.value}</strong>
          </Chip>
        ))}
      </SignalsFrame>
    );
  }
  return (
    <Card
      role="img"
      aria-label={`Illustration: a sample ${site.productName} identification result for one visitor`}
    >
      <CardHeader>
        <Dot $tone="red" />
        <Dot $tone="amber" />
        <Dot $tone="green" />
        <CardTitle>identification result</CardTitle>
      </CardHeader>
      <Rows>
        <Row>
          <Key>visitorId</Key>
          <Value $strong>{`"Tq3xR8vLmZ0aP2kW"`}</Value>
        </Row>
        <Row>
          <Key>confidence</Key>
          <Value>0.995</Value>
        </Row>
        <Row>
          <Key>firstSeenAt</Key>
          <Value>{`"14 days ago"`}</Value>
        </Row>
        <Row>
          <Key>suspectScore</Key>
          <Value $warn>21</Value>
        </Row>
      </Rows>
      <Signals>
        {sampleSignals.slice(0, 4).map((signal) => (
          <li key={signal.name}>
            <Icon name={signal.flagged ? "shield" : "check"} size={0.95} />
            {signal.name}: <strong>{signal.value}</strong>
          </li>
        ))}
      </Signals>
    </Card>
  );
}

const Card = styled.div`
  width: 100%;
  max-width: 30rem;
  justify-self: center;
  border-radius: ${theme.radii.lg};
  border: ${theme.borders.hairline} solid ${theme.colors.nightLine};
  background: ${theme.colors.codeBg};
  color: ${theme.colors.codeText};
  box-shadow: ${theme.shadows.lg};
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
  overflow: hidden;
`;

const CardHeader = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-bottom: ${theme.borders.hairline} solid ${theme.colors.nightLine};
`;

const Dot = styled.span<{ $tone: "red" | "amber" | "green" }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ $tone }) => ({ red: "#ff6159", amber: "#ffbd2e", green: "#28c941" })[$tone]};
`;

const CardTitle = styled.span`
  margin-left: ${theme.space[2]};
  color: ${theme.colors.codeComment};
  font-size: ${theme.fontSizes.xs};
`;

const Rows = styled.dl`
  display: grid;
  gap: ${theme.space[2]};
  padding: ${theme.space[5]};
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${theme.space[4]};
`;

const Key = styled.dt`
  color: ${theme.colors.codeComment};
`;

const Value = styled.dd<{ $strong?: boolean; $warn?: boolean }>`
  color: ${({ $strong, $warn }) =>
    $warn ? theme.colors.codeKeyword : $strong ? theme.colors.codeString : theme.colors.codeText};
  font-weight: ${({ $strong }) => ($strong ? 600 : 400)};
  /* The visitor id is one unbreakable word, wider than the card on a 320 px screen. */
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Signals = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;
  padding: ${theme.space[4]} ${theme.space[5]} ${theme.space[5]};
  border-top: ${theme.borders.hairline} solid ${theme.colors.nightLine};
  list-style: none;
  font-family: ${theme.fonts.body};

  li {
    display: flex;
    align-items: center;
    gap: ${theme.space[2]};
  }
`;

const SignalsFrame = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space[3]};
  width: 100%;
  max-width: 32rem;
  justify-self: center;
`;

const Chip = styled.div<{ $flagged: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  column-gap: ${theme.space[2]};
  align-items: center;
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  border: ${theme.borders.hairline} solid ${theme.colors.nightLine};
  background: ${theme.colors.nightSoft};
  color: ${({ $flagged }) => ($flagged ? theme.colors.accentOnNight : theme.colors.onNight)};
  font-size: ${theme.fontSizes.sm};

  strong {
    grid-column: 2;
    color: ${theme.colors.onNight};
  }
`;
