// @vitest-environment node
// The CMS login window's page as served, run in a DOM: its one script is the one its policy names, it runs
// Decap's handshake, and it hands the result only to an admin window on its own origin, never to "*".
import { JSDOM } from "jsdom";
import { describe, expect, it, vi } from "vitest";
import {
  LOGIN_PAGE_CSP,
  LOGIN_SCRIPT_HASH,
  adminMessage,
  loginPage,
} from "../../../../src/server/cms/loginPage";
import { LOGIN_SCRIPT } from "../../../../src/server/cms/loginScriptCompiled";
import { STATUS_ELEMENT_ID } from "../../../../src/server/cms/loginScript";
import { scriptHash } from "../../../../src/security/inlineScripts";
import { isStrictPolicy } from "../../../../src/security/headers";
import { pageResult } from "./support/loginPage";

const SITE = "https://www.example.com";
const TOKEN = { ok: true as const, token: "gho_0123456789abcdef" };

/** The served page in a window opened by `openerUrl` (null: opened by no one). */
function openPage(openerUrl: string | null, outcome: Parameters<typeof loginPage>[0] = TOKEN) {
  const admin = openerUrl === null ? null : new JSDOM("", { url: openerUrl });
  const posted: Array<[unknown, string]> = [];
  if (admin) {
    vi.spyOn(admin.window, "postMessage").mockImplementation(((
      message: unknown,
      target: string,
    ) => {
      posted.push([message, target]);
    }) as typeof admin.window.postMessage);
  }
  const popup = new JSDOM(loginPage(outcome, "Signed in with GitHub."), {
    url: `${SITE}/api/cms-callback?code=c&state=s`,
    runScripts: "dangerously",
    beforeParse: (window) => {
      Object.defineProperty(window, "opener", { value: admin?.window ?? null, configurable: true });
    },
  });
  const echo = (data: unknown, origin: string, source: unknown = admin?.window) =>
    popup.window.dispatchEvent(
      new popup.window.MessageEvent("message", { data, origin, source: source as Window }),
    );
  const status = () => popup.window.document.getElementById(STATUS_ELEMENT_ID)?.textContent ?? "";
  return { posted, echo, status, popup };
}

describe("the login window's page", () => {
  it("runs exactly one script, the compiled one, and its policy allows that script alone", () => {
    const html = loginPage({ ok: false, message: "</script><script>alert(1)</script>" }, "x");
    const read = pageResult(html);
    expect(read.scriptHashes).toEqual([scriptHash(LOGIN_SCRIPT)]);
    expect(LOGIN_SCRIPT_HASH).toBe(scriptHash(LOGIN_SCRIPT));
    expect(LOGIN_PAGE_CSP).toBe(
      `default-src 'none'; script-src ${LOGIN_SCRIPT_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(isStrictPolicy(LOGIN_PAGE_CSP)).toBe(true);
    // A hostile message stays data: it arrives whole and starts no script of its own.
    expect(read.error).toBe("</script><script>alert(1)</script>");
  });

  it("says it is there, then hands the token over only after the admin's echo, to its own origin", () => {
    const { posted, echo, status } = openPage(`${SITE}/admin/`);
    expect(posted).toEqual([["authorizing:github", SITE]]);
    expect(status()).toMatch(/Handing the result/);
    echo("authorizing:github", SITE);
    expect(posted).toEqual([
      ["authorizing:github", SITE],
      [adminMessage(TOKEN), SITE],
    ]);
    expect(status()).toMatch(/Done/);
    // Once only.
    echo("authorizing:github", SITE);
    expect(posted).toHaveLength(2);
  });

  it("ignores an echo from another origin, from another window, or of another provider", () => {
    const { posted, echo, popup } = openPage(`${SITE}/admin/`);
    echo("authorizing:github", "https://evil.example");
    echo("authorizing:github", SITE, popup.window);
    echo("authorizing:github", SITE, null);
    echo("authorizing:gitlab", SITE);
    expect(posted).toEqual([["authorizing:github", SITE]]);
  });

  it("sends nothing at all to an opener on another site, and says so", () => {
    const { posted, echo, status } = openPage("https://evil.example/attack/");
    echo("authorizing:github", "https://evil.example");
    echo("authorizing:github", SITE);
    expect(posted).toEqual([]);
    expect(status()).toMatch(/started by a page on another site/);
  });

  it("tells an editor who opened it directly to go back to the admin", () => {
    const { status } = openPage(null);
    expect(status()).toMatch(/not opened by the content admin/);
  });

  it("hands a refusal over the same way, as Decap's error message", () => {
    const refusal = { ok: false as const, message: "GitHub could not be reached." };
    const { posted, echo } = openPage(`${SITE}/admin/`, refusal);
    echo("authorizing:github", SITE);
    expect(posted.at(-1)).toEqual([
      `authorization:github:error:${JSON.stringify({ message: "GitHub could not be reached." })}`,
      SITE,
    ]);
  });
});
