// The JSON-LD script renders as before (type, escaped JSON), and stays inert: the CSP hashes no part of it.
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonLd } from "../../../src/components/JsonLd";
import { inlineScripts } from "../../../src/security/inlineScripts";

describe("JsonLd", () => {
  const data = { "@type": "Thing", name: "</script><script>alert(1)</script>" };
  const html = renderToStaticMarkup(<JsonLd data={data} />);

  it("writes the data as JSON in a ld+json script, with < escaped", () => {
    expect(html).toBe(
      `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`,
    );
  });

  it("is not an inline script the Content-Security-Policy has to allow", () => {
    expect(inlineScripts(`<head>${html}</head>`)).toEqual([]);
  });
});
