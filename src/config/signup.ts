/** The sign-up options /start/ offers after the email step: the dashboard's signup and single sign-on. */
import { publicEnv } from "./env";
import { site } from "./site";

export const ssoProviders = [
  { id: "google", name: "Google", label: "Continue with Google" },
  { id: "github", name: "GitHub", label: "Continue with GitHub" },
  { id: "microsoft", name: "Microsoft", label: "Continue with Microsoft" },
] as const;

export type SsoProvider = (typeof ssoProviders)[number]["id"];

/** The dashboard's signup page, with the email the visitor already typed. */
export function emailSignupUrl(email: string): string {
  const url = new URL(site.external.signup);
  if (email) url.searchParams.set("email", email);
  return url.href;
}

/**
 * GET {api}/sso/oauth starts the provider's consent screen and returns to the dashboard. {api} follows
 * the one rule of GATSBY_API_URL (docs/configuration.md): unset means no product API, so null here and
 * no single sign-on offered, as the status indicator is hidden, rather than a guessed address.
 */
export function ssoUrl(
  provider: SsoProvider,
  email = "",
  api: string | null = publicEnv.apiUrl,
): string | null {
  if (api === null) return null;
  const url = new URL(`${api}/sso/oauth`);
  url.searchParams.set("provider", provider);
  if (email) url.searchParams.set("login_hint", email);
  return url.href;
}

/** The single sign-on buttons to show: every provider with {api}, none without it. */
export function ssoOptions(
  email = "",
  api: string | null = publicEnv.apiUrl,
): Array<{ id: SsoProvider; label: string; href: string }> {
  return ssoProviders.flatMap((provider) => {
    const href = ssoUrl(provider.id, email, api);
    return href ? [{ id: provider.id, label: provider.label, href }] : [];
  });
}

/**
 * What the signup form says happens after the email step: the ways this build can create the account.
 * Single sign-on is named only where its buttons will show (with {api}), so the copy never promises them.
 */
export function signupNextStep(api: string | null = publicEnv.apiUrl): string {
  const names = ssoProviders.map((provider) => provider.name);
  const sso =
    ssoOptions("", api).length > 0
      ? ` or your ${names.slice(0, -1).join(", ")} or ${names[names.length - 1] ?? ""} account`
      : "";
  return `Next, you create the account with this email${sso}. No credit card needed; we'll only email you about your trial.`;
}
