/** Remembers which emails already received a BotD token in this browser, so nobody asks twice. */
export const BOTD_TOKEN_STORAGE_KEY = "botdTokenEmails";
const MAX_REMEMBERED = 20;

type Store = Pick<Storage, "getItem" | "setItem">;

export function sentEmails(store: Store): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(BOTD_TOKEN_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === "string")
      : [];
  } catch {
    return [];
  }
}

export function wasSent(store: Store, email: string): boolean {
  return sentEmails(store).includes(email.trim().toLowerCase());
}

export function rememberSent(store: Store, email: string): void {
  const normalized = email.trim().toLowerCase();
  const next = [normalized, ...sentEmails(store).filter((item) => item !== normalized)].slice(
    0,
    MAX_REMEMBERED,
  );
  try {
    store.setItem(BOTD_TOKEN_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private browsing may refuse storage; the form still works, it just cannot remember.
  }
}
