// Reads a request or response body up to a byte cap: one body can only cost us so much memory.

/**
 * The bytes of `body`, or null once it would pass `limit` bytes: a declared Content-Length over the
 * cap is refused unread, and otherwise reading stops (and the stream is cancelled) at the cap, so a
 * missing or lying Content-Length changes nothing. No body reads as zero bytes.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  declaredLength: string | null = null,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaredLength !== null && /^\d+$/.test(declaredLength) && Number(declaredLength) > limit)
    return null;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/** A request's body as UTF-8 text, or null once it passes the cap. */
export async function readCappedText(request: Request, limit: number): Promise<string | null> {
  const bytes = await readCapped(request.body, limit, request.headers.get("content-length"));
  return bytes === null ? null : new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}
