/** The lobby: open tables to join or watch, and the form that sets up a new table, with every
 * option of the chosen game and its meaning, each seat a person or a bot, and the clock. */

import { useEffect, useState } from "preact/hooks";
import { api, ApiError, type Created, type SeatRequest } from "../api";
import { Link, navigate, useLang } from "../app";
import { gameUI } from "../games";
import { t, type Lang } from "../i18n";
import type { GameInfo, Json, JsonObject, TableInfo } from "../protocol";

const BOTS = ["random", "heuristic", "ismcts:time=1", "ismcts:time=3"] as const;

function botLabel(lang: Lang, agent: string): string {
  if (agent.startsWith("ismcts:time=")) return t(lang, "lobby.ismcts", { s: agent.split("=")[1]! });
  return t(lang, `lobby.${agent}`);
}

function OpenTables(props: { lang: Lang }) {
  const { lang } = props;
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    const load = () =>
      api
        .tables("waiting")
        .then((list) => !stop && setTables(list))
        .catch((e: Error) => !stop && setError(e.message));
    void load();
    const timer = setInterval(load, 5000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, []);
  const join = async (table: TableInfo) => {
    try {
      const joined = await api.join(table.id, localStorage.getItem("name") ?? undefined);
      navigate(`/tables/${table.id}#token=${joined.token}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <section class="panel">
      <h2>{t(lang, "lobby.open")}</h2>
      {error && <p class="banner error">{t(lang, "lobby.error", { message: error })}</p>}
      {tables && tables.length === 0 && <p>{t(lang, "lobby.none")}</p>}
      {tables && tables.length > 0 && (
        <table class="tables">
          <tbody>
            {tables.map((table) => {
              const free = table.seats.filter((s) => s.kind === "human" && !s.claimed).length;
              return (
                <tr>
                  <td>{gameUI(table.game)?.title[lang] ?? table.title}</td>
                  <td>{Object.entries(table.options).map(([k, v]) => `${k}=${String(v)}`).join(", ")}</td>
                  <td>
                    {table.players} · {t(lang, "lobby.waiting", { n: free })}
                  </td>
                  <td>
                    <button onClick={() => void join(table)} disabled={free === 0}>
                      {t(lang, "lobby.join")}
                    </button>{" "}
                    <Link href={`/tables/${table.id}`}>{t(lang, "lobby.spectate")}</Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** An option's input: a list of choices, a yes/no, a number or free text (a layout). */
function OptionInput(props: {
  name: string;
  info: GameInfo["options"][string];
  value: Json | undefined;
  set: (v: Json | undefined) => void;
  lang: Lang;
}) {
  const { name, info, value, set } = props;
  const id = `option-${name}`;
  const current = value === undefined ? info.default : value;
  let input;
  if (info.choices && info.choices.every((c) => typeof c === "boolean")) {
    input = (
      <input id={id} type="checkbox" checked={current === true} onChange={(e) => set((e.target as HTMLInputElement).checked)} />
    );
  } else if (info.choices) {
    input = (
      <select id={id} value={String(current)} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        {info.choices.map((c) => (
          <option value={String(c)}>{String(c)}</option>
        ))}
      </select>
    );
  } else if (typeof info.default === "number") {
    input = (
      <input
        id={id}
        type="number"
        value={String(current)}
        onInput={(e) => {
          const raw = (e.target as HTMLInputElement).value;
          set(raw === "" ? undefined : Number(raw));
        }}
      />
    );
  } else {
    input = (
      <input
        id={id}
        type="text"
        placeholder={t(props.lang, "lobby.default")}
        value={typeof value === "string" ? value : ""}
        onInput={(e) => {
          const raw = (e.target as HTMLInputElement).value.trim();
          set(raw === "" ? undefined : raw);
        }}
      />
    );
  }
  return (
    <label for={id}>
      <span>
        <code>{name}</code> {input}
      </span>
      <span class="hint">{info.help}</span>
    </label>
  );
}

function CreateForm(props: { lang: Lang; games: GameInfo[]; onCreated: (c: Created, names: string[]) => void }) {
  const { lang, games } = props;
  const [game, setGame] = useState(games[0]!.name);
  const info = games.find((g) => g.name === game)!;
  const [players, setPlayers] = useState(Math.max(info.min_players, Math.min(4, info.max_players)));
  const [options, setOptions] = useState<Record<string, Json | undefined>>({});
  const [seats, setSeats] = useState<SeatRequest[]>([]);
  const [clock, setClock] = useState<string>("turn");
  const [listed, setListed] = useState(true);
  const [pace, setPace] = useState("0.5");
  const [error, setError] = useState<string | null>(null);
  const seatList: SeatRequest[] = Array.from(
    { length: players },
    (_, i) => seats[i] ?? (i === 0 ? { kind: "human" } : { kind: "bot", agent: "heuristic" }),
  );
  const setSeat = (i: number, seat: SeatRequest) => {
    const next = [...seatList];
    next[i] = seat;
    setSeats(next);
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const chosen: JsonObject = {};
    for (const [k, v] of Object.entries(options)) {
      if (v !== undefined && v !== info.options[k]?.default) chosen[k] = v;
    }
    const clockSeconds = Number(clock);
    try {
      const created = await api.create({
        game,
        players,
        options: chosen,
        seats: seatList,
        clock:
          clock === "turn"
            ? { mode: "turn" }
            : { mode: "live", seconds: clockSeconds, on_expiry: info.time_rule ? "rule" : "bot" },
        listed,
        bot_delay: Number(pace),
      });
      props.onCreated(created, info.seat_names.slice(0, players));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <form class="create panel" onSubmit={submit} aria-label={t(lang, "lobby.create")}>
      <h2>{t(lang, "lobby.create")}</h2>
      <label>
        {t(lang, "lobby.game")}
        <select
          name="game"
          value={game}
          onChange={(e) => {
            const next = (e.target as HTMLSelectElement).value;
            const nextInfo = games.find((g) => g.name === next)!;
            setGame(next);
            setOptions({});
            setSeats([]);
            setPlayers(Math.max(nextInfo.min_players, Math.min(4, nextInfo.max_players)));
          }}
        >
          {games.map((g) => (
            <option value={g.name}>{gameUI(g.name)?.title[lang] ?? g.title}</option>
          ))}
        </select>
        <span class="hint">
          {info.summary} <Link href={`/how/${game}`}>{t(lang, "nav.howto")}</Link>
        </span>
      </label>
      <label>
        {t(lang, "lobby.players")}
        <select name="players" value={String(players)} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}>
          {Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => info.min_players + i).map((n) => (
            <option value={String(n)}>{n}</option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t(lang, "lobby.options")}</legend>
        {Object.entries(info.options).map(([name, option]) => (
          <OptionInput
            name={name}
            info={option}
            lang={lang}
            value={options[name]}
            set={(v) => setOptions({ ...options, [name]: v })}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t(lang, "lobby.seats")}</legend>
        {seatList.map((seat, i) => (
          <label>
            <span>
              {info.seat_names[i] ?? t(lang, "lobby.seat", { n: i + 1 })}{" "}
              <select
                name={`seat-${i}`}
                value={seat.kind === "human" ? "human" : seat.agent}
                onChange={(e) => {
                  const v = (e.target as HTMLSelectElement).value;
                  setSeat(i, v === "human" ? { kind: "human" } : { kind: "bot", agent: v });
                }}
              >
                <option value="human">{t(lang, "lobby.human")}</option>
                {BOTS.map((b) => (
                  <option value={b}>
                    {t(lang, "lobby.bot")}: {botLabel(lang, b)}
                  </option>
                ))}
              </select>
            </span>
          </label>
        ))}
      </fieldset>
      <label>
        {t(lang, "lobby.clock")}
        <select name="clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value)}>
          <option value="turn">{t(lang, "lobby.clock.turn")}</option>
          {[30, 60, 120, 300].map((s) => (
            <option value={String(s)}>{t(lang, "lobby.clock.live", { s })}</option>
          ))}
        </select>
      </label>
      <label>
        {t(lang, "lobby.pace")}
        <select name="pace" value={pace} onChange={(e) => setPace((e.target as HTMLSelectElement).value)}>
          {["0", "0.5", "1.5"].map((p) => (
            <option value={p}>{t(lang, `lobby.pace.${p}`)}</option>
          ))}
        </select>
      </label>
      <label style={{ display: "flex", gap: "0.4em" }}>
        <input type="checkbox" checked={listed} onChange={(e) => setListed((e.target as HTMLInputElement).checked)} />
        {t(lang, "lobby.listed")}
      </label>
      {error && (
        <p class="banner error" role="alert">
          {t(lang, "lobby.error", { message: error })}
        </p>
      )}
      <button type="submit" class="primary">
        {t(lang, "lobby.submit")}
      </button>
    </form>
  );
}

function Invites(props: { created: Created; names: string[]; lang: Lang }) {
  const { created, lang } = props;
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(text));
  };
  return (
    <section class="panel invites" aria-label={t(lang, "lobby.created")} data-testid="invites">
      <h2>{t(lang, "lobby.created")}</h2>
      {created.seats.map((seat) => (
        <p>
          <label>
            {t(lang, "lobby.invite", { seat: props.names[seat.seat] ?? seat.seat + 1 })}
            <input readOnly value={seat.invite} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </label>
          <button type="button" onClick={() => copy(seat.invite)}>
            {copied === seat.invite ? t(lang, "lobby.copied") : t(lang, "lobby.copy")}
          </button>{" "}
          <a href={seat.invite} data-seat={seat.seat}>
            {t(lang, "lobby.open_seat")}
          </a>
        </p>
      ))}
      <p>
        <label>
          {t(lang, "lobby.spectate")}
          <input readOnly value={created.spectator} />
        </label>
      </p>
    </section>
  );
}

export function Lobby() {
  const lang = useLang();
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [created, setCreated] = useState<{ created: Created; names: string[] } | null>(null);
  const [name, setName] = useState(() => localStorage.getItem("name") ?? "");
  useEffect(() => {
    void api.games().then(setGames);
  }, []);
  return (
    <div style={{ display: "grid", gap: "0.8em" }}>
      <label class="panel" style={{ display: "flex", gap: "0.5em", alignItems: "center" }}>
        {t(lang, "lobby.name")}
        <input
          value={name}
          maxLength={40}
          onInput={(e) => {
            const v = (e.target as HTMLInputElement).value;
            setName(v);
            localStorage.setItem("name", v.trim());
          }}
        />
      </label>
      {created && <Invites created={created.created} names={created.names} lang={lang} />}
      <OpenTables lang={lang} />
      {games && <CreateForm lang={lang} games={games} onCreated={(c, names) => setCreated({ created: c, names })} />}
    </div>
  );
}
