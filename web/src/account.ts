/** Accounts (docs/server.md, "Accounts"): signing up, logging in and out, a guest keeping its
 * games with a password, changing, resetting and deleting — the calls, the session this
 * browser keeps (localStorage "session", the one every other page sends), and the checks a
 * form makes before it sends anything. The pages are pages/account.tsx. */

import { ApiError, send, SESSION_KEY } from "./api";

/** What the server takes (its NewAccount schema): a name of at most 40 characters and a
 * password of 8 to 200. */
export const NAME_MAX = 40;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** GET /api/me. */
export interface Me {
  name: string;
  guest: boolean;
  email: string | null;
  email_confirmed: boolean;
  created_at: number;
  /** "player", "admin" (the account page links to /admin), ... */
  role?: string;
}

/** What every call that logs this browser in answers. */
export interface Signed {
  name: string;
  session: string;
  guest?: boolean;
  /** This browser's key for the account (calls with a password answer one). */
  device?: string;
}

/** Where this browser keeps its key per account (by name, case folded): sent with its next
 * login, which the server then checks on a lane of its own that a flood of guesses from
 * elsewhere cannot fill (docs/server.md, "Security"). */
export const DEVICES_KEY = "devices";

function devices(): Record<string, string> {
  try {
    const kept: unknown = JSON.parse(globalThis.localStorage?.getItem(DEVICES_KEY) ?? "{}");
    return kept && typeof kept === "object" ? (kept as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** This browser's key for the account `name`, if it has one. */
export function deviceFor(name: string): string | undefined {
  return devices()[name.trim().toLowerCase()];
}

/** Keep the key an answer carries (the newest few accounts' keys are kept). */
export function keepDevice(signed: Signed): Signed {
  if (signed.device) {
    const kept = { ...devices() };
    delete kept[signed.name.toLowerCase()];
    const entries = [...Object.entries(kept), [signed.name.toLowerCase(), signed.device]].slice(-10);
    globalThis.localStorage?.setItem(DEVICES_KEY, JSON.stringify(Object.fromEntries(entries)));
  }
  return signed;
}

/** The i18n key saying what is wrong with a new password and its repetition, or null. */
export function passwordProblem(password: string, repeat: string): string | null {
  if (password.length < PASSWORD_MIN) return "account.short";
  if (password.length > PASSWORD_MAX) return "account.long";
  if (password !== repeat) return "account.mismatch";
  return null;
}

/** The i18n key saying what is wrong with a name as typed, or null (`optional`: an empty
 * one is fine, as when a guest keeps its own name). */
export function nameProblem(name: string, optional = false): string | null {
  const trimmed = name.trim();
  if (!trimmed) return optional ? null : "account.name_needed";
  if ([...trimmed].length > NAME_MAX) return "account.name_long";
  return null;
}

/** The token of a reset link's fragment (`#token=...`), or null. */
export function resetToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token && token.trim() ? token.trim() : null;
}

/** The reset link's token, taken from the address bar: it is read once and removed from the
 * address (and so from the history, and from whatever this page is shared or bookmarked as). */
export function takeResetToken(where: Pick<Location, "hash" | "pathname" | "search">, past: Pick<History, "replaceState">): string | null {
  const token = resetToken(where.hash);
  if (where.hash) past.replaceState(null, "", where.pathname + where.search);
  return token;
}

export function keptSession(): string | null {
  return globalThis.localStorage?.getItem(SESSION_KEY) || null;
}

export function keepSession(session: string): void {
  globalThis.localStorage?.setItem(SESSION_KEY, session);
}

export function dropSession(): void {
  globalThis.localStorage?.removeItem(SESSION_KEY);
}

/** Whether an error says this browser's session is gone (expired, or logged out elsewhere). */
export function sessionGone(e: unknown): boolean {
  return e instanceof ApiError && e.code === "unknown_session";
}

/** The calls. Those that log in answer a session; the caller keeps it (`keepSession`). */
export const accounts = {
  signUp: async (name: string, password: string) =>
    keepDevice(await send<Signed>("POST", "/api/accounts", { name: name.trim(), password })),
  logIn: async (name: string, password: string) => {
    const device = deviceFor(name);
    const body = { name: name.trim(), password, ...(device ? { device } : {}) };
    return keepDevice(await send<Signed>("POST", "/api/sessions", body));
  },
  /** A guest under `name` (a fresh guest name when that one is taken or none is given). */
  guest: async (name?: string): Promise<Signed> => {
    const wanted = name?.trim();
    try {
      return await send<Signed>("POST", "/api/guests", wanted ? { name: wanted } : {});
    } catch (e) {
      if (wanted && e instanceof ApiError && e.code === "name_taken") return send<Signed>("POST", "/api/guests", {});
      throw e;
    }
  },
  me: (session: string) => send<Me>("GET", "/api/me", undefined, session),
  logOut: (session: string) => send<unknown>("DELETE", "/api/sessions/current", undefined, session),
  logOutEverywhere: (session: string) => send<unknown>("DELETE", "/api/sessions", undefined, session),
  /** Every other session of the account ends: the answer's session is this browser's now. */
  changePassword: async (session: string, current: string, password: string) =>
    keepDevice(await send<Signed>("PUT", "/api/me/password", { current, password }, session)),
  /** A guest becomes an account with a password (and a new name, if given). */
  keepGuest: async (session: string, password: string, name?: string) =>
    keepDevice(
      await send<Signed>("POST", "/api/me/account", name?.trim() ? { name: name.trim(), password } : { password }, session),
    ),
  /** A guest sends no password. */
  remove: (session: string, password: string | null) =>
    send<unknown>("DELETE", "/api/me", password === null ? {} : { password }, session),
  askReset: (name: string) => send<{ sent: boolean }>("POST", "/api/password-reset", { name: name.trim() }),
  confirmReset: async (token: string, password: string) =>
    keepDevice(await send<Signed>("POST", "/api/password-reset/confirm", { token, password })),
};
