// GitHub's avatars as the fake names them: `avatar_url` on GitHub's own avatar host, as github.com's API writes it.
// The fake does not serve that host; a browser test answers it with `avatarImage` (routeGitHubApi does).
/** GitHub.com's avatar host (the admin's img-src names it, src/cms/backend.ts). */
export const AVATARS_ORIGIN = "https://avatars.githubusercontent.com";

/** A user's avatar address, in GitHub's form. */
export const avatarUrl = (id: number): string => `${AVATARS_ORIGIN}/u/${id}?v=4`;

/** A square image for the avatar at `url` (an SVG: the browser shows it as it shows GitHub's PNGs). */
export function avatarImage(url: string): string {
  const id = /\/u\/(\d+)/.exec(new URL(url).pathname)?.[1] ?? "0";
  const hue = (Number(id) * 47) % 360;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" fill="hsl(${hue} 55% 45%)"/>` +
    `<circle cx="48" cy="38" r="18" fill="#fff"/><rect x="18" y="62" width="60" height="34" rx="17" fill="#fff"/>` +
    `</svg>`
  );
}
