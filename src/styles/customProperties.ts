/** CSS custom properties that scripts set on <html> and the styles read: each name spelled once. */

/**
 * How far the open cookie banner reaches up from the bottom of the viewport (unset while it is closed): the global
 * style keeps that much clear when focus scrolls into view, and the footer grows by as much.
 */
export const CONSENT_BANNER_SPACE = "--consent-banner-space";
