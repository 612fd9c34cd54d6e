/** Creates the content-generated routes: marketing pages, the blog's families, case studies and webinars. */
import path from "node:path";
import type { Actions, GatsbyNode, Reporter } from "gatsby";
import { relatedPostsOf } from "../data/blog";
import { planBlogListings } from "../data/blogListings";
import { categoryFor, routes } from "../config/routes";
import { searchSectionFor } from "../config/searchSections";
import { site } from "../config/site";
import { isPublished } from "../data/schedule";
import { buildTime } from "./buildClock";
import { cardOf, createCaseStudyAndWebinarPages, template, type Graphql } from "./createStoryPages";
import { withTwin } from "./sitemap";

interface MarketingPagesResult {
  allMarketingPage: {
    nodes: Array<{
      id: string;
      path: string;
      sourceFile: string;
      noindex: boolean;
      canonical: string | null;
      variantOf: string | null;
      experiment: string | null;
      sections: unknown;
      title: string;
      socialImage: string | null;
    }>;
  };
}

const opensWithHero = (sections: unknown) =>
  Array.isArray(sections) && (sections[0] as { type?: unknown } | undefined)?.type === "Hero";

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  await createMarketingPages(graphql, actions, reporter);
  await createBlogPages(graphql, actions, reporter);
  await createCaseStudyAndWebinarPages(graphql, actions, reporter);
};

async function createMarketingPages(graphql: Graphql, actions: Actions, reporter: Reporter) {
  const result = await graphql<MarketingPagesResult>(`
    query MarketingPages {
      allMarketingPage {
        nodes {
          id
          path
          sourceFile
          noindex
          canonical
          variantOf
          experiment
          sections
          title
          socialImage
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query marketing pages", result.errors);
    return;
  }
  const nodes = result.data.allMarketingPage.nodes;
  // Treatment variants are served at their base page's path. They get a route of their own only when
  // the site must answer it anyway (the /home-b/-style landing pages of src/config/routes.ts).
  const variants = new Map(nodes.filter((n) => n.variantOf).map((n) => [n.variantOf ?? "", n]));
  for (const variant of variants.values()) {
    const base = nodes.find((n) => n.path === variant.variantOf && !n.variantOf);
    if (!base) {
      reporter.panicOnBuild(
        `${variant.sourceFile} is a variant of ${variant.variantOf ?? ""}, but no page has that path`,
      );
    } else if (!opensWithHero(base.sections) || !opensWithHero(variant.sections)) {
      // The variants share their hero, whose heading is the page's one <h1> (templates/MarketingPage.tsx).
      reporter.panicOnBuild(
        `${base.sourceFile} and its variant ${variant.sourceFile} must both open with a Hero section: ` +
          "the page shows one hero, in the assigned variant's words, and its heading is the page's <h1>",
      );
    }
  }
  const ownRoutes = new Set(routes.map((route) => route.path));
  const noindexRoutes = new Set(routes.filter((route) => route.noindex).map((route) => route.path));
  const seen = new Map<string, string>();
  for (const page of nodes.filter((n) => !n.variantOf || ownRoutes.has(n.path))) {
    const other = seen.get(page.path);
    if (other) {
      reporter.panicOnBuild(
        `Two content files claim ${page.path}: ${other} and ${page.sourceFile}`,
      );
      continue;
    }
    seen.set(page.path, page.sourceFile);
    const elsewhere = page.canonical !== null && page.canonical !== page.path;
    actions.createPage({
      path: page.path,
      component: path.resolve("src/templates/MarketingPage.tsx"),
      // Variants that point their canonical elsewhere stay out of the sitemap, like noindex pages.
      context: withTwin(page.path, {
        id: page.id,
        variantId: (!page.variantOf && variants.get(page.path)?.id) || null,
        experiment: (!page.variantOf && variants.get(page.path)?.experiment) || null,
        excludeFromSitemap: page.noindex || elsewhere,
        // In the site search only as itself: never a noindex page, a variant's own route or a copy of another page.
        // Its hero's heading is a slogan: a result shows the page's title.
        search:
          !page.noindex && !elsewhere && !page.variantOf && !noindexRoutes.has(page.path)
            ? { section: searchSectionFor(page.path), title: page.title }
            : null,
        socialCard: cardOf(
          page.socialImage,
          page.path === "/" ? site.title : page.title,
          categoryFor(page.path) ?? site.productName,
        ),
      }),
    });
  }
}

interface BlogResult {
  allBlogPost: {
    nodes: Array<{
      id: string;
      slug: string;
      path: string;
      date: string;
      tagKeys: string[];
      authorKeys: string[];
      featured: boolean;
      draft: boolean;
      hidden: boolean;
      locale: string;
      translationOf: string | null;
      canonical: string | null;
      sourceFile: string;
      title: string;
      socialImage: string | null;
    }>;
  };
  allAuthor: { nodes: Array<{ key: string; name: string }> };
  allTag: { nodes: Array<{ key: string }> };
}

async function createBlogPages(graphql: Graphql, actions: Actions, reporter: Reporter) {
  const result = await graphql<BlogResult>(`
    query BlogPages {
      allBlogPost(sort: { date: DESC }) {
        nodes {
          id
          slug
          path
          date
          tagKeys
          authorKeys
          featured
          draft
          hidden
          locale
          translationOf
          canonical
          sourceFile
          title
          socialImage
        }
      }
      allAuthor {
        nodes {
          key
          name
        }
      }
      allTag {
        nodes {
          key
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query blog posts", result.errors);
    return;
  }
  const { allBlogPost, allAuthor, allTag } = result.data;
  // A scheduled post (dated after the build's clock) is checked like any other but built nowhere: no page,
  // no listing, tag or author page, no related link (src/data/schedule.ts).
  const at = buildTime();
  const posts = allBlogPost.nodes.filter((p) => isPublished(p.date, at));
  const authorKeys = new Set(allAuthor.nodes.map((a) => a.key));
  const authorNames = new Map(allAuthor.nodes.map((a) => [a.key, a.name]));
  const tagKeys = new Set(allTag.nodes.map((t) => t.key));
  const slugs = new Set(allBlogPost.nodes.map((p) => p.slug));
  for (const post of allBlogPost.nodes) {
    const problems = [
      ...post.authorKeys
        .filter((k) => !authorKeys.has(k))
        .map((k) => `author "${k}" has no file content/authors/${k}.yml`),
      ...post.tagKeys
        .filter((k) => !tagKeys.has(k))
        .map((k) => `tag "${k}" has no file content/tags/${k}.yml`),
      ...(post.translationOf && !slugs.has(post.translationOf)
        ? [`translationOf "${post.translationOf}" is not a post`]
        : []),
    ];
    if (problems.length > 0)
      reporter.panicOnBuild(
        `Invalid content in ${post.sourceFile}:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
      );
  }

  const plan = planBlogListings(posts, tagKeys, authorKeys);
  for (const { path: listingPath, ...context } of plan.listings) {
    actions.createPage({
      path: listingPath,
      component: template("BlogList"),
      context: withTwin(listingPath, context),
    });
  }

  // Indexed once: a blog of thousands of posts asks these for every post.
  const relatedTo = relatedPostsOf(posts);
  const families = new Map<string, typeof posts>();
  for (const post of posts.filter((p) => !p.draft)) {
    const original = post.translationOf ?? post.slug;
    families.set(original, [...(families.get(original) ?? []), post]);
  }
  for (const post of posts.filter((p) => !p.draft)) {
    const family = families.get(post.translationOf ?? post.slug) ?? [];
    const alternates =
      family.length > 1 ? family.map((p) => ({ locale: p.locale, path: p.path })) : [];
    const related = relatedTo(post).map((p) => p.id);
    actions.createPage({
      path: post.path,
      component: template("BlogPost"),
      context: withTwin(post.path, {
        id: post.id,
        relatedIds: post.locale === "en" ? related : [],
        alternates,
        // A tag or author whose posts are all hidden has no page: the post names it without a link.
        tagPages: post.tagKeys.filter((k) => plan.tagsWithPages.has(k)),
        authorPages: post.authorKeys.filter((k) => plan.authorsWithPages.has(k)),
        excludeFromSitemap:
          post.hidden || (post.canonical !== null && post.canonical !== post.path),
        // A hidden post (reached only by its link) or a copy of another page is never a search result.
        search:
          !post.hidden && (post.canonical === null || post.canonical === post.path)
            ? { section: searchSectionFor(post.path) }
            : null,
        socialCard: cardOf(
          post.socialImage,
          post.title,
          ["Blog", ...post.authorKeys.map((k) => authorNames.get(k) ?? k)].join(" · "),
        ),
      }),
    });
  }
}
