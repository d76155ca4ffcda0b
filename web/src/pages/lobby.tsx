/** The lobby: open tables to join or watch, and the form that sets up a new table.
 *
 * Every word is the player's: a game's options come with their names, choices and help from
 * the game's own `options` words (games/<game>/options.ts), only those that apply to the chosen
 * player count are offered, and a start player is a seat's name. Each seat is filled one of
 * four ways (docs/server.md, "Seat modes"): me (the creator sits there at once), an invite
 * link, open to anyone in the lobby, or a bot of some level. "Join" takes only an open seat. */

import { useEffect, useState } from "preact/hooks";
import { api, ApiError, type Created, type SeatRequest } from "../api";
import { Link, navigate, useLang } from "../app";
import { gameUI } from "../games";
import type { GameUI, OptionWords } from "../games/types";
import { t, type Lang } from "../i18n";
import type { GameInfo, Json, JsonObject, TableInfo } from "../protocol";
import { DEFAULT_LEVEL, levelSpec } from "../bots";
import { LevelOptions } from "../levelOptions";
import "./lobby.css";
import { ensureSession, QuickPlay } from "./quickplay";

type Words = OptionWords;

function optionWords(game: string): Words | undefined {
  return gameUI(game)?.options;
}

/** Seat `i`'s name in the player's language: the game's word for it where the game has one
 * (Cartagena's colours), a numbered seat for a numbered engine name, else the engine's
 * (proper names such as Tortuga's crew). */
export function seatName(ui: GameUI | undefined, engineNames: readonly string[], i: number, lang: Lang): string {
  const engine = engineNames[i];
  const key = `seat.${i}`;
  if (ui && engine && ui.terms.en[key] === engine) return ui.terms[lang][key] ?? engine;
  if (!engine || engine.endsWith(` ${i + 1}`)) return t(lang, "lobby.seat", { n: i + 1 });
  return engine;
}

/** A refusal in words: the client's own for the codes it knows, else the server's message. */
export function refusal(lang: Lang, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `error.${error.code}`;
    const words = t(lang, key);
    return words === key ? t(lang, "lobby.error", { message: error.message }) : words;
  }
  return t(lang, "error.network");
}

/** The table's options that differ from the game's defaults, in words ("Long game: yes"). */
function optionSummary(table: TableInfo, info: GameInfo | undefined, lang: Lang): string {
  const words = optionWords(table.game);
  const names = Array.from({ length: table.players }, (_, i) =>
    seatName(gameUI(table.game), info?.seat_names ?? [], i, lang),
  );
  const parts: string[] = [];
  for (const [key, value] of Object.entries(table.options)) {
    if (!words || !words.applies(key, table.players, table.options)) continue;
    const fallback = info?.options[key]?.default;
    if (info && JSON.stringify(value) === JSON.stringify(fallback)) continue;
    parts.push(`${words.label(key, lang)}: ${words.choice(key, value, lang, names)}`);
  }
  return parts.length ? parts.join(" · ") : t(lang, "lobby.standard");
}

export function openSeats(table: TableInfo): number {
  return table.seats.filter((s) => s.mode === "open" && !s.claimed).length;
}

function plural(lang: Lang, key: string, n: number): string {
  return t(lang, `${key}.${n === 1 ? "one" : "other"}`, { n });
}

/** Take an open seat of `table` and go to it. */
export async function joinTable(table: string): Promise<void> {
  const name = localStorage.getItem("name")?.trim() || undefined;
  const joined = await api.join(table, name);
  navigate(`/tables/${table}#token=${joined.token}`);
}

function OpenTables(props: { lang: Lang; games: GameInfo[] | null }) {
  const { lang } = props;
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    const load = () =>
      api
        .tables("waiting")
        .then((list) => !stop && setTables(list))
        .catch((e: unknown) => !stop && setError(refusal(lang, e)));
    void load();
    const timer = setInterval(load, 5000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [lang]);
  const join = async (table: TableInfo) => {
    try {
      await joinTable(table.id);
    } catch (e) {
      setError(refusal(lang, e));
    }
  };
  return (
    <section class="panel" aria-labelledby="open-tables">
      <h2 id="open-tables">{t(lang, "lobby.open")}</h2>
      {error && (
        <p class="banner error" role="alert">
          {error}
        </p>
      )}
      {tables && tables.length === 0 && <p>{t(lang, "lobby.none")}</p>}
      {tables && tables.length > 0 && (
        <ul class="open-tables">
          {tables.map((table) => {
            const open = openSeats(table);
            const kept = table.seats.filter((s) => (s.mode === "invite" || s.mode === "me") && !s.claimed).length;
            const info = props.games?.find((g) => g.name === table.game);
            return (
              <li class="open-table" data-table={table.id} key={table.id}>
                <div class="open-table-text">
                  <strong>{gameUI(table.game)?.title[lang] ?? table.title}</strong>{" "}
                  <span>
                    {plural(lang, "lobby.players_n", table.players)} ·{" "}
                    <span data-testid="open-count">{plural(lang, "lobby.open_seats", open)}</span>
                    {kept > 0 && <> · {plural(lang, "lobby.kept_seats", kept)}</>}
                  </span>
                  <span class="hint">{optionSummary(table, info, lang)}</span>
                </div>
                <div class="open-table-actions">
                  {open > 0 && (
                    <button type="button" class="primary" onClick={() => void join(table)}>
                      {t(lang, "lobby.join")}
                    </button>
                  )}
                  <Link href={`/tables/${table.id}`}>{t(lang, "lobby.spectate")}</Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** An option's input: a yes/no, a list of worded choices, or free text (a layout). */
function OptionInput(props: {
  name: string;
  info: GameInfo["options"][string];
  words: Words | undefined;
  players: number;
  names: readonly string[];
  value: Json | undefined;
  set: (v: Json | undefined) => void;
  lang: Lang;
}) {
  const { name, info, words, value, set, lang } = props;
  const id = `option-${name}`;
  const current = value === undefined ? info.default : value;
  const say = (v: Json) => words?.choice(name, v, lang, props.names) ?? String(v);
  const values = words?.values?.(name, props.players) ?? info.choices;
  let input;
  if (values && values.every((c) => typeof c === "boolean")) {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={current === true}
        aria-describedby={`${id}-help`}
        onChange={(e) => set((e.target as HTMLInputElement).checked)}
      />
    );
  } else if (values) {
    // A choice's value in the page: a text as itself, anything else as its JSON.
    const code = (v: Json | undefined) => (typeof v === "string" ? v : JSON.stringify(v));
    input = (
      <select
        id={id}
        value={code(current)}
        aria-describedby={`${id}-help`}
        onChange={(e) => set(values.find((c) => code(c) === (e.target as HTMLSelectElement).value) ?? null)}
      >
        {values.map((c) => (
          <option value={code(c)}>{say(c)}</option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        id={id}
        type="text"
        placeholder={say(info.default)}
        aria-describedby={`${id}-help`}
        value={typeof value === "string" ? value : ""}
        onInput={(e) => {
          const raw = (e.target as HTMLInputElement).value.trim();
          set(raw === "" ? undefined : raw);
        }}
      />
    );
  }
  const boolean = values?.every((c) => typeof c === "boolean") ?? false;
  return (
    <div class={boolean ? "option option-flag" : "option"}>
      <label for={id}>{words?.label(name, lang) ?? name}</label>
      {input}
      <span class="hint" id={`${id}-help`}>
        {words?.help(name, lang) || info.help}
      </span>
    </div>
  );
}

const MODES = ["me", "invite", "open"] as const;

/** The seat select's value for a seat request (a mode, or a bot's agent), and back. */
function seatValue(seat: SeatRequest): string {
  return seat.kind === "bot" ? (seat.agent ?? levelSpec(DEFAULT_LEVEL)) : seat.kind;
}

function seatFrom(value: string): SeatRequest {
  const mode = MODES.find((m) => m === value);
  return mode ? { kind: mode } : { kind: "bot", agent: value };
}

function defaultPlayers(info: GameInfo): number {
  return Math.max(info.min_players, Math.min(4, info.max_players));
}

function CreateForm(props: { lang: Lang; games: GameInfo[]; onCreated: (c: Created, names: string[]) => void }) {
  const { lang, games } = props;
  const [game, setGame] = useState(games[0]!.name);
  const info = games.find((g) => g.name === game)!;
  const ui = gameUI(game);
  const words = optionWords(game);
  const [players, setPlayers] = useState(defaultPlayers(info));
  const [options, setOptions] = useState<Record<string, Json | undefined>>({});
  const [seats, setSeats] = useState<SeatRequest[]>([]);
  const [clock, setClock] = useState<string>("turn");
  // A turn-based table's time bank: days a move ("": unlimited) and what its expiry does.
  const [days, setDays] = useState<string>("");
  const [expiry, setExpiry] = useState<"bot" | "forfeit">("bot");
  const [listed, setListed] = useState(true);
  const [rated, setRated] = useState(false);
  const [pace, setPace] = useState("0.5");
  const [error, setError] = useState<string | null>(null);
  const names = Array.from({ length: players }, (_, i) => seatName(ui, info.seat_names, i, lang));
  const seatList: SeatRequest[] = Array.from(
    { length: players },
    (_, i) => seats[i] ?? (i === 0 ? { kind: "me" } : { kind: "bot", agent: levelSpec(DEFAULT_LEVEL) }),
  );
  const setSeat = (i: number, seat: SeatRequest) => {
    // One seat is the creator's: choosing "me" for another seat makes the old one an invite.
    const next = seatList.map((s) => (seat.kind === "me" && s.kind === "me" ? { kind: "invite" as const } : s));
    next[i] = seat;
    setSeats(next);
  };
  // The options this game has at this player count, with what is chosen so far.
  const chosen: JsonObject = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) chosen[k] = v;
  const shown = Object.entries(info.options).filter(([name]) => words?.applies(name, players, chosen) ?? true);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const sent: JsonObject = {};
    for (const [k, option] of shown) {
      const v = options[k];
      if (v === undefined || JSON.stringify(v) === JSON.stringify(option.default)) continue;
      // A seat-valued choice made for more players than there are now is dropped.
      const allowed = words?.values?.(k, players);
      if (allowed && !allowed.some((a) => JSON.stringify(a) === JSON.stringify(v))) continue;
      sent[k] = v;
    }
    const name = localStorage.getItem("name")?.trim();
    const clockSeconds = Number(clock);
    try {
      // A rated table is made with this browser's account (a guest's, made if need be), so
      // that the creator's seat is rated (docs/server.md, "Ratings").
      const session = rated ? await ensureSession() : undefined;
      const created = await api.create({
        game,
        players,
        options: sent,
        seats: seatList.map((s) => (s.kind === "me" && name ? { ...s, name } : s)),
        clock:
          clock === "turn"
            ? days
              ? { mode: "turn", days: Number(days), on_expiry: expiry }
              : { mode: "turn" }
            : { mode: "live", seconds: clockSeconds, on_expiry: info.time_rule ? "rule" : "bot" },
        listed,
        bot_delay: Number(pace),
        ...(rated ? { rated } : {}),
      }, session);
      props.onCreated(created, names);
    } catch (e) {
      setError(refusal(lang, e));
    }
  };
  return (
    <form class="create panel" onSubmit={submit} aria-labelledby="create-heading">
      <h2 id="create-heading">{t(lang, "lobby.create")}</h2>
      <div class="option">
        <label for="create-game">{t(lang, "lobby.game")}</label>
        <select
          id="create-game"
          name="game"
          value={game}
          onChange={(e) => {
            const next = (e.target as HTMLSelectElement).value;
            const nextInfo = games.find((g) => g.name === next)!;
            setGame(next);
            setOptions({});
            setSeats([]);
            setPlayers(defaultPlayers(nextInfo));
          }}
        >
          {games.map((g) => (
            <option value={g.name}>{gameUI(g.name)?.title[lang] ?? g.title}</option>
          ))}
        </select>
        <span class="hint">
          {ui?.howTo.text[lang].split(/\n\s*\n/)[0]} <Link href={`/how/${game}`}>{t(lang, "nav.howto")}</Link>
        </span>
      </div>
      <div class="option">
        <label for="create-players">{t(lang, "lobby.players")}</label>
        <select
          id="create-players"
          name="players"
          value={String(players)}
          onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}
        >
          {Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => info.min_players + i).map((n) => (
            <option value={String(n)}>{n}</option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>{t(lang, "lobby.options")}</legend>
        {shown.length === 0 && <p class="hint">{t(lang, "lobby.no_options")}</p>}
        {shown.map(([name, option]) => (
          <OptionInput
            name={name}
            info={option}
            words={words}
            players={players}
            names={names}
            lang={lang}
            value={options[name]}
            set={(v) => setOptions({ ...options, [name]: v })}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t(lang, "lobby.seats")}</legend>
        <p class="hint">{t(lang, "lobby.seats.help")}</p>
        {seatList.map((seat, i) => (
          <div class="option seat-row">
            <label for={`seat-${i}`}>{names[i]}</label>
            <select
              id={`seat-${i}`}
              name={`seat-${i}`}
              value={seatValue(seat)}
              onChange={(e) => setSeat(i, seatFrom((e.target as HTMLSelectElement).value))}
            >
              {MODES.map((m) => (
                <option value={m}>{t(lang, `lobby.mode.${m}`)}</option>
              ))}
              <LevelOptions lang={lang} levels={info.levels} />
            </select>
          </div>
        ))}
      </fieldset>
      <div class="option">
        <label for="create-clock">{t(lang, "lobby.clock")}</label>
        <select id="create-clock" name="clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value)}>
          <option value="turn">{t(lang, "lobby.clock.turn")}</option>
          {[30, 60, 120, 300].map((s) => (
            <option value={String(s)}>{t(lang, "lobby.clock.live", { s })}</option>
          ))}
        </select>
      </div>
      {clock === "turn" && (
        <div class="option">
          <label for="create-days">{t(lang, "lobby.days")}</label>
          <select id="create-days" name="days" value={days} onChange={(e) => setDays((e.target as HTMLSelectElement).value)}>
            <option value="">{t(lang, "lobby.days.none")}</option>
            {[1, 2, 3, 5, 7].map((n) => (
              <option value={String(n)}>{n === 1 ? t(lang, "lobby.days.one") : t(lang, "lobby.days.n", { n })}</option>
            ))}
          </select>
        </div>
      )}
      {clock === "turn" && days && (
        <div class="option">
          <label for="create-expiry">{t(lang, "lobby.expiry")}</label>
          <select
            id="create-expiry"
            name="expiry"
            value={expiry}
            onChange={(e) => setExpiry((e.target as HTMLSelectElement).value as "bot" | "forfeit")}
          >
            <option value="bot">{t(lang, "lobby.expiry.bot")}</option>
            <option value="forfeit">{t(lang, "lobby.expiry.forfeit")}</option>
          </select>
        </div>
      )}
      <div class="option">
        <label for="create-pace">{t(lang, "lobby.pace")}</label>
        <select id="create-pace" name="pace" value={pace} onChange={(e) => setPace((e.target as HTMLSelectElement).value)}>
          {["0", "0.5", "1.5"].map((p) => (
            <option value={p}>{t(lang, `lobby.pace.${p}`)}</option>
          ))}
        </select>
      </div>
      <div class="option option-flag">
        <label for="create-listed">{t(lang, "lobby.listed")}</label>
        <input id="create-listed" type="checkbox" checked={listed} onChange={(e) => setListed((e.target as HTMLInputElement).checked)} />
      </div>
      <div class="option option-flag">
        <label for="create-rated">{t(lang, "lobby.rated")}</label>
        <input id="create-rated" type="checkbox" checked={rated} onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />
      </div>
      {error && (
        <p class="banner error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary">
        {t(lang, "lobby.submit")}
      </button>
    </form>
  );
}

/** The links of a new table: the creator's seat first, then each invited seat's link. */
function Invites(props: { created: Created; names: string[]; lang: Lang }) {
  const { created, lang } = props;
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(text));
  };
  const me = created.me;
  const invites = created.seats.filter((s) => s.mode === "invite");
  return (
    <section class="panel invites" aria-labelledby="created-heading" data-testid="invites">
      <h2 id="created-heading">{t(lang, me ? "lobby.created.me" : "lobby.created")}</h2>
      {me && (
        <p>
          <a class="button primary" href={`/tables/${created.table}#token=${me.token}`} data-seat={me.seat} data-testid="my-seat">
            {t(lang, "lobby.go_seat", { seat: props.names[me.seat] ?? me.seat + 1 })}
          </a>
        </p>
      )}
      {invites.map((seat) => (
        <div class="invite">
          <label for={`invite-${seat.seat}`}>{t(lang, "lobby.invite", { seat: props.names[seat.seat] ?? seat.seat + 1 })}</label>
          <div class="invite-row">
            <input
              id={`invite-${seat.seat}`}
              readOnly
              value={seat.invite}
              onFocus={(e) => (e.target as HTMLInputElement).select()}
            />
            <button type="button" onClick={() => copy(seat.invite)}>
              {copied === seat.invite ? t(lang, "lobby.copied") : t(lang, "lobby.copy")}
            </button>
          </div>
          {!me && (
            <a href={seat.invite} data-seat={seat.seat}>
              {t(lang, "lobby.open_seat")}
            </a>
          )}
        </div>
      ))}
      {created.open.length > 0 && <p>{plural(lang, "lobby.open_waiting", created.open.length)}</p>}
      <div class="invite">
        <label for="spectator-link">{t(lang, "lobby.spectator_link")}</label>
        <input id="spectator-link" readOnly value={created.spectator} />
      </div>
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
  const onCreated = (c: Created, names: string[]) => {
    // With nobody to invite, the creator goes straight to their seat; else the links come
    // first (with a button to the seat), since only this answer holds them.
    if (c.me && !c.seats.some((s) => s.mode === "invite")) navigate(`/tables/${c.table}#token=${c.me.token}`);
    else setCreated({ created: c, names });
  };
  return (
    <div class="lobby">
      <div class="panel lobby-name">
        <label for="lobby-name">{t(lang, "lobby.name")}</label>
        <input
          id="lobby-name"
          value={name}
          maxLength={40}
          autoComplete="nickname"
          onInput={(e) => {
            const v = (e.target as HTMLInputElement).value;
            setName(v);
            localStorage.setItem("name", v.trim());
          }}
        />
      </div>
      {games && <QuickPlay games={games} />}
      {created && <Invites created={created.created} names={created.names} lang={lang} />}
      <OpenTables lang={lang} games={games} />
      {games && <CreateForm lang={lang} games={games} onCreated={onCreated} />}
    </div>
  );
}
