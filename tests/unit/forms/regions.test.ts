// Tests the country → region table: every ISO 3166-1 alpha-2 code is assigned on purpose, with spot checks.
import { describe, expect, it } from "vitest";
import { regionCountries, regionFor } from "../../../src/forms/regions";

/** The 249 officially assigned ISO 3166-1 alpha-2 codes, typed out here rather than read from the code. */
const ISO_3166_1 = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW
`
  .trim()
  .split(/\s+/);

describe("the region table", () => {
  it("the reference list is the 249 distinct ISO codes", () => {
    expect(ISO_3166_1).toHaveLength(249);
    expect(new Set(ISO_3166_1).size).toBe(249);
  });

  it("assigns every ISO code explicitly (none reaches AMER by falling through)", () => {
    const listed = new Set(Object.values(regionCountries).flat());
    expect(ISO_3166_1.filter((code) => !listed.has(code))).toEqual([]);
  });

  it("lists each code once, and nothing but ISO codes and Kosovo", () => {
    const all = Object.values(regionCountries).flat();
    expect(all.length).toBe(new Set(all).size);
    expect(all.filter((code) => !ISO_3166_1.includes(code))).toEqual(["XK"]);
  });

  it.each([
    // The gaps an audit found (they used to fall through to AMER).
    ...[
      "CI CD CG GA BJ BF ML NE TD LY SD SS SO DJ ER MG MW LS SZ SC CV GM GN SL LR TG MR YE SY KG TJ TM XK JE GG IM",
    ]
      .join(" ")
      .split(" ")
      .map((code) => [code, "EMEA"] as const),
    ..."SB VU WS TO PW FM MH NC PF KP".split(" ").map((code) => [code, "APAC"] as const),
    // North America and the Caribbean.
    ["US", "AMER"],
    ["CA", "AMER"],
    ["PR", "AMER"],
    ["JM", "AMER"],
    ["BS", "AMER"],
    ["TT", "AMER"],
    ["GL", "AMER"],
    // Mexico, Central and South America.
    ["MX", "LATAM"],
    ["GT", "LATAM"],
    ["PA", "LATAM"],
    ["BR", "LATAM"],
    ["AR", "LATAM"],
    ["GY", "LATAM"],
    ["SR", "LATAM"],
    ["GF", "LATAM"],
    // Elsewhere.
    ["DE", "EMEA"],
    ["RE", "EMEA"],
    ["IR", "EMEA"],
    ["KZ", "EMEA"],
    ["IN", "APAC"],
    ["AU", "APAC"],
    ["GU", "APAC"],
    ["NZ", "APAC"],
  ] as const)("%s → %s", (code, region) => {
    expect(regionFor(code)).toBe(region);
    expect(regionFor(code.toLowerCase())).toBe(region);
  });

  it("still sends unknown, empty and malformed codes to AMER", () => {
    expect(regionFor("ZZ")).toBe("AMER");
    expect(regionFor("")).toBe("AMER");
    expect(regionFor(null)).toBe("AMER");
    expect(regionFor("<x>")).toBe("AMER");
  });
});
