/** What the build renders into a page's sections: markdown bodies as HTML, code samples highlighted. */
import { sampleCode } from "./codeText";
import { highlightCode } from "./highlight";
import { type SectionContent, withRenderedMarkdown } from "./sectionSchemas";

export function renderSections(
  sections: SectionContent[],
  markdownToHtml: (markdown: string) => string,
): SectionContent[] {
  return withRenderedMarkdown(sections, markdownToHtml).map((section) =>
    section.type === "CodeSample"
      ? { ...section, html: highlightCode(sampleCode(section.code), section.language) }
      : section,
  );
}
