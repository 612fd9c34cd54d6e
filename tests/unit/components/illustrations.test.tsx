// @vitest-environment jsdom
// The code-drawn diagrams reach the page as fixed markup generated from drawings.tsx: the generated module
// is current, every diagram has its markup, the server HTML carries it, hydration leaves it to the DOM
// (no React elements inside), and no browser module imports the drawings themselves.
import fs from "node:fs";
import path from "node:path";
import * as React from "react";
import { act } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderMarkupModule } from "../../../scripts/illustrations";
import { illustrationNames } from "../../../src/data/sectionSchemas/fields";
import { Illustration } from "../../../src/sections/Illustration";
import { drawings } from "../../../src/sections/Illustration/drawings";
import { drawingMarkup } from "../../../src/sections/Illustration/markup";

const root = path.resolve(__dirname, "../../..");
const markupFile = path.join(root, "src/sections/Illustration/markup.ts");

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("the diagrams' markup", () => {
  it("is what drawings.tsx renders today (run npm run illustrations after changing a drawing)", async () => {
    expect(fs.readFileSync(markupFile, "utf8")).toBe(await renderMarkupModule());
  });

  it("exists for every diagram content can name, except the two hero visuals", () => {
    const diagrams = illustrationNames.filter(
      (name) => name !== "visitor-card" && name !== "signals",
    );
    expect(Object.keys(drawingMarkup).sort()).toEqual([...diagrams].sort());
    expect(Object.keys(drawings).sort()).toEqual([...diagrams].sort());
  });

  it("is in the server HTML, and hydration keeps it without React elements inside the svg", async () => {
    const html = renderToString(<Illustration name="bot-gauge" />);
    expect(html).toContain(">Human</text>");
    expect(html).toContain('role="img"');
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const svg = container.querySelector("svg");
    const serverText = svg?.innerHTML;
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Illustration name="bot-gauge" />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // The same nodes, untouched: React hydrated the svg and left its content to the DOM.
    expect(container.querySelector("svg")).toBe(svg);
    expect(svg?.innerHTML).toBe(serverText);
    const fiberKey = (node: Element) =>
      Object.keys(node).some((key) => key.startsWith("__reactFiber"));
    expect(fiberKey(svg as Element)).toBe(true);
    expect([...(svg?.querySelectorAll("*") ?? [])].some(fiberKey)).toBe(false);
  });

  it("is the only way browser code reaches the drawings (drawings.tsx stays out of the bundle)", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name)) {
          const text = fs.readFileSync(full, "utf8");
          const imports = text.match(/^import (?!type )[^;]*from "[^"]*\/drawings";/gm) ?? [];
          if (imports.length) offenders.push(path.relative(root, full));
        }
      }
    };
    walk(path.join(root, "src"));
    for (const file of ["gatsby-browser.tsx", "gatsby-ssr.tsx"])
      if (/from "[^"]*\/drawings"/.test(fs.readFileSync(path.join(root, file), "utf8")))
        offenders.push(file);
    expect(offenders).toEqual([]);
  });
});
