/**
 * The A/B flags head script as compiled at build time (src/gatsby/inlineCode.ts), defined for the server
 * renderer by onCreateWebpackConfig.ts and for the unit tests by vitest.config.ts; gatsby-ssr writes it.
 */
declare const AB_FLAGS_SCRIPT: string;
