/** The admin page (/admin; docs/server.md, "Administration") for accounts whose role is
 * admin (`buccaneer admin grant NAME`): the tables (close one), the accounts (ban, unban),
 * the players' reports, the banner for everyone and the drain before maintenance. It uses
 * the session this browser keeps (localStorage "session", a login on "My tables"); the
 * server refuses every admin call from anyone else. Also `ServerBanner`, the banner shown
 * on every page (polled from /api/banner). */

import { useEffect, useState } from "preact/hooks";
import { ApiError, SESSION_KEY } from "../api";
import { Link, useLang } from "../app";
import { t } from "../i18n";
import { refusal } from "./lobby";

export interface AdminTable {
  id: string;
  game: string;
  players: number;
  status: string;
  version: number;
  closed: string | null;
  created_at: number;
  updated_at: number;
  seats: { seat: number; kind: string; name: string | null; claimed: boolean; bot: string | null }[];
}

export interface AdminAccount {
  name: string;
  role: string;
  banned: boolean;
  guest: boolean;
  created_at: number;
}

export interface AdminReport {
  id: number;
  table_id: string;
  reporter: string | null;
  reported: string | null;
  reported_seat: number;
  reason: string;
  at: number;
  resolved_at: number | null;
}

export interface BannerData {
  banner: string | null;
  draining: boolean;
}

async function call<T>(method: string, path: string, session: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (session) headers["authorization"] = `Bearer ${session}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(String(data["error"] ?? `http_${response.status}`), String(data["message"] ?? ""), response.status);
  }
  return data as unknown as T;
}

function when(seconds: number, lang: string): string {
  return new Date(seconds * 1000).toLocaleString(lang);
}

/** The operator's banner, on every page; polled each minute. */
export function ServerBanner() {
  const lang = useLang();
  const [data, setData] = useState<BannerData | null>(null);
  useEffect(() => {
    let stop = false;
    const load = () =>
      call<BannerData>("GET", "/api/banner", null).then(
        (d) => !stop && setData(d),
        () => undefined,
      );
    void load();
    const timer = setInterval(load, 60000);
    addEventListener("buccaneer-banner", load);
    return () => {
      stop = true;
      clearInterval(timer);
      removeEventListener("buccaneer-banner", load);
    };
  }, []);
  if (!data || (!data.banner && !data.draining)) return null;
  return (
    <div class="banner server-banner" role="status">
      {data.banner && <p>{data.banner}</p>}
      {data.draining && <p>{t(lang, "admin.draining_notice")}</p>}
    </div>
  );
}

function TablesPanel(props: { session: string }) {
  const lang = useLang();
  const [tables, setTables] = useState<AdminTable[] | null>(null);
  const [status, setStatus] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = () => {
    const query = status ? `?status=${status}` : "";
    call<AdminTable[]>("GET", `/api/admin/tables${query}`, props.session).then(setTables, (e: unknown) =>
      setError(refusal(lang, e)),
    );
  };
  useEffect(load, [status]);
  const close = async (table: AdminTable) => {
    setError(null);
    setDone(null);
    try {
      await call("POST", `/api/admin/tables/${table.id}/close`, props.session, {
        reason: reason.trim() || t(lang, "admin.close_default"),
      });
      setDone(t(lang, "admin.closed_done", { table: table.id }));
      load();
    } catch (e) {
      setError(refusal(lang, e));
    }
  };
  return (
    <section class="panel" aria-labelledby="admin-tables">
      <h2 id="admin-tables">{t(lang, "admin.tables")}</h2>
      <p>
        <label>
          {t(lang, "admin.status")}{" "}
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">{t(lang, "admin.status_all")}</option>
            <option value="waiting">{t(lang, "admin.status_waiting")}</option>
            <option value="active">{t(lang, "admin.status_active")}</option>
            <option value="over">{t(lang, "admin.status_over")}</option>
          </select>
        </label>{" "}
        <label>
          {t(lang, "admin.close_reason")}{" "}
          <input type="text" maxLength={200} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
        </label>
      </p>
      {tables !== null && tables.length === 0 && <p>{t(lang, "admin.none")}</p>}
      {tables !== null && tables.length > 0 && (
        <table class="tables admin-tables">
          <caption class="visually-hidden">{t(lang, "admin.tables")}</caption>
          <thead>
            <tr>
              <th scope="col">{t(lang, "admin.table")}</th>
              <th scope="col">{t(lang, "lobby.game")}</th>
              <th scope="col">{t(lang, "admin.status")}</th>
              <th scope="col">{t(lang, "lobby.seats")}</th>
              <th scope="col">{t(lang, "admin.updated")}</th>
              <th scope="col">
                <span class="visually-hidden">{t(lang, "admin.close")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tables.map((table) => (
              <tr key={table.id}>
                <td>
                  <Link href={`/tables/${table.id}`}>{table.id}</Link>
                </td>
                <td>{table.game}</td>
                <td>
                  {t(lang, `admin.status_${table.status}`)}
                  {table.closed !== null && ` (${t(lang, "admin.closed_because", { reason: table.closed })})`}
                </td>
                <td>
                  {table.seats
                    .map((s) => s.name ?? (s.kind === "bot" ? t(lang, "admin.bot") : t(lang, "admin.free")))
                    .join(", ")}
                </td>
                <td>{when(table.updated_at, lang)}</td>
                <td>
                  {table.status !== "over" && (
                    <button type="button" onClick={() => void close(table)}>
                      {t(lang, "admin.close_table", { table: table.id })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p role="status">{done}</p>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

function AccountsPanel(props: { session: string }) {
  const lang = useLang();
  const [search, setSearch] = useState("");
  const [accounts, setAccounts] = useState<AdminAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    call<AdminAccount[]>(
      "GET",
      `/api/admin/accounts?search=${encodeURIComponent(search)}`,
      props.session,
    ).then(setAccounts, (e: unknown) => setError(refusal(lang, e)));
  };
  useEffect(load, [search]);
  const ban = async (account: AdminAccount, banned: boolean) => {
    setError(null);
    try {
      await call("POST", `/api/admin/accounts/${encodeURIComponent(account.name)}/${banned ? "ban" : "unban"}`, props.session);
      load();
    } catch (e) {
      setError(refusal(lang, e));
    }
  };
  return (
    <section class="panel" aria-labelledby="admin-accounts">
      <h2 id="admin-accounts">{t(lang, "admin.accounts")}</h2>
      <p>
        <label>
          {t(lang, "admin.search")}{" "}
          <input type="search" maxLength={40} value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
        </label>
      </p>
      {accounts !== null && (
        <table class="tables admin-accounts">
          <caption class="visually-hidden">{t(lang, "admin.accounts")}</caption>
          <thead>
            <tr>
              <th scope="col">{t(lang, "admin.name")}</th>
              <th scope="col">{t(lang, "admin.role")}</th>
              <th scope="col">{t(lang, "admin.banned")}</th>
              <th scope="col">
                <span class="visually-hidden">{t(lang, "admin.ban")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.name}>
                <td>
                  <Link href={`/players/${encodeURIComponent(account.name)}`}>{account.name}</Link>
                </td>
                <td>{t(lang, `admin.role_${account.role}`)}</td>
                <td>{account.banned ? t(lang, "admin.yes") : t(lang, "admin.no")}</td>
                <td>
                  {account.role !== "admin" && (
                    <button type="button" onClick={() => void ban(account, !account.banned)}>
                      {t(lang, account.banned ? "admin.unban_name" : "admin.ban_name", { name: account.name })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

function ReportsPanel(props: { session: string }) {
  const lang = useLang();
  const [reports, setReports] = useState<AdminReport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call<AdminReport[]>("GET", "/api/admin/reports", props.session).then(setReports, (e: unknown) =>
      setError(refusal(lang, e)),
    );
  }, []);
  return (
    <section class="panel" aria-labelledby="admin-reports">
      <h2 id="admin-reports">{t(lang, "admin.reports")}</h2>
      {reports !== null && reports.length === 0 && <p>{t(lang, "admin.no_reports")}</p>}
      {reports !== null && reports.length > 0 && (
        <ul class="admin-reports">
          {reports.map((r) => (
            <li key={r.id}>
              {t(lang, "admin.report_line", {
                reporter: r.reporter ?? "?",
                reported: r.reported ?? t(lang, "lobby.seat", { n: r.reported_seat + 1 }),
                when: when(r.at, lang),
              })}{" "}
              <Link href={`/tables/${r.table_id}`}>{r.table_id}</Link>: {r.reason}
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

function ServerPanel(props: { session: string }) {
  const lang = useLang();
  const [text, setText] = useState("");
  const [draining, setDraining] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call<BannerData>("GET", "/api/banner", null).then((d) => {
      setText(d.banner ?? "");
      setDraining(d.draining);
    }, () => undefined);
  }, []);
  const saveBanner = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      await call("PUT", "/api/admin/banner", props.session, { text: text.trim() || null });
      setDone(t(lang, "admin.banner_saved"));
      dispatchEvent(new Event("buccaneer-banner"));
    } catch (e) {
      setError(refusal(lang, e));
    }
  };
  const drain = async (on: boolean) => {
    setError(null);
    try {
      await call("PUT", "/api/admin/draining", props.session, { draining: on });
      setDraining(on);
      setDone(t(lang, on ? "admin.drain_on" : "admin.drain_off"));
      dispatchEvent(new Event("buccaneer-banner"));
    } catch (e) {
      setError(refusal(lang, e));
    }
  };
  return (
    <section class="panel" aria-labelledby="admin-server">
      <h2 id="admin-server">{t(lang, "admin.server")}</h2>
      <form onSubmit={saveBanner}>
        <label>
          {t(lang, "admin.banner")}{" "}
          <input type="text" maxLength={500} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </label>{" "}
        <button type="submit">{t(lang, "admin.banner_save")}</button>
      </form>
      <p>
        <label>
          <input type="checkbox" checked={draining} onChange={(e) => void drain(e.currentTarget.checked)} />{" "}
          {t(lang, "admin.drain")}
        </label>
      </p>
      <p class="hint">{t(lang, "admin.drain_help")}</p>
      <p role="status">{done}</p>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

export function AdminPage() {
  const lang = useLang();
  const session = localStorage.getItem(SESSION_KEY);
  const [me, setMe] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (session)
      call<{ name: string }>("GET", "/api/admin/me", session).then(
        (d) => setMe(d.name),
        (e: unknown) => setError(refusal(lang, e)),
      );
  }, [session]);
  return (
    <div class="admin">
      <h1>{t(lang, "admin.title")}</h1>
      {!session && (
        <p>
          {t(lang, "admin.login")} <Link href="/my">{t(lang, "my.title")}</Link>
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {session && me && (
        <>
          <p>{t(lang, "admin.hello", { name: me })}</p>
          <ServerPanel session={session} />
          <TablesPanel session={session} />
          <AccountsPanel session={session} />
          <ReportsPanel session={session} />
        </>
      )}
    </div>
  );
}
