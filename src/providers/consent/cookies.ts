/** Removes what tracking keeps in the browser when consent is withdrawn: ours, Amplitude's and Fingerprint's. */
import Cookies from "js-cookie";

/** The visit-history cookie (src/providers/visit-history). */
export const VISIT_HISTORY_COOKIE = "visitHistory";
/** Exact names; plus every cookie starting with AMP (Amplitude's AMP_<key> and AMP_MKTG_<key>). */
const TRACKING_COOKIES = [VISIT_HISTORY_COOKIE, "_iidt", "_vid_t", "_vid_lr"];
const TRACKING_PREFIXES = ["AMP_", "amp_"];

/** The host and each parent domain (a.b.example.com → b.example.com, example.com): where SDKs may set them. */
export function cookieDomains(hostname: string): string[] {
  const parts = hostname.split(".");
  if (parts.length < 2 || /^\d+(\.\d+){3}$/.test(hostname)) return [];
  const domains: string[] = [];
  for (let i = 0; i <= parts.length - 2; i += 1) domains.push(parts.slice(i).join("."));
  return domains;
}

export function isTrackingCookie(name: string): boolean {
  return (
    TRACKING_COOKIES.includes(name) || TRACKING_PREFIXES.some((prefix) => name.startsWith(prefix))
  );
}

/** Removes every tracking cookie this page can see, on the host and each parent domain; returns their names. */
export function removeTrackingCookies(): string[] {
  const names = Object.keys(Cookies.get()).filter(isTrackingCookie);
  const hostname = document.location.hostname;
  for (const name of names) {
    Cookies.remove(name, { path: "/" });
    for (const domain of cookieDomains(hostname)) Cookies.remove(name, { path: "/", domain });
  }
  return names;
}

/** Storage keys the SDKs write: Fingerprint's result cache, Amplitude's unsent events and settings. */
const TRACKING_STORAGE_PREFIXES = ["@fpjs@client@", "AMP_", "amp_"];

/** Clears those keys from local and session storage; returns how many went. */
export function removeTrackingStorage(
  win: Pick<Window, "localStorage" | "sessionStorage"> = window,
): number {
  let removed = 0;
  for (const area of ["localStorage", "sessionStorage"] as const) {
    try {
      const storage = win[area];
      for (const key of Object.keys(storage)) {
        if (TRACKING_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix))) {
          storage.removeItem(key);
          removed += 1;
        }
      }
    } catch {
      // Storage not reachable: nothing of theirs can be in it either.
    }
  }
  return removed;
}
