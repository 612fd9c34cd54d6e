// The lead-form section's server HTML: the form is lazily loaded code in an island of its own (hydrated later by a
// root of its own, see Island), and an experiment's variants each hold one (one Suspense boundary around both let
// React 18 hydrate the second variant against the first one's form when typing started early: error 418). The
// islands' ids are fixed, since a root of their own cannot reproduce the ids React generated on the server.
import { PassThrough } from "node:stream";
import * as React from "react";
import { renderToPipeableStream } from "react-dom/server";
import { ThemeProvider } from "styled-components";
import { describe, expect, it } from "vitest";
import { FormSection, type FormSectionProps } from "../../../src/sections/FormSection";
import { theme } from "../../../src/styles/theme";

/** The complete HTML once every lazy part has loaded, as the build writes it. */
function serverHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    let html = "";
    sink.on("data", (chunk: Buffer) => (html += chunk.toString()));
    sink.on("end", () => resolve(html));
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

const section = (props: Partial<FormSectionProps>) =>
  serverHtml(
    <ThemeProvider theme={theme}>
      <FormSection
        type="FormSection"
        title="Talk to sales"
        form="ContactSales"
        points={["A reply within a day"]}
        {...props}
      />
    </ThemeProvider>,
  );

/** What follows an element's opening tag, markers included. */
const after = (html: string, attribute: string) => {
  const at = html.indexOf(attribute);
  expect(at).toBeGreaterThan(-1);
  return html.slice(html.indexOf(">", at) + 1);
};

describe("FormSection's server HTML", () => {
  it("each variant of the single-pane experiment holds its own island around its form", async () => {
    const html = await section({ variant: "single-pane-test" });
    for (const variant of ["control", "treatment"]) {
      const inside = after(html, `data-ab-variant="contact-sales-single-pane:${variant}"`);
      expect(
        inside.startsWith(`<div data-island="ContactSales-form-${variant}"><!--$--><form`),
      ).toBe(true);
      expect(inside).toContain(`id="ContactSales-form-${variant}-email"`);
      // The boundary closes before the next variant starts.
      expect(inside.split("data-ab-variant")[0]).toContain("<!--/$-->");
    }
    expect(html.match(/data-form-id="ContactSales"/g)).toHaveLength(2);
  });

  it("a form without an experiment sits in one island, fully rendered", async () => {
    const html = await section({});
    const inside = after(html, 'data-form-slot="ContactSales"');
    expect(inside.startsWith('<div data-island="ContactSales-form"><!--$--><form')).toBe(true);
    expect(html).not.toContain("data-ab-variant");
  });
});
