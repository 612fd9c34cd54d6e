/** Copy and suggested destinations for the 404 and 500 pages. */
import { productProPath } from "./paths";
import { site } from "./site";

export const popularPages = [
  {
    title: `${site.productName} Pro device intelligence`,
    url: productProPath,
  },
  { title: "Pricing", url: "/pricing/" },
  { title: "Blog", url: "/blog/" },
  { title: "Careers", url: "/careers/" },
];

export const notFoundCopy = {
  code: "404",
  title: "We couldn't find that page",
  body: "The link may be out of date, or the page may have moved. Try one of the pages below, or tell our support team what you were looking for.",
};

export const serverErrorCopy = {
  code: "500",
  title: "Something went wrong on our side",
  body: "The page could not be loaded because of a problem on our servers. Nothing you did caused it. Please try again in a minute; if it keeps happening, our support team would like to hear about it.",
};
