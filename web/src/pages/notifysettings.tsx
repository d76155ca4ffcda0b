/** Notifications away from the table (/notifications; docs/server.md, "Notifications"): the
 * account's email address and webhook URL (a Discord or Slack incoming webhook works), each
 * channel on or off. A new email address waits for its owner to follow the link the server
 * mailed to it (no email goes to it before), and a guest cannot set one. Uses the session
 * this browser keeps (localStorage "session"); without one, the page points to "My tables",
 * where a player logs in. */

import { useEffect, useState } from "preact/hooks";
import { ApiError, SESSION_KEY } from "../api";
import { Link, useLang } from "../app";
import { t } from "../i18n";
import { refusal } from "./lobby";

export interface NotifySettingsData {
  email: string | null;
  webhook_url: string | null;
  notify_email: boolean;
  notify_webhook: boolean;
  /** Whether the address's owner followed the link of its confirmation email. */
  email_confirmed: boolean;
  /** Whether this account may set an email address (one with a password, not a guest). */
  email_allowed: boolean;
  email_available: boolean;
}

async function call(method: string, session: string, body?: unknown): Promise<NotifySettingsData> {
  const headers: Record<string, string> = { authorization: `Bearer ${session}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch("/api/me/notifications", {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(String(data["error"] ?? `http_${response.status}`), String(data["message"] ?? ""), response.status);
  }
  return data as unknown as NotifySettingsData;
}

/** The words under the email address (an i18n key, or none): a guest cannot have one; one
 * saved but not yet confirmed waits for its owner to follow the mailed link; or it is
 * confirmed. Nothing while the settings load, or when this server sends no email. */
export function emailNoteKey(data: NotifySettingsData | null): string | null {
  if (!data) return null;
  if (!data.email_allowed) return "notify.guest_email";
  if (!data.email || !data.email_available) return null;
  return data.email_confirmed ? "notify.email_confirmed" : "notify.email_pending";
}

export function NotifySettings() {
  const lang = useLang();
  const session = localStorage.getItem(SESSION_KEY);
  const [data, setData] = useState<NotifySettingsData | null>(null);
  const [email, setEmail] = useState("");
  const [webhook, setWebhook] = useState("");
  const [onEmail, setOnEmail] = useState(true);
  const [onWebhook, setOnWebhook] = useState(true);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = (d: NotifySettingsData) => {
    setData(d);
    setEmail(d.email ?? "");
    setWebhook(d.webhook_url ?? "");
    setOnEmail(d.notify_email);
    setOnWebhook(d.notify_webhook);
  };
  useEffect(() => {
    if (session) call("GET", session).then(show, (e: unknown) => setError(refusal(lang, e)));
  }, [session]);
  if (!session) {
    return (
      <p>
        {t(lang, "notify.noaccount")} <Link href="/my">{t(lang, "my.title")}</Link>
      </p>
    );
  }
  const save = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setStatus(null);
    try {
      show(
        await call("PUT", session, {
          // A guest's form has no email address to send (the server would refuse it).
          email: data?.email_allowed === false ? null : email.trim() || null,
          webhook_url: webhook.trim() || null,
          notify_email: onEmail,
          notify_webhook: onWebhook,
        }),
      );
      setStatus(t(lang, "notify.saved"));
    } catch (e) {
      setError(refusal(lang, e));
    }
  };
  const emailNote = emailNoteKey(data);
  return (
    <form class="create notify" onSubmit={save}>
      <p class="hint">{t(lang, "notify.about")}</p>
      <p>
        <label>
          {t(lang, "notify.webhook")}{" "}
          <input type="url" value={webhook} onInput={(e) => setWebhook(e.currentTarget.value)} />
        </label>
      </p>
      <p>
        <label>
          <input type="checkbox" checked={onWebhook} onChange={(e) => setOnWebhook(e.currentTarget.checked)} />{" "}
          {t(lang, "notify.webhook_on")}
        </label>
      </p>
      <p>
        <label>
          {t(lang, "notify.email")}{" "}
          <input
            type="email"
            value={email}
            disabled={data?.email_allowed === false}
            aria-describedby={emailNote ? "notify-email-note" : undefined}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
      </p>
      {emailNote && (
        <p class="hint" id="notify-email-note">
          {t(lang, emailNote)}
        </p>
      )}
      <p>
        <label>
          <input type="checkbox" checked={onEmail} onChange={(e) => setOnEmail(e.currentTarget.checked)} />{" "}
          {t(lang, "notify.email_on")}
        </label>
      </p>
      {data && !data.email_available && <p class="hint">{t(lang, "notify.no_email")}</p>}
      <button type="submit">{t(lang, "notify.save")}</button>
      <p role="status">{status}</p>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

export function NotificationsPage() {
  const lang = useLang();
  return (
    <section class="panel" aria-labelledby="notify-heading">
      <h2 id="notify-heading">{t(lang, "notify.title")}</h2>
      <NotifySettings />
    </section>
  );
}
