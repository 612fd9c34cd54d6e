/** The cookie-consent rules: the choice list, who counts as EU, and when the banner shows. */
export type CookieChoice = "not-defined" | "required" | "advertising" | "analytics";

export const CONSENT_STORAGE_KEY = "cookieConsent";
export const UNDECIDED: readonly CookieChoice[] = ["not-defined"];
export const EVERYTHING: readonly CookieChoice[] = ["required", "advertising", "analytics"];
export const REQUIRED_ONLY: readonly CookieChoice[] = ["required"];

/** EU member states, the rest of the EEA (IS, LI, NO), the UK and Switzerland: written once. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB CH".split(
    " ",
  ),
);

/** Whether the consent rules for the EU apply. An unknown country counts as EU: ask rather than assume. */
export function countsAsEU(country: string | null | undefined): boolean {
  if (!country) return true;
  return EU_COUNTRIES.has(country.toUpperCase());
}

const CHOICES: readonly CookieChoice[] = ["not-defined", "required", "advertising", "analytics"];

/** Reads a stored choice; anything malformed is "not decided yet". */
export function parseChoice(raw: string | null): CookieChoice[] {
  if (!raw) return [...UNDECIDED];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [...UNDECIDED];
    const choice = CHOICES.filter((item) => value.includes(item));
    return choice.length > 0 ? choice : [...UNDECIDED];
  } catch {
    return [...UNDECIDED];
  }
}

/** Normalises a saved choice: "required" is always part of a decision, and a decision is never "not-defined". */
export function decided(categories: readonly CookieChoice[]): CookieChoice[] {
  return CHOICES.filter(
    (item) => item !== "not-defined" && (item === "required" || categories.includes(item)),
  );
}

/**
 * The choice in effect once the country is known: a visitor outside the EU (country known) is opted in
 * automatically; anyone else keeps what they chose, or stays undecided. While the country is pending
 * (undefined) nothing changes.
 */
export function resolveChoice(
  stored: readonly CookieChoice[],
  country: string | null | undefined,
): CookieChoice[] {
  if (!stored.includes("not-defined")) return [...stored];
  if (country && !countsAsEU(country)) return [...EVERYTHING];
  return [...stored];
}

/** The banner shows while the choice is undecided and the visitor counts as EU (never while the country is pending). */
export function bannerShows(
  choice: readonly CookieChoice[],
  country: string | null | undefined,
): boolean {
  return country !== undefined && choice.includes("not-defined") && countsAsEU(country);
}

export const allows = (
  choice: readonly CookieChoice[],
  category: "analytics" | "advertising",
): boolean => choice.includes(category);
