// @vitest-environment jsdom
// Above a page's preview: its search result, with the title and description counted against what results
// display (over the limit is said in words), and the social card it will have, at its absolute address, or
// the socialImage that replaces it.
import * as React from "react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SharePreview, shareOf } from "../../../src/cms/SharePreview";
import { site } from "../../../src/config/site";

afterEach(cleanup);

describe("the share preview", () => {
  it("counts the search title and description, and shows the card with its address", () => {
    const share = shareOf(
      "post",
      {
        title: "A".repeat(70),
        seoTitle: "Card testing with {product}",
        description: "D".repeat(170),
      },
      "/blog/card-testing/",
      "Blog · Maya Okafor",
    );
    render(<SharePreview {...share} />);
    expect(screen.getByText(`Card testing with ${site.productName}`)).toBeTruthy();
    expect(
      screen.getByText(`${`Card testing with ${site.productName}`.length}/60 characters`),
    ).toBeTruthy();
    expect(screen.getByText("170/160 characters: search results cut the rest")).toBeTruthy();
    expect(screen.getByText(`${site.url}/og/blog/card-testing.png`)).toBeTruthy();
    expect(screen.getByText("Blog · Maya Okafor")).toBeTruthy();
  });

  it("shows the socialImage instead of the card when the entry sets one", () => {
    const share = shareOf(
      "page",
      { title: "Pricing", description: "Plans.", socialImage: "/img/uploads/pricing.png" },
      "/pricing/",
      "Pricing",
    );
    const { container } = render(<SharePreview {...share} />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/img/uploads/pricing.png");
    expect(screen.getByText(`${site.url}/img/uploads/pricing.png`)).toBeTruthy();
  });
});
