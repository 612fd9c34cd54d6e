// @vitest-environment jsdom
// Withdrawal in a real (jsdom) cookie jar: every tracking cookie goes, the visitor's own choices stay.
import { afterEach, describe, expect, it } from "vitest";
import { removeTrackingCookies } from "../../../../src/providers/consent/cookies";

const jar = () =>
  document.cookie
    .split("; ")
    .filter(Boolean)
    .map((pair) => pair.split("=")[0])
    .sort();

afterEach(() => {
  for (const name of jar()) document.cookie = `${name}=; path=/; max-age=0`;
});

describe("removeTrackingCookies", () => {
  it("removes ours, Amplitude's and Fingerprint's cookies and keeps the rest", () => {
    for (const pair of [
      "visitHistory=%5B%5D",
      "AMP_0123456789=abc",
      "AMP_MKTG_0123456789=def",
      "_iidt=xyz",
      "_vid_t=1",
      "cookieConsent=%5B%22analytics%22%5D",
      "ABLocalFlags=x",
    ])
      document.cookie = `${pair}; path=/`;

    const removed = removeTrackingCookies();

    expect(removed.sort()).toEqual([
      "AMP_0123456789",
      "AMP_MKTG_0123456789",
      "_iidt",
      "_vid_t",
      "visitHistory",
    ]);
    expect(jar()).toEqual(["ABLocalFlags", "cookieConsent"]);
  });

  it("finds a cookie whose name is percent-encoded", () => {
    document.cookie = "AMP_a%20b=1; path=/";
    expect(removeTrackingCookies()).toEqual(["AMP_a b"]);
    expect(jar()).toEqual([]);
  });
});
