/** The sign-up options /start/ offers after the email step: the dashboard's signup and single sign-on. */
import { publicEnv } from "./env";
import { site } from "./site";

/** {api} of the spec; the product API's public default when the build names none. */
const apiBase = publicEnv.apiUrl ?? "https://api.fingerprint.com";

export const ssoProviders = [
  { id: "google", label: "Continue with Google" },
  { id: "github", label: "Continue with GitHub" },
  { id: "microsoft", label: "Continue with Microsoft" },
] as const;

export type SsoProvider = (typeof ssoProviders)[number]["id"];

/** The dashboard's signup page, with the email the visitor already typed. */
export function emailSignupUrl(email: string): string {
  const url = new URL(site.external.signup);
  if (email) url.searchParams.set("email", email);
  return url.href;
}

/** GET {api}/sso/oauth starts the provider's consent screen and returns to the dashboard. */
export function ssoUrl(provider: SsoProvider, email = ""): string {
  const url = new URL(`${apiBase}/sso/oauth`);
  url.searchParams.set("provider", provider);
  if (email) url.searchParams.set("login_hint", email);
  return url.href;
}
