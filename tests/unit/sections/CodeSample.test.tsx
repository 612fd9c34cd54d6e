// @vitest-environment jsdom
// The code sample section: its copy is what a site-search result quotes, its code window is left out of the index.
import * as React from "react";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CodeSample } from "../../../src/sections/CodeSample";

afterEach(cleanup);

describe("CodeSample", () => {
  it("marks its code window for Pagefind to ignore, and only that", () => {
    const { container } = render(
      <CodeSample
        type="CodeSample"
        title="Identify a device"
        lead="Load the agent once."
        language="javascript"
        code={'const agent = await load({ region: "eu" });\n'}
        points={[]}
        ctas={[]}
      />,
    );
    const ignored = container.querySelectorAll('[data-pagefind-ignore="all"]');
    expect(ignored).toHaveLength(1);
    expect(ignored[0]?.textContent).toContain("await load");
    expect(ignored[0]?.textContent).not.toContain("Load the agent once.");
    expect(container.textContent).toContain("Load the agent once.");
  });

  it("is a figure named by its caption, with no aria-label where ARIA allows none (a <pre>)", () => {
    const { container } = render(
      <CodeSample
        type="CodeSample"
        title="Identify a device"
        language="javascript"
        filename="checkout.js"
        code={"load();\n"}
        points={[]}
        ctas={[]}
      />,
    );
    const figure = container.querySelector("figure");
    expect(figure?.querySelector("figcaption")?.textContent).toBe("Code sample: checkout.js");
    expect(figure?.querySelector("pre")?.getAttribute("tabindex")).toBe("0");
    expect(container.querySelector("[aria-label]")).toBeNull();
  });
});
