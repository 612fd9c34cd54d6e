/**
 * The navigation the header and footer render. On the site, Layout provides it from the one navigation
 * static query (useSiteNavigation); a CMS preview provides the entry being edited. Kept free of Gatsby's
 * query runtime so the admin bundle can render the header and footer too.
 */
import * as React from "react";
import type { Navigation } from "../config/navigation";

export const NavigationContext = React.createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = React.useContext(NavigationContext);
  if (!navigation)
    throw new Error(
      "No navigation to render: wrap the header and footer in NavigationContext (Layout does, from content/settings/navigation.yml).",
    );
  return navigation;
}
