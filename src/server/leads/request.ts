// Reads a lead request defensively: origin, content type, a hard size cap and prototype-safe JSON.
import { readCappedText } from "../http/cappedBody";
import { errorResponse } from "../http/responses";

export const MAX_BODY_BYTES = 16 * 1024;

/** Keys that could reach an object's prototype through careless merging; dropped while parsing. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function isAllowedOrigin(request: Request, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.get("origin");
  // Browsers always send Origin on a cross-site POST; its absence means a same-origin or non-browser client.
  if (origin === null) return true;
  if (origin === "null") return false;
  const own = new URL(request.url).origin;
  return origin === own || allowedOrigins.includes(origin);
}

export function isJsonContentType(request: Request): boolean {
  const type = request.headers.get("content-type");
  if (!type) return false;
  const essence = type.split(";")[0]?.trim().toLowerCase();
  return essence === "application/json";
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false };

/** JSON.parse that drops prototype-shaped keys, so they can neither pollute nor be forwarded. */
export function parseJsonSafely(text: string): ParsedBody {
  try {
    const value: unknown = JSON.parse(text, (key, item: unknown) =>
      FORBIDDEN_KEYS.has(key) ? undefined : item,
    );
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** Reads and checks everything but the schema; a Response means "answer this and stop". */
export async function readLeadBody(
  request: Request,
  allowedOrigins: readonly string[],
): Promise<Record<string, unknown> | Response> {
  if (!isAllowedOrigin(request, allowedOrigins)) {
    return errorResponse(403, "forbidden_origin", "Forms can only be sent from this website.");
  }
  if (!isJsonContentType(request)) {
    return errorResponse(
      415,
      "unsupported_media_type",
      "Send the form as application/json.",
      undefined,
      {
        headers: { accept: "application/json" },
      },
    );
  }
  const text = await readCappedText(request, MAX_BODY_BYTES);
  if (text === null) {
    return errorResponse(
      413,
      "payload_too_large",
      `The form is larger than ${MAX_BODY_BYTES / 1024} KiB.`,
    );
  }
  const parsed = parseJsonSafely(text);
  if (!parsed.ok) return errorResponse(400, "malformed_json", "The body is not valid JSON.");
  const value = parsed.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    // Same shape as every other 422, so a client only ever reads error.fields.
    return errorResponse(422, "invalid_body", "Send the form fields as one JSON object.", {
      _form: "Send the form fields as one JSON object.",
    });
  }
  return value as Record<string, unknown>;
}
