/** The invitation to developers who open the browser console. */
import { site } from "../config/site";

export function careersConsoleMessage(origin: string): [string, string, string] {
  return [
    `%c${site.productName}%c is hiring engineers who enjoy reading consoles. See open roles: ${origin}/careers/`,
    "font-weight:800;color:#c63f14;font-size:14px",
    "font-weight:400;font-size:13px",
  ];
}
