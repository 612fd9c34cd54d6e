/** The server-error page; the server shows it, with status 500, when a handler fails. */
import * as React from "react";
import type { HeadProps } from "gatsby";
import { Seo } from "../components/Seo";
import { popularPages, serverErrorCopy } from "../config/statusPages";
import { StatusPageView } from "../views/StatusPageView";

export default function ServerErrorPage() {
  return <StatusPageView {...serverErrorCopy} suggestions={popularPages} />;
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Server error"
      description={serverErrorCopy.body}
      pathname={location.pathname}
      noindex
    />
  );
}
