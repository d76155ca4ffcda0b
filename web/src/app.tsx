/** The page frame: the header with the language switch, and which page the address shows.
 * Addresses: / (lobby), /tables/ID (a table; #token=... for a seat), /games (finished games),
 * /replay/ID?seat=N, /admin, /how/GAME, /notifications, /leaderboard/GAME?season=YEAR, /players/NAME,
 * /account (?forgot: the reset form first), /account/reset#token=.... The server sends the same page for all of them. */

import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import { LANG_NAMES, LANGS, preferredLang, t, type Lang } from "./i18n";
import { Flag } from "./icons";
import { AccountPage, ResetPage } from "./pages/account";
import { AdminPage, ServerBanner } from "./pages/admin";
import { Finished } from "./pages/finished";
import { HowToPage } from "./pages/howto";
import { LeaderboardPage } from "./pages/leaderboard";
import { Lobby } from "./pages/lobby";
import { MyTables } from "./pages/mytables";
import { NotificationsPage } from "./pages/notifysettings";
import { ProfilePage } from "./pages/profile";
import { ReplayPage } from "./pages/replay";
import { TablePage } from "./pages/table";

export const LangContext = createContext<Lang>("en");

export function useLang(): Lang {
  return useContext(LangContext);
}

/** Go to an address of this client without reloading the page. */
export function navigate(href: string): void {
  history.pushState(null, "", href);
  dispatchEvent(new PopStateEvent("popstate"));
  window.scrollTo(0, 0);
}

/** A link inside the client: a normal <a> (open in a new tab works) that navigates in place. */
export function Link(props: { href: string; children: preact.ComponentChildren; class?: string }) {
  return (
    <a
      href={props.href}
      class={props.class}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}

function useAddress(): { path: string; search: string; hash: string } {
  const read = () => ({ path: location.pathname, search: location.search, hash: location.hash });
  const [address, setAddress] = useState(read);
  useEffect(() => {
    const changed = () => setAddress(read());
    addEventListener("popstate", changed);
    addEventListener("hashchange", changed);
    return () => {
      removeEventListener("popstate", changed);
      removeEventListener("hashchange", changed);
    };
  }, []);
  return address;
}

function Page(props: { path: string; search: string; hash: string }) {
  const table = /^\/tables\/([A-Za-z0-9_-]+)\/?$/.exec(props.path);
  if (table) return <TablePage key={table[1]! + props.hash} id={table[1]!} />;
  const replay = /^\/replay\/([A-Za-z0-9_-]+)\/?$/.exec(props.path);
  if (replay) {
    const seat = new URLSearchParams(props.search).get("seat");
    return <ReplayPage id={replay[1]!} seat={seat === null || seat === "" ? null : Number(seat)} />;
  }
  const how = /^\/how(?:\/([a-z0-9_]+))?\/?$/.exec(props.path);
  if (how) return <HowToPage game={how[1] ?? null} />;
  if (props.path === "/games" || props.path === "/games/") return <Finished />;
  if (props.path === "/my" || props.path === "/my/") return <MyTables />;
  if (props.path === "/admin" || props.path === "/admin/") return <AdminPage />;
  if (props.path === "/notifications" || props.path === "/notifications/") return <NotificationsPage />;
  if (props.path === "/account" || props.path === "/account/") {
    const forgot = new URLSearchParams(props.search).has("forgot");
    return <AccountPage key={forgot ? "forgot" : "account"} start={forgot ? "forgot" : undefined} />;
  }
  if (props.path === "/account/reset" || props.path === "/account/reset/") return <ResetPage />;
  const board = /^\/leaderboard(?:\/([a-z0-9_]+))?\/?$/.exec(props.path);
  if (board) {
    const season = new URLSearchParams(props.search).get("season");
    const year = season && /^\d{4}$/.test(season) ? Number(season) : null;
    return <LeaderboardPage game={board[1] ?? "cartagena"} season={year} />;
  }
  const player = /^\/players\/([^/]+)\/?$/.exec(props.path);
  if (player) return <ProfilePage key={player[1]} name={decodeURIComponent(player[1]!)} />;
  return <Lobby />;
}

export function App() {
  const address = useAddress();
  const [lang, setLang] = useState<Lang>(() =>
    preferredLang(navigator.languages ?? [navigator.language], localStorage.getItem("lang")),
  );
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <LangContext.Provider value={lang}>
      <header class="top">
        <Link href="/" class="brand">
          <Flag /> {t(lang, "app.title")}
        </Link>
        <nav aria-label="main" class="top-nav">
          <Link href="/">{t(lang, "nav.lobby")}</Link>
          <Link href="/my">{t(lang, "nav.my")}</Link>
          <Link href="/games">{t(lang, "nav.finished")}</Link>
          <Link href="/leaderboard">{t(lang, "nav.leaderboard")}</Link>
          <Link href="/how">{t(lang, "nav.howto")}</Link>
          <Link href="/account">{t(lang, "nav.account")}</Link>
        </nav>
        <label>
          <span class="visually-hidden">{t(lang, "nav.language")}</span>
          <select
            aria-label={t(lang, "nav.language")}
            value={lang}
            onChange={(event) => {
              const next = (event.target as HTMLSelectElement).value as Lang;
              localStorage.setItem("lang", next);
              setLang(next);
            }}
          >
            {LANGS.map((l) => (
              <option value={l}>{LANG_NAMES[l]}</option>
            ))}
          </select>
        </label>
      </header>
      <main>
        <ServerBanner />
        <Page {...address} />
      </main>
    </LangContext.Provider>
  );
}
