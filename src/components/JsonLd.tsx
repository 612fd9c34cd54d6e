/**
 * Structured data for search engines: one `<script type="application/ld+json">` with the data as JSON.
 * The type keeps it inert, so the Content-Security-Policy needs no hash for it (src/security/
 * inlineScripts.ts hashes only the types a browser executes); jsonLd escapes "<" so no string in the
 * data can close the tag.
 */
import * as React from "react";
import { jsonLd } from "../data/structuredData";

export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />;
}
