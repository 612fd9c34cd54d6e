/**
 * Diagrams drawn in SVG for this site, chosen by name from content; no image files to download. The
 * drawings are fixed markup (markup.ts, generated from drawings.tsx): the page carries them inline, React
 * neither builds nor hydrates their elements, and the bundle holds them as strings, not element trees.
 */
import * as React from "react";
import styled from "styled-components";
import type { IllustrationName } from "../../data/sectionSchemas";
import { HeroVisual } from "../HeroVisual";
import { drawingMarkup } from "./markup";

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
      <svg
        viewBox="0 0 480 320"
        width="480"
        height="320"
        aria-hidden="true"
        focusable="false"
        dangerouslySetInnerHTML={{ __html: drawingMarkup[name] }}
      />
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
