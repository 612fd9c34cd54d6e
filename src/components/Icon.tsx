/**
 * A small set of line icons drawn for this site, referenced by name from config and content. The drawings
 * live in one sprite file (/icons.svg) that the browser fetches once and caches, not in every page's
 * HTML and JavaScript.
 */
import * as React from "react";
import { ICON_NAMES, type IconName } from "../config/navigation";

/** Every icon's name (the one list lives with the content's menu types). */
export const iconNames: readonly IconName[] = ICON_NAMES;

/** The sprite's address; static/icons.svg is generated from ./iconPaths (tests/unit/components/icons.test.ts). */
export const ICON_SPRITE = "/icons.svg";

export interface IconProps {
  name: IconName;
  /** Size in em, so icons follow the surrounding text. */
  size?: number;
  /** Accessible name; without it the icon is decorative and hidden from assistive tech. */
  label?: string;
  className?: string;
}

export function Icon({ name, size = 1.25, label, className }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={`${size}em`}
      height={`${size}em`}
      className={className ? `icon ${className}` : "icon"}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
