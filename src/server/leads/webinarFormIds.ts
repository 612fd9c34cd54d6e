// Generated from content/webinars by every build and `gatsby develop` (onPreBootstrap); do not edit by hand.
// The default allowlist of /api-webinar/ (HUBSPOT_WEBINAR_FORM_IDS overrides it).
export const webinarFormIds: readonly string[] = [
  "3f2a9c1e-7b4d-4e2a-9c0f-5d8e1a2b3c4d",
  "8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
];
