// Reads the CMS login window's page with the project's HTML parser: the message for the admin in its JSON
// data block (and, for a refusal, the words the admin shows), and the hashes of the scripts a browser would run.
import { parseHtml } from "../../../../../src/data/parseHtml";
import { inlineScripts } from "../../../../../src/security/inlineScripts";
import { RESULT_ELEMENT_ID, type LoginResult } from "../../../../../src/server/cms/loginScript";

const ERROR = "authorization:github:error:";

export function pageResult(
  html: string,
): LoginResult & { error: string | null; scriptHashes: string[] } {
  const elements = parseHtml(html);
  const data = elements.find(
    (el) => el.name === "script" && el.attributes["id"] === RESULT_ELEMENT_ID,
  );
  const result = JSON.parse(data?.text ?? "null") as LoginResult;
  const error = result.message.startsWith(ERROR)
    ? String((JSON.parse(result.message.slice(ERROR.length)) as { message: unknown }).message)
    : null;
  return { ...result, error, scriptHashes: inlineScripts(elements).map((script) => script.hash) };
}
