// Tests that the icon sprite on disk is the one the path data makes, and that <Icon> points into it.
import fs from "node:fs";
import path from "node:path";
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_SPRITE, Icon, iconNames } from "../../../src/components/Icon";
import { iconPaths, iconSprite } from "../../../src/components/iconPaths";

const spriteFile = path.resolve(__dirname, "../../../static", ICON_SPRITE.slice(1));

describe("icon sprite", () => {
  it("static/icons.svg is generated from the path data (rerun `npx tsx scripts/icons.ts`)", () => {
    expect(fs.readFileSync(spriteFile, "utf8")).toBe(iconSprite());
  });

  it("has one symbol per icon name, and the names list matches the drawings", () => {
    expect([...iconNames].sort()).toEqual(Object.keys(iconPaths).sort());
    const sprite = iconSprite();
    for (const name of iconNames) {
      expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(iconNames.length);
  });

  it("renders an icon as a reference into the sprite, decorative unless labelled", () => {
    const decorative = renderToStaticMarkup(React.createElement(Icon, { name: "check" }));
    expect(decorative).toContain(`<use href="/icons.svg#check"></use>`);
    expect(decorative).toContain(`aria-hidden="true"`);
    expect(decorative).not.toContain("<path");
    const labelled = renderToStaticMarkup(
      React.createElement(Icon, { name: "close", label: "No" }),
    );
    expect(labelled).toContain(`role="img"`);
    expect(labelled).toContain(`aria-label="No"`);
  });
});
