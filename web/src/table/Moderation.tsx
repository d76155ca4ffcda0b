/** Moderation at a table (docs/server.md, "Moderation"): mute a speaker for yourself, report a
 * player to the operator with a reason, and vote to hand an idle player's seat to a bot. */

import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../api";
import { deviceKey, targetOf } from "../connection";
import { errorWords, t, type Lang } from "../i18n";
import type { ChatLine, ClientMessage, VoteTally } from "../protocol";

/** This browser's account session, when it has one (kept by the lobby's quick play). */
function session(): string | null {
  return localStorage.getItem("session");
}

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const headers: Record<string, string> = {};
  const kept = session();
  if (kept) headers["authorization"] = `Bearer ${kept}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<
    string,
    unknown
  >;
  if (!response.ok) {
    throw new ApiError(
      String(data["error"] ?? "http_" + response.status),
      String(data["message"] ?? response.statusText),
      response.status,
    );
  }
  return data;
}

function mutedKey(table: string): string {
  return `muted:${table}`;
}

/**
 * The seats this browser has muted at `table`: kept in localStorage, and for an account
 * (a session) on the server too, so that its other tabs and devices leave those lines out.
 * Nobody else is told.
 */
export function useMutes(
  table: string,
): [number[], (seat: number, mute: boolean) => void] {
  const read = (): number[] => {
    try {
      const saved = JSON.parse(
        localStorage.getItem(mutedKey(table)) ?? "[]",
      ) as unknown;
      return Array.isArray(saved)
        ? saved.filter((s): s is number => typeof s === "number")
        : [];
    } catch {
      return [];
    }
  };
  const [muted, setMuted] = useState<number[]>(read);
  useEffect(() => setMuted(read()), [table]);
  const toggle = (seat: number, mute: boolean) => {
    const next = mute
      ? [...new Set([...muted, seat])].sort()
      : muted.filter((s) => s !== seat);
    localStorage.setItem(mutedKey(table), JSON.stringify(next));
    setMuted(next);
    if (!session()) return;
    // A seat without an account is muted in this browser only (the server says no_account).
    const request = mute
      ? call("POST", "/api/me/mutes", { table, seat })
      : call(
          "DELETE",
          `/api/me/mutes?table=${encodeURIComponent(table)}&seat=${seat}`,
        );
    request.catch(() => undefined);
  };
  return [muted, toggle];
}

/** Chat lines without the muted seats' lines. */
export function unmutedLines(lines: ChatLine[], muted: number[]): ChatLine[] {
  return muted.length
    ? lines.filter((l) => l.seat === null || !muted.includes(l.seat))
    : lines;
}

/** A Mute (or Unmute) button for each other player who has spoken at the table. */
export function MuteButtons(props: {
  lines: ChatLine[];
  mine: number | null;
  names: string[];
  muted: number[];
  toggle: (seat: number, mute: boolean) => void;
  lang: Lang;
}) {
  const { lang, muted } = props;
  const speakers = [...new Set([...props.lines.map((l) => l.seat), ...muted])]
    .filter((s): s is number => typeof s === "number" && s !== props.mine)
    .sort((a, b) => a - b);
  if (!speakers.length) return null;
  return (
    <div class="chat-mutes" role="group" aria-label={t(lang, "mod.speakers")}>
      {speakers.map((seat) => {
        const name = props.names[seat] ?? String(seat + 1);
        const on = muted.includes(seat);
        return (
          <button
            type="button"
            class="small"
            data-mute={seat}
            aria-pressed={on}
            onClick={() => props.toggle(seat, !on)}
          >
            {t(lang, on ? "mod.unmute" : "mod.mute", { name })}
          </button>
        );
      })}
      {muted.some((s) => s !== props.mine) && (
        <small role="status">{t(lang, "mod.muted_note")}</small>
      )}
    </div>
  );
}

/** "Report…": a small dialog asking for a reason, sent with this seat's token. */
export function ReportButton(props: {
  table: string;
  seat: number;
  name: string;
  token: string | null;
  lang: Lang;
}) {
  const { lang } = props;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setError(null);
    opener.current?.focus();
  };
  const send = async () => {
    if (!reason.trim()) {
      setError(t(lang, "mod.reason_needed"));
      field.current?.focus();
      return;
    }
    setSending(true);
    try {
      await call(
        "POST",
        `/api/tables/${encodeURIComponent(props.table)}/reports`,
        {
          seat: props.seat,
          reason: reason.trim(),
          ...(props.token ? { token: props.token, key: deviceKey(targetOf(location) ?? { table: props.table, token: props.token }) } : {}),
        },
      );
      setDone(true);
      setReason("");
      setOpen(false);
      opener.current?.focus();
    } catch (exc) {
      setError(
        exc instanceof ApiError
          ? errorWords(lang, { code: exc.code, message: exc.message })
          : t(lang, "error.network"),
      );
      field.current?.focus();
    } finally {
      setSending(false);
    }
  };
  const titleId = `report-title-${props.seat}`;
  return (
    <>
      <button
        type="button"
        class="small"
        ref={opener}
        data-report={props.seat}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t(lang, "mod.report", { name: props.name })}
      </button>
      {done && !open && (
        <small role="status" class="report-done">
          {t(lang, "mod.reported")}
        </small>
      )}
      {open && (
        <div class="report-dialog" role="dialog" aria-labelledby={titleId}>
          <form
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                close();
              }
            }}
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <h3 id={titleId}>
              {t(lang, "mod.report_title", { name: props.name })}
            </h3>
            <label>
              {t(lang, "mod.reason")}
              <textarea
                ref={field}
                value={reason}
                maxLength={1000}
                rows={3}
                onInput={(e) =>
                  setReason((e.target as HTMLTextAreaElement).value)
                }
              />
            </label>
            <p class="hint">{t(lang, "mod.report_hint")}</p>
            {error && (
              <p class="error" role="alert">
                {error}
              </p>
            )}
            <div class="dialog-buttons">
              <button type="submit" disabled={sending}>
                {t(lang, "mod.send_report")}
              </button>
              <button type="button" onClick={close}>
                {t(lang, "mod.cancel")}
              </button>
            </div>
          </form>
        </div>
      )}
    </>
  );
}

/** "Vote to hand to a bot" on an idle seat, with the votes cast so far. */
export function VoteButton(props: {
  seat: number;
  mine: number;
  tally: VoteTally | undefined;
  lang: Lang;
  send: (m: ClientMessage) => boolean;
}) {
  const { lang, tally } = props;
  const voted = tally?.voters.includes(props.mine) ?? false;
  return (
    <>
      <button
        type="button"
        class="small"
        data-vote={props.seat}
        disabled={voted}
        onClick={() =>
          props.send({ type: "handover", seat: props.seat, agent: "heuristic" })
        }
      >
        {t(lang, voted ? "mod.voted" : "mod.vote")}
      </button>
      {tally && tally.voters.length > 0 && (
        <small class="votes" data-votes={props.seat}>
          {t(lang, "mod.votes", {
            n: tally.voters.length,
            needed: tally.needed,
          })}
        </small>
      )}
    </>
  );
}
