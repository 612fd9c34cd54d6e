/**
 * Resolves the body fields of markdown-backed types through their MarkdownRemark parent, brand placeholders
 * filled; the body's HTML then passes the one body sanitizer (src/data/bodyHtml.ts), as the CMS preview does.
 * Also writes the date text pages show, so no page formats a date while it renders or hydrates.
 */
import type { GatsbyNode } from "gatsby";
import type { GraphQLFieldResolver, GraphQLObjectType, GraphQLResolveInfo } from "graphql";
import { sanitizeBodyHtml } from "../data/bodyHtml";
import { fillPlaceholders } from "../data/content";
import { dateLabel, timeLabel } from "../data/dateLabels";

interface ResolverContext {
  nodeModel: { getNodeById: (args: { id: string }) => unknown };
}

/** Runs MarkdownRemark's own resolver for `field` on the parent node of `source`, then `finish` on its value. */
function fromMarkdownParent(
  field: string,
  fallback: unknown,
  finish: (value: unknown) => unknown = (value) => value,
) {
  return {
    resolve: async (
      source: { parent?: string | null },
      args: Record<string, unknown>,
      context: ResolverContext,
      info: GraphQLResolveInfo,
    ) => {
      const parent = source.parent ? context.nodeModel.getNodeById({ id: source.parent }) : null;
      const type = info.schema.getType("MarkdownRemark") as GraphQLObjectType | undefined;
      const resolver = type?.getFields()[field]?.resolve as
        GraphQLFieldResolver<unknown, ResolverContext> | undefined;
      if (!parent || !resolver) return fallback;
      const value: unknown = await resolver(parent, args, context, { ...info, fieldName: field });
      return finish(fillPlaceholders(value ?? fallback));
    },
  };
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers: create }) => {
  const body = {
    // Raw HTML in a body is the author's: only what the sanitizer allows reaches a page or the feed.
    html: fromMarkdownParent("html", "", (value) =>
      typeof value === "string" ? sanitizeBodyHtml(value) : "",
    ),
  };
  const dates = {
    dateLabel: {
      resolve: (source: { date: string; locale?: string }) => dateLabel(source.date, source.locale),
    },
  };
  create({
    BlogPost: {
      ...body,
      ...dates,
      headings: fromMarkdownParent("headings", []),
    },
    CaseStudy: body,
    Webinar: {
      ...body,
      ...dates,
      timeLabel: { resolve: (source: { date: string }) => timeLabel(source.date) },
    },
  });
};
