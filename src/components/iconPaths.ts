/** The site's line icons as path data, and the sprite's symbols built from it; no React here. */
import { ICON_ID_PREFIX, type IconName } from "../config/navigation";

// Each icon is one or more SVG path strings on a 24×24 grid, drawn with a 1.75 stroke.
export const iconPaths: Record<IconName, string[]> = {
  book: [
    "M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z",
    "M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5",
  ],
  graduation: ["M2 9l10-5 10 5-10 5z", "M6 11v5c3 2 9 2 12 0v-5", "M22 9v6"],
  package: ["M3 7l9-4 9 4-9 4z", "M3 7v10l9 4 9-4V7", "M12 11v10"],
  github: [
    "M9 19c-4 1.5-4-2-6-2.5M15 22v-3.5c0-1 .1-1.5-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1-.3-3.4 1.3a11.7 11.7 0 0 0-6.2 0C6.6 3.8 5.6 4.1 5.6 4.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4.2 10.5c0 4.6 2.7 5.7 5.5 6-.6.5-.6 1.1-.6 2V22",
  ],
  chat: ["M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"],
  fingerprint: [
    "M12 11v3.5a6 6 0 0 1-1.5 4",
    "M8.5 8.5A4.5 4.5 0 0 1 16.5 11v2a13 13 0 0 1-1 5",
    "M5.5 17A10 10 0 0 0 7 12V11a5 5 0 0 1 .4-2",
    "M4 6.5A9.5 9.5 0 0 1 20.5 11v1.5",
    "M19.5 17.5c.3-1 .5-2.2.6-3.3",
  ],
  sparkles: [
    "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z",
    "M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z",
  ],
  plug: ["M9 2v5M15 2v5", "M6 7h12v4a6 6 0 0 1-12 0z", "M12 17v5"],
  id: [
    "M3 5h18v14H3z",
    "M7 10a2 2 0 1 0 4 0 2 2 0 0 0-4 0",
    "M6 16c.6-1.6 1.8-2.5 3-2.5s2.4.9 3 2.5",
    "M14 9h4M14 13h4",
  ],
  phone: ["M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z", "M11 18h2"],
  bot: ["M5 8h14v11H5z", "M12 4v4", "M9 13h.01M15 13h.01", "M2 12v4M22 12v4"],
  library: ["M4 4h4v16H4zM10 4h4v16h-4z", "M16 5l3.8-1 2.2 15.5-3.8 1z"],
  pen: ["M15 4l5 5L9 20H4v-5z", "M13 6l5 5"],
  video: ["M3 6h13v12H3z", "M16 10l5-3v10l-5-3"],
  help: [
    "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z",
    "M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14",
    "M12 17.5h.01",
  ],
  briefcase: ["M3 7h18v13H3z", "M8 7V4h8v3", "M3 12h18"],
  newspaper: ["M4 4h13v16H6a2 2 0 0 1-2-2z", "M17 8h3v10a2 2 0 0 1-2 2", "M8 8h5M8 12h5M8 16h3"],
  building: ["M4 21V4h11v17", "M15 9h5v12", "M8 8h3M8 12h3M8 16h3", "M2 21h20"],
  people: [
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z",
    "M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5",
    "M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.8c1.8.7 3 2.5 3.5 5.2",
  ],
  lifebuoy: [
    "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z",
    "M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
    "M5 5l4.2 4.2M14.8 14.8L19 19M19 5l-4.2 4.2M9.2 14.8L5 19",
  ],
  play: ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "M10 8l6 4-6 4z"],
  browser: ["M3 4h18v16H3z", "M3 9h18", "M6 6.5h.01M9 6.5h.01"],
  grid: ["M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z"],
  bank: ["M3 10l9-6 9 6", "M5 10v8M10 10v8M14 10v8M19 10v8", "M3 21h18"],
  cart: ["M3 4h2l2.4 11h11l2-8H6.2", "M9 20h.01M18 20h.01"],
  wallet: ["M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3z", "M3 7V5a1 1 0 0 1 1-1h12v3", "M16 13.5h.01"],
  dice: ["M4 4h16v16H4z", "M8.5 8.5h.01M15.5 15.5h.01M15.5 8.5h.01M8.5 15.5h.01M12 12h.01"],
  coin: [
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
    "M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .8-3 2s1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5",
    "M12 6v2M12 16v2",
  ],
  card: ["M2 6h20v12H2z", "M2 10h20", "M6 15h4"],
  lock: ["M5 11h14v10H5z", "M8 11V7a4 4 0 0 1 8 0v4"],
  message: ["M3 5h18v12H8l-5 4z", "M7 10h10M7 13h6"],
  "user-plus": [
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
    "M2 21c.7-4 3.5-6 7-6 1.5 0 2.9.4 4 1.1",
    "M19 14v6M16 17h6",
  ],
  repeat: [
    "M17 2l4 4-4 4",
    "M3 11V9a3 3 0 0 1 3-3h15",
    "M7 22l-4-4 4-4",
    "M21 13v2a3 3 0 0 1-3 3H3",
  ],
  users: [
    "M8 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM16 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z",
    "M1.5 20c.6-3.3 3.2-5 6.5-5s5.9 1.7 6.5 5M14 15.2c.6-.1 1.3-.2 2-.2 3.3 0 5.9 1.7 6.5 5",
  ],
  paywall: ["M4 3h16v18H4z", "M8 8h8M8 12h8", "M10 17h4"],
  "arrow-right": ["M5 12h14", "M13 6l6 6-6 6"],
  external: ["M14 4h6v6", "M20 4l-9 9", "M18 14v6H4V6h6"],
  check: ["M4 12.5l5 5L20 6.5"],
  "chevron-down": ["M6 9l6 6 6-6"],
  menu: ["M3 6h18M3 12h18M3 18h18"],
  close: ["M6 6l12 12M18 6L6 18"],
  shield: ["M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z", "M8.5 12l2.5 2.5 4.5-5"],
  gauge: ["M12 21a9 9 0 1 1 9-9", "M12 12l5-4", "M21 12h-2M12 3v2M3 12h2"],
  code: ["M8 7l-5 5 5 5M16 7l5 5-5 5", "M14 4l-4 16"],
};

/** One <symbol id="icon-name"> per icon, drawn like the <Icon> that uses it. */
export function iconSymbols(): string {
  return Object.entries(iconPaths)
    .map(
      ([name, ds]) =>
        `<symbol id="${ICON_ID_PREFIX}${name}" viewBox="0 0 24 24">${ds.map((d) => `<path d="${d}"/>`).join("")}</symbol>`,
    )
    .join("");
}
