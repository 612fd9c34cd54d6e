/** The blog's RSS feed: where the build publishes it, and the name every page's head advertises it by. */
import { site } from "./site";

export const FEED_PATH = "/rss.xml";

export const FEED_TITLE = `${site.productName} blog`;
