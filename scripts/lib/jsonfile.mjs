// Reading a JSON file that may be missing or half written (a report, a build's manifest).
import fs from "node:fs";

/** The file's parsed JSON, or null when it is missing, unreadable or not (yet) whole JSON. */
export function readJsonOrNull(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}
