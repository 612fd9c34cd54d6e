/** Call-to-action button, rendered as a link when it navigates and as a button when it acts. */
import * as React from "react";
import styled, { css } from "styled-components";
import { Link } from "./Link";
import { Icon } from "./Icon";
import { theme } from "../styles/theme";
import { media } from "../styles/media";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "inverse";
export type ButtonSize = "md" | "lg";

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a trailing arrow, for buttons that move the visitor on. */
  arrow?: boolean;
  children: React.ReactNode;
  className?: string;
}

type AsLink = CommonProps & { href: string } & Omit<
    React.AnchorHTMLAttributes<HTMLAnchorElement>,
    "href" | "className"
  >;
type AsButton = CommonProps & { href?: undefined } & Omit<
    React.ButtonHTMLAttributes<HTMLButtonElement>,
    "className"
  >;

export type ButtonProps = AsLink | AsButton;

export function Button(props: ButtonProps) {
  const { variant = "primary", size = "md", arrow = false, children, className } = props;
  const content = (
    <>
      <span>{children}</span>
      {arrow ? <Icon name="arrow-right" size={1} /> : null}
    </>
  );
  if (props.href !== undefined) {
    const { href, variant: _v, size: _s, arrow: _a, children: _c, className: _cl, ...rest } = props;
    return (
      <StyledLink href={href} $variant={variant} $size={size} className={className} {...rest}>
        {content}
      </StyledLink>
    );
  }
  const {
    variant: _v,
    size: _s,
    arrow: _a,
    children: _c,
    className: _cl,
    href: _h,
    type = "button",
    ...rest
  } = props;
  return (
    <StyledButton type={type} $variant={variant} $size={size} className={className} {...rest}>
      {content}
    </StyledButton>
  );
}

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
}

/**
 * Set on a form (by its submit handler, without React) while it starts sending: its submit button looks busy in
 * the tap's own frame, before React renders the busy state itself.
 */
export const SENDING_ATTRIBUTE = "data-sending";

/** A pointer over a button that is neither disabled nor busy (the busy look wins over the hover colour). */
const idleHover = `&:hover:not(:disabled):not([aria-disabled="true"]):not(form[${SENDING_ATTRIBUTE}] [type="submit"])`;

// A busy button (a form sending) is aria-disabled, not disabled: it keeps the focus the visitor gave it, and
// its colour (dimmed, its focus ring would fall below 3:1 against the page). It is striped instead, a change
// the browser only repaints (nothing moves), so it can show in the frame of the tap that submits.
const base = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[2]};
  min-height: ${({ $size }) => ($size === "lg" ? "3.25rem" : "2.75rem")};
  max-width: 100%;
  padding: ${theme.space[2]} ${({ $size }) => ($size === "lg" ? theme.space[6] : theme.space[5])};
  border-radius: ${theme.radii.pill};
  border: ${theme.borders.hairline} solid transparent;
  font-size: ${({ $size }) => ($size === "lg" ? theme.fontSizes.md : theme.fontSizes.sm)};
  font-weight: ${theme.fontWeights.semibold};
  /* A label too long for the space wraps, centred, rather than push the page sideways (WCAG 1.4.10: "Prevent
     account takeover fraud" at 320 px was 99 px too wide); one line is as tall as before. */
  line-height: ${theme.lineHeights.tight};
  text-align: center;
  text-decoration: none;
  transition:
    background-color ${theme.durations.fast},
    border-color ${theme.durations.fast},
    color ${theme.durations.fast};

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  &[aria-disabled="true"],
  form[${SENDING_ATTRIBUTE}] &[type="submit"] {
    cursor: progress;
    background-image: repeating-linear-gradient(
      -45deg,
      rgba(0, 0, 0, 0.1) 0 0.5rem,
      transparent 0.5rem 1rem
    );
  }

  ${({ $variant }) => {
    switch ($variant) {
      case "primary":
        return css`
          background: ${theme.colors.accent};
          color: ${theme.colors.surface};
          ${media.hover} {
            ${idleHover} {
              background: ${theme.colors.accentStrong};
              color: ${theme.colors.surface};
            }
          }
        `;
      case "secondary":
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.ink};
          border-color: ${theme.colors.lineStrong};
          ${media.hover} {
            ${idleHover} {
              border-color: ${theme.colors.ink};
              color: ${theme.colors.ink};
            }
          }
        `;
      case "inverse":
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.night};
          ${media.hover} {
            ${idleHover} {
              background: ${theme.colors.surfaceSunken};
              color: ${theme.colors.night};
            }
          }
        `;
      case "ghost":
        return css`
          background: transparent;
          color: inherit;
          border-color: currentColor;
          ${media.hover} {
            ${idleHover} {
              color: inherit;
              background: rgba(127, 127, 160, 0.14);
            }
          }
        `;
    }
  }}
`;

const StyledLink = styled(Link)<StyleProps>`
  ${base}
`;

const StyledButton = styled.button<StyleProps>`
  ${base}
`;
