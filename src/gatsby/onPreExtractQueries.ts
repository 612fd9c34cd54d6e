/** After createPages, before the queries: starts drawing the social cards beside the rest of the build. */
import type { GatsbyNode } from "gatsby";
import { cardPagesOf, startSocialCards } from "./socialCards";

export const onPreExtractQueries: GatsbyNode["onPreExtractQueries"] = ({ store, reporter }) => {
  const { program, pages } = store.getState() as {
    program: { directory: string; _?: string[] };
    pages: Parameters<typeof cardPagesOf>[0];
  };
  // Only a build draws cards (onPostBuild writes them); `gatsby develop` serves none.
  const building = program._?.[0] === "build" || process.env.NODE_ENV === "production";
  if (!building) return;
  const missing = startSocialCards(program.directory, cardPagesOf(pages));
  if (missing > 0) reporter.info(`social cards: drawing ${missing} beside the build`);
};
