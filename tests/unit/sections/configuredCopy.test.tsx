// @vitest-environment node
// Copy around features that depend on the build's configuration says only what this build can do: the
// live demo band needs a public identification key, single sign-on needs {api} (GATSBY_API_URL).
import fs from "node:fs";
import path from "node:path";
import * as React from "react";
import { renderToString } from "react-dom/server";
import { parse } from "yaml";
import { afterEach, describe, expect, it, vi } from "vitest";
import { identificationConfig } from "../../../src/config/identification";
import { signupNextStep, ssoProviders } from "../../../src/config/signup";
import { IdentificationProvider } from "../../../src/providers/identification/IdentificationProvider";
import { IdentificationDemo } from "../../../src/sections/IdentificationDemo";

const root = path.resolve(__dirname, "../../..");

const demo = (apiKey: string | null) =>
  renderToString(
    <IdentificationProvider config={{ ...identificationConfig, apiKey }}>
      <IdentificationDemo
        type="IdentificationDemo"
        id="live-demo"
        eyebrow="Try it now"
        title="This is what we see about your browser"
        lead="No form, no call: identify this browser yourself."
      />
    </IdentificationProvider>,
  );

describe("the live demo band", () => {
  it("is left out, promise and all, when this build has no public identification key", () => {
    expect(demo(null)).toBe("");
  });

  it("shows its copy and the panel when the key is configured", () => {
    const html = demo("e2ePublicKey0001");
    expect(html).toContain("This is what we see about your browser");
    expect(html).toContain("identify this browser yourself");
    expect(html).toContain('id="live-demo"');
  });
});

describe("the signup form's next step", () => {
  afterEach(() => vi.resetModules());
  const names = ssoProviders.map((provider) => provider.name);

  it("names single sign-on only when its buttons will show", () => {
    expect(signupNextStep(null)).toBe(
      "Next, you create the account with this email. No credit card needed; we'll only email you about your trial.",
    );
    for (const name of names) expect(signupNextStep(null)).not.toContain(name);
    expect(signupNextStep("https://api.example.test")).toBe(
      "Next, you create the account with this email or your Google, GitHub or Microsoft account. No credit card needed; we'll only email you about your trial.",
    );
  });

  it("is the Signup form's note, as the build's configuration makes it", async () => {
    for (const [api, sso] of [
      ["", false],
      ["https://api.example.test", true],
    ] as const) {
      vi.resetModules();
      vi.stubEnv("GATSBY_API_URL", api);
      const { Signup } = await import("../../../src/forms/definitions/Signup");
      expect(Signup.note?.includes("Google"), api || "unset").toBe(sso);
    }
  });

  it("is the only copy that names the providers: no content around a signup form promises them", () => {
    const pages = fs.readdirSync(path.join(root, "content/pages"), { recursive: true });
    const promising: string[] = [];
    for (const file of pages.map(String).filter((f) => f.endsWith(".yml"))) {
      const page = parse(fs.readFileSync(path.join(root, "content/pages", file), "utf8")) as {
        sections?: { form?: string }[];
      };
      for (const section of page.sections ?? []) {
        if (section.form !== "Signup") continue;
        const text = JSON.stringify(section);
        for (const name of names) if (text.includes(name)) promising.push(`${file}: ${name}`);
      }
    }
    expect(promising).toEqual([]);
  });
});
