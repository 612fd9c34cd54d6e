/**
 * Opening the site search from anywhere on the page: the header's control owns the dialog, and any other
 * part (the phone menu's entry) asks it here. No React, so the request costs nothing in the first load.
 */

/** What opened the search: focus goes back to it when the dialog closes. */
export type SearchRequest = { trigger: HTMLElement | null };

type Listener = (request: SearchRequest) => void;
const listeners = new Set<Listener>();

export function requestSearch(trigger: HTMLElement | null): void {
  for (const listener of listeners) listener({ trigger });
}

/** Listens for requests; the returned function stops listening. */
export function onSearchRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether a key press opens the search: ⌘K or Ctrl+K anywhere, "/" only when the visitor is not typing
 * (a field, an editable element), where it is a character of their text.
 */
export function opensSearch(
  event: Pick<KeyboardEvent, "key" | "metaKey" | "ctrlKey" | "altKey" | "shiftKey" | "target">,
): boolean {
  if (event.altKey) return false;
  if ((event.metaKey || event.ctrlKey) && !event.shiftKey && event.key.toLowerCase() === "k")
    return true;
  if (event.key !== "/" || event.metaKey || event.ctrlKey) return false;
  return !isTyping(event.target);
}

function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return (
    element.closest("input, textarea, select, [contenteditable='true'], [contenteditable='']") !==
    null
  );
}
