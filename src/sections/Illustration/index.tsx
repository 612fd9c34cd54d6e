/** Diagrams drawn in SVG for this site, chosen by name from content; no image files to download. */
import * as React from "react";
import styled from "styled-components";
import type { IllustrationName } from "../../data/sectionSchemas";
import { theme } from "../../styles/theme";
import { HeroVisual } from "../HeroVisual";
import { drawings } from "./drawings";

const c = theme.colors;

const labels: Record<IllustrationName, string> = {
  "visitor-card": "a sample identification result",
  signals: "smart signals collected for one visit",
  "bot-gauge": "a gauge separating bots from people",
  "device-graph": "one device linked to several accounts",
  timeline: "a visitor recognised across visits over time",
  phone: "a mobile device sending signals to the server",
  shield: "a shield in front of login, signup and checkout",
  map: "logins from several countries tied to one device",
  "code-flow": "the browser, your server and the API exchanging a request ID",
  paywall: "an article metered per device",
};

export function Illustration({ name }: { name: IllustrationName }) {
  if (name === "visitor-card" || name === "signals") return <HeroVisual kind={name} />;
  return (
    <Frame role="img" aria-label={`Illustration: ${labels[name]}`}>
      <svg viewBox="0 0 480 320" width="480" height="320" aria-hidden="true" focusable="false">
        <rect width="480" height="320" rx="20" fill={c.surfaceAlt} />
        {drawings[name]}
      </svg>
    </Frame>
  );
}

const Frame = styled.div`
  width: 100%;
  max-width: 30rem;
  justify-self: center;

  svg {
    width: 100%;
    height: auto;
  }
`;
