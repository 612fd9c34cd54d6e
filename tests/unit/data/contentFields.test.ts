// Every content field in content/pages renders, with remark, to the HTML marked rendered before the switch
// (tests/unit/data/fixtures/contentFieldsHtml.json, written by the last build that used marked), compared
// as documents: the same elements, attributes and text. The two engines only spell some characters
// differently in the source (marked wrote `&quot;` and `&#39;` in text, remark writes the characters) and
// the newlines between a table's rows differ (marked wrote none after <tbody>, remark writes one): whitespace
// a browser never renders inside table layout. Marked also ended a field with a newline.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { fillPlaceholders, parseYamlFile } from "../../../src/data/content";
import { markdownToHtml } from "../../../src/data/markdown";
import { parseMarketingPage } from "../../../src/data/sectionSchemas";
import before from "./fixtures/contentFieldsHtml.json";

type ChildNode = ReturnType<typeof parseDocument>["children"][number];

/** Elements whose whitespace-only text a browser never renders (rows and cells sit in table layout). */
const TABLE_PARTS = new Set(["table", "thead", "tbody", "tfoot", "tr"]);

/** A document as nested [tag, attributes, children] and decoded text, so spelling differences vanish. */
function shape(nodes: ChildNode[], parent = ""): unknown[] {
  return nodes
    .filter((node) => !(TABLE_PARTS.has(parent) && node.type === "text" && !node.data.trim()))
    .map((node) => {
      if (node.type === "text") return node.data;
      if (node.type === "tag")
        return [node.name, { ...node.attribs }, shape(node.children, node.name)];
      return `<${node.type}>`;
    });
}
/** The field's document; marked ended it with a newline, remark does not (whitespace between blocks). */
const documentOf = (html: string) => shape(parseDocument(html.trim()).children);

const dir = path.resolve("content/pages");
const fields = new Map<string, string>();
for (const file of (readdirSync(dir, { recursive: true }) as string[])
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()) {
  const raw = parseYamlFile(readFileSync(path.join(dir, file), "utf8"), file);
  parseMarketingPage(fillPlaceholders(raw), file).sections.forEach((section, index) => {
    if (section.type === "RichText" || section.type === "Split")
      fields.set(`${file}#${index}`, section.body);
  });
}

describe("content fields", () => {
  it("are the fields rendered before", () => {
    expect([...fields.keys()].sort()).toEqual(Object.keys(before).sort());
  });
  it.each([...fields])("%s renders as before", (key, markdown) => {
    const previous = (before as Record<string, string>)[key] ?? "";
    expect(documentOf(markdownToHtml(markdown))).toEqual(documentOf(previous));
  });
});
