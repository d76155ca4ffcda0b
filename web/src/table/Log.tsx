/** The game log, written by the client from each line's data in the player's language, with
 * the players' names and their seat icons; the latest move's lines stand out. It can be
 * scrolled by keyboard (it takes focus) and is announced politely to screen readers. */

import { useEffect, useRef } from "preact/hooks";
import type { GameUI } from "../games/types";
import { SeatIcon } from "../icons";
import { t, type Lang } from "../i18n";
import type { LogLine } from "../protocol";

/** A line in the player's language, written by the game from the line's data. */
export function lineWords(ui: GameUI, line: LogLine, lang: Lang, names: readonly string[]): string {
  return ui.logLine(line.data, lang, names);
}

export function LogList(props: {
  ui: GameUI;
  lines: readonly LogLine[];
  lang: Lang;
  names: readonly string[];
  /** Lines of this version are the latest move's. */
  latest?: number;
  testid?: string;
}) {
  const { ui, lang, names } = props;
  return (
    <>
      {props.lines.map((line) => {
        const seat = ui.mover(line.data);
        return (
          <li
            value={line.version}
            class={line.version === props.latest && line.version > 0 ? "latest" : ""}
            data-mover={seat ?? ""}
            data-type={line.data.type}
          >
            {seat !== null && <SeatIcon seat={seat} />} {lineWords(ui, line, lang, names)}
          </li>
        );
      })}
    </>
  );
}

export function LogPanel(props: { ui: GameUI; log: readonly LogLine[]; lang: Lang; names: readonly string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollTo(0, ref.current.scrollHeight);
  }, [props.log.length]);
  const latest = props.log.length > 0 ? props.log[props.log.length - 1]!.version : undefined;
  return (
    <section class="panel" aria-labelledby="log-title">
      <h2 id="log-title">{t(props.lang, "table.log")}</h2>
      <div class="log" ref={ref} role="log" aria-labelledby="log-title" tabIndex={0} data-testid="log">
        <ol>
          <LogList ui={props.ui} lines={props.log.slice(-300)} lang={props.lang} names={props.names} latest={latest} />
        </ol>
      </div>
    </section>
  );
}
