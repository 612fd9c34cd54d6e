/**
 * A small set of line icons drawn for this site, referenced by name from config and content. Each is a
 * reference into the page's one sprite (IconSprite, written once into every page's HTML), so the drawings
 * are in no JavaScript bundle and paint with the text, without a request of their own.
 */
import * as React from "react";
import { ICON_ID_PREFIX, ICON_NAMES, type IconName } from "../config/navigation";

/** Every icon's name (the one list lives with the content's menu types). */
export const iconNames: readonly IconName[] = ICON_NAMES;

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
      <use href={`#${ICON_ID_PREFIX}${name}`} />
    </svg>
  );
}
