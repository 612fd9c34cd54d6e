import * as React from "react";
import { renderToString } from "react-dom/server";
import { ServerStyleSheet } from "styled-components";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../../src/providers/AppProviders";
import { GlobalStyle } from "../../../src/styles/GlobalStyle";

describe("GlobalStyle (server render)", () => {
  it("emits the reset, the system font stack and the A/B variant rules", () => {
    const sheet = new ServerStyleSheet();
    renderToString(
      sheet.collectStyles(
        <AppProviders>
          <GlobalStyle />
        </AppProviders>,
      ),
    );
    const css = sheet.getStyleTags();
    sheet.seal();
    expect(css).not.toContain("@font-face");
    expect(css).toContain("system-ui");
    expect(css).toContain(".visually-hidden");
    expect(css).toContain(
      '[data-ab-variant="contact-sales:treatment"],[data-ab-part="contact-sales:treatment"]{display:none;}',
    );
    // A shared block's parts take no box of their own, so they lay out like the only version there.
    expect(css).toContain("[data-ab-part]{display:contents;}");
    expect(css).toContain(
      'html[data-ab-home="treatment"] [data-ab-part="home:treatment"]{display:contents;}',
    );
  });
});
