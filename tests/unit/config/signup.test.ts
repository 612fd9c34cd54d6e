// One rule for {api} (GATSBY_API_URL): the status indicator and the single sign-on links both follow it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ssoOptions, ssoUrl } from "../../../src/config/signup";

/** The two consumers of {api} as a build with this environment would see them. */
async function consumersWith(apiUrl: string | undefined) {
  vi.resetModules();
  vi.stubEnv("GATSBY_API_URL", apiUrl ?? "");
  const signup = await import("../../../src/config/signup");
  const status = await import("../../../src/clients/serviceStatus");
  return { sso: signup.ssoOptions("a@example.org"), status: status.statusApiUrl() };
}

describe("{api}: the single sign-on links", () => {
  afterEach(() => vi.resetModules());

  it("point at {api}/sso/oauth with the provider and the email typed", () => {
    expect(ssoUrl("google", "a@example.org", "https://api.example.test")).toBe(
      "https://api.example.test/sso/oauth?provider=google&login_hint=a%40example.org",
    );
    expect(ssoOptions("", "https://api.example.test").map((option) => option.id)).toEqual([
      "google",
      "github",
      "microsoft",
    ]);
  });

  it("are not offered without {api}: no built-in address is guessed", () => {
    expect(ssoUrl("github", "a@example.org", null)).toBeNull();
    expect(ssoOptions("a@example.org", null)).toEqual([]);
  });

  it("follow the same setting as the status indicator: both on, or both off", async () => {
    const unset = await consumersWith(undefined);
    expect(unset.status).toBeNull();
    expect(unset.sso).toEqual([]);

    const set = await consumersWith("https://api.example.test/");
    expect(set.status).toBe("https://api.example.test");
    expect(set.sso.map((option) => option.href)).toEqual([
      "https://api.example.test/sso/oauth?provider=google&login_hint=a%40example.org",
      "https://api.example.test/sso/oauth?provider=github&login_hint=a%40example.org",
      "https://api.example.test/sso/oauth?provider=microsoft&login_hint=a%40example.org",
    ]);
  });
});
