/**
 * The diagrams drawn in code, by name (the two hero visuals are in HeroVisual). Not part of the site's
 * bundle: `npm run illustrations` writes their markup to markup.ts, which the page sends as it is.
 */
import * as React from "react";
import type { IllustrationName } from "../../data/sectionSchemas";
import { theme } from "../../styles/theme";
import { line, node } from "./shapes";

const c = theme.colors;

export type DrawingName = Exclude<IllustrationName, "visitor-card" | "signals">;

export const drawings: Record<DrawingName, React.ReactNode> = {
  "bot-gauge": (
    <g>
      <path d="M110 230 A130 130 0 0 1 370 230" fill="none" stroke={c.line} strokeWidth="28" />
      <path d="M110 230 A130 130 0 0 1 200 110" fill="none" stroke={c.success} strokeWidth="28" />
      <path d="M280 110 A130 130 0 0 1 370 230" fill="none" stroke={c.accent} strokeWidth="28" />
      <line
        x1="240"
        y1="230"
        x2="320"
        y2="150"
        stroke={c.ink}
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="240" cy="230" r="12" fill={c.ink} />
      <text x="120" y="280" fontSize="15" fontWeight="600" fill={c.success} fontFamily="sans-serif">
        Human
      </text>
      <text
        x="320"
        y="280"
        fontSize="15"
        fontWeight="600"
        fill={c.accentStrong}
        fontFamily="sans-serif"
      >
        Bot
      </text>
    </g>
  ),
  "device-graph": (
    <g>
      {line(240, 160, 100, 70)}
      {line(240, 160, 380, 70)}
      {line(240, 160, 100, 250)}
      {line(240, 160, 380, 250)}
      {node(240, 160, "1 device", "accent")}
      {node(100, 70, "ana@…", "muted")}
      {node(380, 70, "j.k@…", "muted")}
      {node(100, 250, "promo22@…", "muted")}
      {node(380, 250, "new-user@…", "muted")}
    </g>
  ),
  timeline: (
    <g>
      {line(60, 160, 420, 160)}
      {[90, 190, 290, 390].map((x, i) => (
        <g key={x}>
          <circle
            cx={x}
            cy="160"
            r="14"
            fill={i === 3 ? c.accent : c.surface}
            stroke={c.ink}
            strokeWidth="2"
          />
          <text
            x={x}
            y="120"
            textAnchor="middle"
            fontSize="13"
            fill={c.inkSoft}
            fontFamily="sans-serif"
          >
            {["Day 1", "Day 9", "Day 30", "Day 94"][i]}
          </text>
          <text
            x={x}
            y="210"
            textAnchor="middle"
            fontSize="13"
            fontWeight="600"
            fill={c.ink}
            fontFamily="monospace"
          >
            Tq3x…
          </text>
        </g>
      ))}
      <text
        x="240"
        y="260"
        textAnchor="middle"
        fontSize="14"
        fill={c.muted}
        fontFamily="sans-serif"
      >
        Same visitor ID after cookies were cleared
      </text>
    </g>
  ),
  phone: (
    <g>
      <rect
        x="80"
        y="50"
        width="120"
        height="220"
        rx="20"
        fill={c.surface}
        stroke={c.ink}
        strokeWidth="3"
      />
      <rect x="120" y="64" width="40" height="6" rx="3" fill={c.lineStrong} />
      {[100, 130, 160, 190].map((y) => (
        <rect
          key={y}
          x="100"
          y={y}
          width={y === 160 ? 60 : 80}
          height="14"
          rx="7"
          fill={y === 130 ? c.accentSoft : c.surfaceSunken}
        />
      ))}
      {line(210, 160, 300, 160, true)}
      {node(360, 120, "Device ID", "accent")}
      {node(360, 200, "Root / emulator", "muted")}
    </g>
  ),
  shield: (
    <g>
      <path
        d="M240 40 L330 75 V160 C330 220 290 262 240 282 C190 262 150 220 150 160 V75 Z"
        fill={c.surface}
        stroke={c.ink}
        strokeWidth="3"
      />
      <path
        d="M205 162 L232 189 L280 136"
        fill="none"
        stroke={c.accent}
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {node(80, 90, "Login", "muted")}
      {node(80, 230, "Signup", "muted")}
      {node(400, 160, "Checkout", "muted")}
    </g>
  ),
  map: (
    <g>
      <path
        d="M60 120 Q120 70 190 100 T320 90 T430 130 Q420 200 350 230 T200 240 T70 200 Z"
        fill={c.surfaceSunken}
      />
      {[
        [130, 140, "BR"],
        [250, 120, "DE"],
        [370, 160, "SG"],
      ].map(([x, y, code]) => (
        <g key={String(code)}>
          <circle cx={Number(x)} cy={Number(y)} r="10" fill={c.accent} />
          <text
            x={Number(x)}
            y={Number(y) - 18}
            textAnchor="middle"
            fontSize="14"
            fontWeight="700"
            fill={c.ink}
            fontFamily="sans-serif"
          >
            {code}
          </text>
        </g>
      ))}
      {node(250, 270, "1 device, 3 countries", "accent")}
    </g>
  ),
  "code-flow": (
    <g>
      {line(130, 160, 350, 160)}
      {line(240, 100, 240, 220, true)}
      {node(90, 160, "Browser", "muted")}
      {node(240, 80, "{ requestId }", "muted")}
      {node(390, 160, "Your server", "ink")}
      {node(240, 240, "Server API", "accent")}
    </g>
  ),
  paywall: (
    <g>
      <rect
        x="120"
        y="40"
        width="240"
        height="240"
        rx="14"
        fill={c.surface}
        stroke={c.ink}
        strokeWidth="2"
      />
      {[70, 95, 120, 145].map((y) => (
        <rect
          key={y}
          x="145"
          y={y}
          width={y === 145 ? 120 : 190}
          height="10"
          rx="5"
          fill={c.surfaceSunken}
        />
      ))}
      <rect x="120" y="170" width="240" height="110" rx="0" fill={c.accentSoft} />
      <text
        x="240"
        y="215"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fill={c.accentStrong}
        fontFamily="sans-serif"
      >
        3 of 3 free articles
      </text>
      <text
        x="240"
        y="245"
        textAnchor="middle"
        fontSize="13"
        fill={c.inkSoft}
        fontFamily="sans-serif"
      >
        counted per device, not per cookie
      </text>
    </g>
  ),
};

/** Everything inside a diagram's 480 × 320 `svg`: its backdrop and the drawing. */
export function drawingContent(name: DrawingName): React.ReactElement {
  return (
    <>
      <rect width="480" height="320" rx="20" fill={c.surfaceAlt} />
      {drawings[name]}
    </>
  );
}
