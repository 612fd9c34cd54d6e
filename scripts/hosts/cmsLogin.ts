// The CMS login's two functions as a host serves them: the start redirects to GitHub with a state bound to an
// HttpOnly cookie (`__Host-` on https); a callback with a forged state is refused without asking GitHub. Both
// rehearsals run it.
import { stateCookieName } from "../../src/server/cms/oauthState";
import { expectThat } from "./report";

/** The CMS login's OAuth App, as a deployment sets it (scripts/hosts/world.ts). */
export const CMS_OAUTH = { clientId: "rehearsal-client-id", secret: "rehearsal-client-secret" };

type Answer = { status: number; headers: Headers; text(): Promise<string> };

/** Checks the start's answer; returns the state cookie to send back with the forged callback. */
export function checkLoginStart(answer: Answer, origin: string, clientId: string): string {
  expectThat(answer.status === 302, `cms-auth answered ${answer.status}`);
  const location = new URL(answer.headers.get("location") ?? "about:blank");
  expectThat(location.pathname === "/login/oauth/authorize", `redirects to ${location.href}`);
  const query = location.searchParams;
  expectThat(query.get("client_id") === clientId, `client_id ${query.get("client_id")}`);
  expectThat(
    query.get("redirect_uri") === `${origin}/api/cms-callback`,
    `redirect_uri ${query.get("redirect_uri")}`,
  );
  const state = query.get("state") ?? "";
  expectThat(state.length >= 32, `state "${state}"`);
  const cookie = answer.headers.get("set-cookie") ?? "";
  const name = stateCookieName(new URL(origin));
  expectThat(cookie.startsWith(`${name}=${state}.`), `cookie ${cookie}`);
  const attributes = cookie.split(/;\s*/).slice(1);
  const wanted = ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=600"];
  for (const attribute of name.startsWith("__Host-") ? [...wanted, "Secure"] : wanted)
    expectThat(attributes.includes(attribute), `cookie without ${attribute}: ${cookie}`);
  expectThat(!/;\s*Domain=/i.test(cookie), `cookie with a Domain: ${cookie}`);
  expectThat(answer.headers.get("cache-control") === "no-store", "cms-auth is cacheable");
  return cookie.split(";")[0] ?? "";
}

/** Checks that a forged state was refused with 400, the cookie cleared, and GitHub never asked. */
export async function checkForgedCallback(answer: Answer): Promise<string> {
  const body = await answer.text();
  expectThat(
    answer.status === 400,
    `cms-callback answered ${answer.status}: ${body.slice(0, 200)}`,
  );
  expectThat(body.includes("invalid_state"), `cms-callback said ${body.slice(0, 200)}`);
  expectThat(
    (answer.headers.get("set-cookie") ?? "").includes("Max-Age=0"),
    "the state cookie is not cleared",
  );
  return "302 with an HttpOnly state cookie; a forged state 400, GitHub not asked";
}
