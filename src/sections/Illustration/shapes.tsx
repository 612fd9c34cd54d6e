/** The two shapes the diagrams are built from: a labelled box and a connecting line. */
import * as React from "react";
import { theme } from "../../styles/theme";

const c = theme.colors;

/**
 * A box wide enough for its label: 14px bold sans-serif runs up to about 8.6px a character, plus room on
 * both sides; never narrower than the 116 the short labels share.
 */
export const nodeWidth = (label: string) => Math.max(116, Math.ceil(label.length * 8.6) + 28);

export const node = (
  x: number,
  y: number,
  label: string,
  tone: "ink" | "accent" | "muted" = "ink",
) => (
  <g key={`${x}-${y}-${label}`}>
    <rect
      x={x - nodeWidth(label) / 2}
      y={y - 22}
      width={nodeWidth(label)}
      height="44"
      rx="12"
      fill={tone === "accent" ? c.accent : c.surface}
      stroke={tone === "muted" ? c.lineStrong : tone === "accent" ? c.accent : c.ink}
      strokeWidth="2"
    />
    <text
      x={x}
      y={y + 5}
      textAnchor="middle"
      fontSize="14"
      fontWeight="600"
      fill={tone === "accent" ? c.surface : c.ink}
      fontFamily="sans-serif"
    >
      {label}
    </text>
  </g>
);

export const line = (x1: number, y1: number, x2: number, y2: number, dashed = false) => (
  <line
    key={`${x1}${y1}${x2}${y2}`}
    x1={x1}
    y1={y1}
    x2={x2}
    y2={y2}
    stroke={c.inkSoft}
    strokeWidth="2"
    strokeDasharray={dashed ? "6 6" : undefined}
  />
);
