// The CMS login window's own script, inlined into the page /api/cms-auth and /api/cms-callback answer
// (compiled by `npm run cms:config` into ./loginScriptCompiled.ts): it hands the outcome to the content admin
// that opened the window, by Decap's handshake, and only ever to a window on this page's own origin.

/** Where the page keeps what the script delivers (a JSON data block, which no browser runs). */
export const RESULT_ELEMENT_ID = "cms-login-result";
/** The page's one line of text, which the script keeps telling the editor what happens. */
export const STATUS_ELEMENT_ID = "cms-login-status";

/** What the page hands over: Decap's provider name and the whole message for the admin. */
export type LoginResult = { provider: string; message: string };

function readResult(doc: Document): LoginResult | null {
  try {
    const parsed: unknown = JSON.parse(doc.getElementById(RESULT_ELEMENT_ID)?.textContent ?? "");
    const { provider, message } = (parsed ?? {}) as Partial<LoginResult>;
    return typeof provider === "string" && typeof message === "string"
      ? { provider, message }
      : null;
  } catch {
    return null;
  }
}

/** Reading a cross-origin window's location throws: that is how a foreign opener shows itself. */
function openerOrigin(opener: Window): string | null {
  try {
    return opener.location.origin;
  } catch {
    return null;
  }
}

/**
 * Decap's handshake (decap-cms-lib-auth): this window says `authorizing:<provider>` to its opener, the
 * admin echoes it, and the result goes back in answer to that echo. Everything is posted to this page's
 * own origin only, and the echo counts only from the opener itself on that origin, so a page of another
 * site that opens the login gets nothing, whatever it sends.
 */
export function deliverLoginResult(win: Window): void {
  const doc = win.document;
  const say = (text: string) => {
    const status = doc.getElementById(STATUS_ELEMENT_ID);
    if (status) status.textContent = text;
  };
  const result = readResult(doc);
  const opener = win.opener as Window | null;
  const own = win.location.origin;
  if (!result) return;
  if (!opener || opener.closed) {
    say("This window was not opened by the content admin. Close it and press Login in the admin.");
    return;
  }
  if (openerOrigin(opener) !== own) {
    say(
      "This sign-in was started by a page on another site. Nothing was sent to it; close this window.",
    );
    return;
  }
  const handshake = `authorizing:${result.provider}`;
  const onEcho = (event: MessageEvent) => {
    if (event.source !== opener || event.origin !== own || event.data !== handshake) return;
    win.removeEventListener("message", onEcho);
    opener.postMessage(result.message, own);
    say("Done. The content admin takes it from here; this window closes.");
  };
  win.addEventListener("message", onEcho);
  say("Handing the result to the content admin.");
  opener.postMessage(handshake, own);
}
