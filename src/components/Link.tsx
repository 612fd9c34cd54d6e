/** One link for the whole site: client-side navigation for our routes, plain anchors for everything else. */
import * as React from "react";
import { Link as GatsbyLink } from "gatsby";
import { isInternalHref } from "../data/links";

export interface LinkProps extends Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  children: React.ReactNode;
}

export const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { href, children, target, rel, download, ...rest },
  ref,
) {
  if (isInternalHref(href) && !target && download === undefined) {
    return (
      // Gatsby's Link types its ref loosely; the element is an anchor.
      <GatsbyLink to={href} ref={ref as React.Ref<never>} {...rest}>
        {children}
      </GatsbyLink>
    );
  }
  const leavesSite = !isInternalHref(href) && /^https?:\/\//i.test(href);
  const relValue = leavesSite ? mergeRel(rel, "noopener") : rel;
  return (
    <a href={href} ref={ref} target={target} rel={relValue} download={download} {...rest}>
      {children}
    </a>
  );
});

function mergeRel(rel: string | undefined, add: string): string {
  const parts = new Set((rel ?? "").split(/\s+/).filter(Boolean));
  parts.add(add);
  return [...parts].join(" ");
}
