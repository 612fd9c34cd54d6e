/** Country → sales region, written once: unlisted countries belong to AMER. */
import type { Region } from "../leads/constants";

/**
 * Every ISO 3166-1 alpha-2 code is listed on purpose (tests check all 249), so a country reaches
 * AMER because it belongs there, not because it was forgotten. AMER is North America and the
 * Caribbean; LATAM is Mexico, Central and South America; EMEA is Europe, the Middle East, Africa
 * and Central Asia; APAC is the rest of Asia and Oceania, Pacific territories included.
 */
const AMER = [
  // North America, and Antarctica (no visitors to speak of; kept where it always fell).
  "US CA BM GL PM AQ",
  // The Caribbean.
  "AG AI AW BB BL BQ BS CU CW DM DO GD GP HT JM KN KY LC MF MQ MS PR SX TC TT VC VG VI",
].join(" ");

const LATAM = [
  // Mexico and Central America.
  "MX BZ CR GT HN NI PA SV",
  // South America, with the South Atlantic territories off its coast.
  "AR BO BR CL CO EC FK GF GS GY PE PY SR UY VE",
].join(" ");

const EMEA = [
  // Europe, with its Crown Dependencies, Åland, Svalbard and Kosovo (XK: user-assigned, widely used).
  "AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK",
  // The Caucasus and Central Asia.
  "AM AZ GE KG KZ TJ TM UZ",
  // The Middle East.
  "AE BH IL IQ IR JO KW LB OM PS QA SA SY TR YE",
  // Africa, with its island territories.
  "AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW",
  // Southern-ocean territories administered from Europe.
  "BV TF",
].join(" ");

const APAC = [
  // South Asia (Afghanistan with its UN sub-region) and the British Indian Ocean Territory.
  "AF BD BT IN IO LK MV NP PK",
  // East and South-East Asia.
  "BN CN HK ID JP KH KP KR LA MM MN MO MY PH SG TH TL TW VN",
  // Oceania: Australia, New Zealand, their territories, and the Pacific islands.
  "AS AU CC CK CX FJ FM GU HM KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS",
].join(" ");

/** Each region's countries, as listed above (tests check no code is in two regions). */
export const regionCountries: Readonly<Record<Region, readonly string[]>> = {
  AMER: AMER.split(" "),
  LATAM: LATAM.split(" "),
  EMEA: EMEA.split(" "),
  APAC: APAC.split(" "),
};

const table = new Map<string, Region>(
  (Object.entries(regionCountries) as [Region, readonly string[]][]).flatMap(([region, codes]) =>
    codes.map((code) => [code, region] as const),
  ),
);

/** The region of an ISO 3166-1 alpha-2 country code; unknown or unlisted → AMER. */
export function regionFor(country: string | null | undefined): Region {
  if (!country) return "AMER";
  return table.get(country.trim().toUpperCase()) ?? "AMER";
}

/** How the contact form names a region to the visitor: the Americas are one team. */
export function regionLabel(region: Region): string {
  switch (region) {
    case "AMER":
    case "LATAM":
      return "Americas";
    case "EMEA":
      return "Europe, Middle East and Africa";
    case "APAC":
      return "Asia-Pacific";
  }
}
