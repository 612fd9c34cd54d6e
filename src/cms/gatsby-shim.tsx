/**
 * What the admin bundle gets for `import … from "gatsby"`: plain links and navigation. The real module
 * pulls in Gatsby's browser runtime and, through it, the site's gatsby-browser.tsx, which has no place
 * (and an import cycle) inside the CMS. Wired by the admin's esbuild options (src/gatsby/cmsAdmin.ts).
 */
import * as React from "react";

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  activeClassName?: string;
  partiallyActive?: boolean;
};

export const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, activeClassName: _active, partiallyActive: _partial, ...rest },
  ref,
) {
  return <a ref={ref} href={to} {...rest} />;
});

/** In the preview, links open nothing: a preview is for reading. */
export function navigate(): void {}

/** Page queries never run in the admin. */
export const graphql = (): null => null;
