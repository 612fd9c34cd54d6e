/** Long-form copy from markdown (legal pages, methodology notes). */
import * as React from "react";
import type { RichTextContent } from "../data/sectionSchemas";
import { Container } from "../components/Container";
import { Heading } from "../components/Heading";
import { Prose } from "../components/Prose";
import { SectionShell } from "../components/SectionShell";

export function RichText({ title, html, id }: RichTextContent) {
  return (
    <SectionShell id={id}>
      <Container $narrow>
        {title ? (
          <Heading level={2} size="lg" style={{ marginBottom: "1.5rem" }}>
            {title}
          </Heading>
        ) : null}
        <Prose dangerouslySetInnerHTML={{ __html: html ?? "" }} />
      </Container>
    </SectionShell>
  );
}
