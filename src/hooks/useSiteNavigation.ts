/** The site's one navigation static query: the menus, footer columns and social links of content/settings/navigation.yml. */
import { graphql, useStaticQuery } from "gatsby";
import * as React from "react";
import type { Navigation } from "../config/navigation";
import { toNavigation } from "../data/navigation";

export function useSiteNavigation(): Navigation {
  const data = useStaticQuery<Queries.SiteNavigationQuery>(graphql`
    query SiteNavigation {
      navigation {
        menus {
          id
          title
          entries {
            ...NavigationEntryFields
          }
          groups {
            title
            entries {
              ...NavigationEntryFields
            }
          }
        }
        footerColumns {
          title
          entries {
            title
            url
            isLocal
          }
        }
        socialLinks {
          title
          url
          isLocal
          icon
        }
      }
    }

    fragment NavigationEntryFields on NavigationEntry {
      title
      url
      isLocal
      description
      icon
      useCasesLink
      badge
    }
  `);
  // Built from the validated file (src/gatsby/onCreateNode.ts); the mapping only turns GraphQL's
  // nulls for unset fields back into absent ones.
  return React.useMemo(() => toNavigation(data.navigation), [data]);
}
