// @vitest-environment jsdom
// The hero an A/B page's two variants share: one <h1> in the HTML whichever variant shows, each part in
// both versions only where the variants differ, then only the assigned version once the flags are known.
import * as React from "react";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HeroContent } from "../../../src/data/sectionSchemas";
import { ExperimentsProvider } from "../../../src/providers/experiments/ExperimentsProvider";
import { FLAGS_STORAGE_KEY } from "../../../src/providers/experiments/flags";
import { Hero } from "../../../src/sections/Hero";

const control: HeroContent = {
  type: "Hero",
  eyebrow: "Device intelligence",
  title: "Know the device behind every login",
  lead: "One identifier per browser and device.",
  ctas: [{ label: "Start free trial", href: "/start/", variant: "primary" }],
  visual: "shield",
  tone: "dark",
};
const treatment: HeroContent = {
  ...control,
  title: "Fewer hoops for the customers you know",
  tone: "light",
};

const page = (
  <ExperimentsProvider>
    <Hero {...control} alternative={{ experiment: "home", hero: treatment }} />
  </ExperimentsProvider>
);

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("Hero on an A/B page", () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.removeAttribute("data-ab-home");
  });
  afterEach(cleanup);

  it("has one <h1> in the server's HTML, holding both titles for CSS to pick from", () => {
    const doc = parse(renderToString(page));
    const headings = doc.querySelectorAll("h1");
    expect(headings).toHaveLength(1);
    const parts = [...(headings[0]?.querySelectorAll("span[data-ab-part]") ?? [])].map((span) => [
      span.getAttribute("data-ab-part"),
      span.textContent,
    ]);
    expect(parts).toEqual([
      ["home:control", control.title],
      ["home:treatment", treatment.title],
    ]);
    expect(doc.querySelectorAll("section")).toHaveLength(1);
  });

  it("carries a part twice only where the variants differ", () => {
    const doc = parse(renderToString(page));
    // Same eyebrow text, different tone (its colour): two versions. Same lead and CTAs: likewise, by tone.
    expect(doc.querySelectorAll("[data-ab-part='home:control']").length).toBeGreaterThan(1);
    // The same visual in both: drawn once, outside any part.
    const visuals = doc.querySelectorAll("[role='img']");
    expect(visuals).toHaveLength(1);
    expect(visuals[0]?.closest("[data-ab-part]")).toBeNull();
    const same = parse(
      renderToString(
        <Hero {...control} alternative={{ experiment: "home", hero: { ...control } }} />,
      ),
    );
    expect(same.querySelectorAll("[data-ab-part]")).toHaveLength(0);
    expect(same.querySelector("h1")?.textContent).toBe(control.title);
  });

  it("keeps only the assigned version once the flags are known", async () => {
    window.localStorage.setItem(FLAGS_STORAGE_KEY, JSON.stringify({ home: "treatment" }));
    render(page);
    await waitFor(() => expect(screen.queryByText(control.title)).toBeNull());
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      treatment.title,
    ]);
    expect(document.querySelectorAll("[data-ab-part='home:control']")).toHaveLength(0);
  });

  it("is a plain hero with one <h1> and no parts on a page without an experiment", () => {
    const doc = parse(renderToString(<Hero {...control} />));
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
    expect(doc.querySelector("h1")?.textContent).toBe(control.title);
    expect(doc.querySelectorAll("[data-ab-part]")).toHaveLength(0);
  });
});
