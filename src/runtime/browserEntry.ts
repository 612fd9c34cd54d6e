/**
 * The browser bundle's entry in a production build (src/gatsby/onCreateWebpackConfig.ts puts it in front of Gatsby's):
 * the same app, started in four tasks instead of one.
 *
 * Webpack evaluates an entry and everything it imports in the task that runs its last chunk: React DOM,
 * styled-components (which re-reads every rule the server rendered) and Gatsby's runtime with the site's
 * layout, one task over 100 ms on a phone, during which a tap waits. Here React DOM goes first, then
 * styled-components, then the site's gatsby-browser (its providers and layout; Gatsby's entry reads it
 * first thing anyway), then Gatsby's entry, each after the browser has had the main thread back once. The
 * modules stay in the same chunks ("eager" imports add no request); only when they run changes.
 */
import { nextTask } from "./nextTask";

void import(/* webpackMode: "eager" */ "react-dom/client")
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager", webpackExports: ["default"] */ "styled-components"))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ "../../gatsby-browser"))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ "gatsby-production-app"));
