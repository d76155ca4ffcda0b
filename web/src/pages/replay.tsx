/** Stepping through a finished game, as a spectator saw it or as one seat did: each step is
 * the view the server rebuilds from the record at that version (the record is public once the
 * game is over). */

import { useEffect, useState } from "preact/hooks";
import { api, type ReplayStep } from "../api";
import { navigate, useLang } from "../app";
import { gameUI } from "../games";
import { t } from "../i18n";
import { StepIcon } from "../icons";
import { FairnessPanel } from "../table/FairnessPanel";
import { LogPanel } from "../table/Log";
import { lastMoves } from "../table/moves";

export function ReplayPage(props: { id: string; seat: number | null }) {
  const lang = useLang();
  const [version, setVersion] = useState<number | null>(null);
  const [step, setStep] = useState<ReplayStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    api
      .replay(props.id, props.seat, version ?? -1)
      .then((s) => {
        setStep(s);
        if (version === null) setVersion(s.version);
      })
      .catch((e: Error) => setError(e.message));
  }, [props.id, props.seat, version]);
  useEffect(() => {
    const keys = (event: KeyboardEvent) => {
      if (!step || (event.target as HTMLElement).tagName === "INPUT") return;
      if (event.key === "ArrowRight") setVersion(Math.min(step.total, step.version + 1));
      if (event.key === "ArrowLeft") setVersion(Math.max(0, step.version - 1));
    };
    addEventListener("keydown", keys);
    return () => removeEventListener("keydown", keys);
  }, [step]);
  if (error) return <p class="banner error">{error}</p>;
  if (!step) return <p role="status">{t(lang, "table.connecting")}</p>;
  const ui = gameUI(step.game);
  if (!ui) return <p class="banner error">{step.game}</p>;
  const go = (v: number) => setVersion(Math.max(0, Math.min(step.total, v)));
  return (
    <div class="table-page">
      <div class="board-column">
        <h1 style={{ fontSize: "1.1em", margin: "0" }}>
          {t(lang, "replay.title")}: {ui.title[lang]} · {props.id}
        </h1>
        <div class="choices" style={{ alignItems: "center", marginBottom: "0.5em" }}>
          <button onClick={() => go(0)}>
            <StepIcon dir="first" /> {t(lang, "replay.first")}
          </button>
          <button onClick={() => go(step.version - 1)}>
            <StepIcon dir="prev" /> {t(lang, "replay.prev")}
          </button>
          <span role="status">{t(lang, "replay.step", { n: step.version, total: step.total })}</span>
          <input
            type="range"
            min={0}
            max={step.total}
            value={step.version}
            aria-label={t(lang, "replay.step", { n: step.version, total: step.total })}
            onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
          />
          <button onClick={() => go(step.version + 1)}>
            {t(lang, "replay.next")} <StepIcon dir="next" />
          </button>
          <button onClick={() => go(step.total)}>
            {t(lang, "replay.last")} <StepIcon dir="last" />
          </button>
          <label>
            {t(lang, "replay.as")}{" "}
            <select
              aria-label={t(lang, "replay.as")}
              value={props.seat === null ? "" : String(props.seat)}
              onChange={(e) => {
                const v = (e.target as HTMLSelectElement).value;
                navigate(`/replay/${props.id}${v === "" ? "" : `?seat=${v}`}`);
              }}
            >
              <option value="">{t(lang, "replay.spectator")}</option>
              {step.names.map((n, i) => (
                <option value={String(i)}>{n}</option>
              ))}
            </select>
          </label>
        </div>
        <ui.Board
          view={step.view}
          seat={step.seat}
          names={step.names}
          lang={lang}
          clickable={new Set()}
          picked={[]}
          lastMoves={lastMoves(step.log, ui.mover)}
          onPick={() => {}}
        />
      </div>
      <div class="side-column">
        <LogPanel ui={ui} log={step.log} lang={lang} names={step.names} />
        <FairnessPanel proof={step} table={props.id} ui={ui} lang={lang} />
      </div>
    </div>
  );
}
