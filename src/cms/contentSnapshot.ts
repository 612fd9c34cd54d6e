/**
 * The build's snapshot of a content folder for the admin (public/admin/snapshots/<folder>.json): the text of each
 * published entry's file with its git blob sha, so the admin lists a folder without asking GitHub for each file
 * and believes a text only when its sha is the one GitHub lists for that path. Shared by the build, which writes
 * it, and the admin, which reads it; no I/O.
 */

export const SNAPSHOT_VERSION = 1;

export type SnapshotEntry = { path: string; sha: string; text: string };
export type ContentSnapshot = { version: number; folder: string; entries: SnapshotEntry[] };

/** Where a folder's snapshot lives, relative to the admin's page (/admin/). */
export const snapshotPath = (folder: string) =>
  `snapshots/${folder.replace(/^\/+|\/+$/g, "")}.json`;

/** The sha git gives a file's bytes as a blob: SHA-1 of `blob <length>\0` and the bytes (Web Crypto, so both sides share it). */
export async function gitBlobSha(bytes: Uint8Array): Promise<string> {
  const header = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const whole = new Uint8Array(header.length + bytes.length);
  whole.set(header);
  whole.set(bytes, header.length);
  const digest = await crypto.subtle.digest("SHA-1", whole);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A snapshot read from the network, or null when it is not one (a 404 page, another version). */
export function parseSnapshot(value: unknown, folder: string): ContentSnapshot | null {
  if (typeof value !== "object" || value === null) return null;
  const snapshot = value as Partial<ContentSnapshot>;
  if (snapshot.version !== SNAPSHOT_VERSION || snapshot.folder !== folder) return null;
  if (!Array.isArray(snapshot.entries)) return null;
  const entries = snapshot.entries.filter(
    (entry): entry is SnapshotEntry =>
      typeof entry === "object" &&
      entry !== null &&
      typeof entry.path === "string" &&
      typeof entry.sha === "string" &&
      typeof entry.text === "string",
  );
  return { version: SNAPSHOT_VERSION, folder, entries };
}
