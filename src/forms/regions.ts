/** Country → sales region (SPEC §3), written once: unlisted countries belong to AMER. */
import type { Region } from "./schemas/constants";

const APAC =
  "AU BD BN BT CN FJ HK ID IN JP KH KR LA LK MM MN MO MV MY NP NZ PG PH PK SG TH TL TW VN";
const EMEA =
  "AD AE AL AM AO AT AZ BA BE BG BH BW BY CH CM CY CZ DE DK DZ EE EG ES ET FI FO FR GB GE GH GI GR HR HU IE IL IQ IR IS IT JO KE KW KZ LB LI LT LU LV MA MC MD ME MK MT MU MZ NA NG NL NO OM PL PS PT QA RO RS RU RW SA SE SI SK SM SN TN TR TZ UA UG UZ VA ZA ZM ZW";
const LATAM = "AR BO BR BZ CL CO CR CU DO EC GT HN HT JM MX NI PA PE PR PY SV UY VE";

const table = new Map<string, Region>();
for (const [region, list] of [
  ["APAC", APAC],
  ["EMEA", EMEA],
  ["LATAM", LATAM],
] as const) {
  for (const code of list.split(" ")) table.set(code, region);
}

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
