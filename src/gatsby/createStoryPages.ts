/** Creates the customer stories' and webinars' routes: their lists and one page each, scheduled ones left out. */
import path from "node:path";
import type { Actions, GatsbyNode, Reporter } from "gatsby";
import { paths } from "../data/blog";
import { isPublished } from "../data/schedule";
import { buildTime } from "./buildClock";
import { searchSectionFor } from "../config/searchSections";
import { withTwin } from "./sitemap";

export type Graphql = Parameters<NonNullable<GatsbyNode["createPages"]>>[0]["graphql"];

export const template = (name: string) => path.resolve(`src/templates/${name}.tsx`);

/** The card a page's context names for the social cards step (onPostBuild); none when content sets its image. */
export const cardOf = (socialImage: string | null, title: string, kicker: string) =>
  socialImage ? null : { title, kicker };

type Story = {
  id: string;
  path: string;
  draft: boolean;
  title: string;
  socialImage: string | null;
};

interface StoriesResult {
  allCaseStudy: { nodes: Array<Story & { date: string; customer: string }> };
  allWebinar: { nodes: Array<Story & { publishDate: string | null }> };
}

export async function createCaseStudyAndWebinarPages(
  graphql: Graphql,
  actions: Actions,
  reporter: Reporter,
) {
  const result = await graphql<StoriesResult>(`
    query StoryPages {
      allCaseStudy(sort: { date: DESC }) {
        nodes {
          id
          path
          draft
          date
          title
          customer
          socialImage
        }
      }
      allWebinar(sort: { date: DESC }) {
        nodes {
          id
          path
          draft
          publishDate
          title
          socialImage
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query case studies and webinars", result.errors);
    return;
  }
  const at = buildTime();
  const caseStudies = result.data.allCaseStudy.nodes.filter(
    (n) => !n.draft && isPublished(n.date, at),
  );
  const webinars = result.data.allWebinar.nodes.filter(
    (n) => !n.draft && isPublished(n.publishDate, at),
  );
  actions.createPage({
    path: paths.caseStudies(),
    component: template("CaseStudyList"),
    context: withTwin(paths.caseStudies(), { ids: caseStudies.map((n) => n.id) }),
  });
  for (const node of caseStudies)
    actions.createPage({
      path: node.path,
      component: template("CaseStudy"),
      context: withTwin(node.path, {
        id: node.id,
        search: { section: searchSectionFor(node.path) },
        socialCard: cardOf(node.socialImage, node.title, `Case study · ${node.customer}`),
      }),
    });
  actions.createPage({
    path: paths.webinars(),
    component: template("WebinarList"),
    context: withTwin(paths.webinars(), { ids: webinars.map((n) => n.id) }),
  });
  for (const node of webinars)
    actions.createPage({
      path: node.path,
      component: template("Webinar"),
      context: withTwin(node.path, {
        id: node.id,
        search: { section: searchSectionFor(node.path) },
        socialCard: cardOf(node.socialImage, node.title, "Webinar"),
      }),
    });
}
