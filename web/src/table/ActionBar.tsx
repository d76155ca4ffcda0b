/** The action bar: what the seat is asked, in words; the buttons for it (the game's most
 * likely choice first); Undo of the board clicks made so far; and a Confirm step before a secret
 * choice or one the rules do not let the player take back. On a phone it is fixed to the bottom
 * of the screen, so the decision is always in reach next to the board. */

import { useEffect, useRef, useState } from "preact/hooks";
import type { GameUI } from "../games/types";
import { t, type Lang } from "../i18n";
import type { PickState } from "../picker";
import type { Choice, View } from "../protocol";

export interface ActionBarProps {
  ui: GameUI;
  view: View;
  lang: Lang;
  names: string[];
  legal: Choice[];
  ps: PickState;
  picked: string[];
  /** The choice waiting for Confirm (null: none). */
  pending: Choice | null;
  sending: boolean;
  /** Why the last click on the board did nothing, in words (null: nothing to say). */
  notice: string | null;
  /** Choose this (asks for Confirm first when the game wants it); `fromMenu`: from the list
   * of all choices, not from the clicks made so far. */
  choose: (choice: Choice, fromMenu?: boolean) => void;
  confirm: () => void;
  /** Take back the last board click, or the choice waiting for Confirm. */
  undo: () => void;
  startOver: () => void;
}

/** The words of a choice: the game's, in the player's language, else the engine's. */
export function choiceWords(ui: GameUI, choice: Choice, view: View, lang: Lang, names: string[]): string {
  return ui.describe?.(choice, view, lang, names) ?? choice.text;
}

/** The buttons in the game's order (stable for equal ranks). */
export function ranked(ui: GameUI, choices: readonly Choice[], view: View): Choice[] {
  if (!ui.rank) return [...choices];
  return choices
    .map((c, i) => [ui.rank!(c, view), i, c] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , c]) => c);
}

export function ActionBar(props: ActionBarProps) {
  const { ui, view, lang, names, ps, picked, pending, sending } = props;
  const words = (c: Choice) => choiceWords(ui, c, view, lang, names);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Every legal choice in words, as a list: the board's alternative, shown on request.
  const [menu, setMenu] = useState(false);
  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);
  // Buttons: what the clicks so far complete, and (before any click) what has no board thing.
  const buttons = ranked(
    ui,
    picked.length === 0 ? ps.remaining.filter((c) => ui.path(c.action, view).length === 0) : ps.complete,
    view,
  );
  const onBoard = ps.clickable.size > 0;
  const groups = new Map<string, Choice[]>();
  for (const c of props.legal) {
    const g = c.group ?? "";
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  const pickedWords = picked.map((k) => ui.keyWords?.(k, view, lang, names) ?? k.split(":").slice(1).join(" "));
  return (
    <section class="panel action-bar" aria-labelledby="action-bar-title" data-testid="action-bar">
      <div class="bar-head">
        <h2 id="action-bar-title" class="status mine">
          {t(lang, "table.your_turn")}
        </h2>
        {!pending && (
          <button
            class="link-button"
            aria-expanded={menu}
            aria-controls="all-choices"
            onClick={() => setMenu(!menu)}
          >
            {t(lang, "table.all_choices")}
          </button>
        )}
      </div>
      <div aria-live="polite" class="prompt">
        {pending ? (
          <p data-testid="confirm-prompt">{t(lang, "table.confirm_prompt", { what: words(pending) })}</p>
        ) : picked.length > 0 ? (
          <p>{t(lang, "table.picked", { keys: pickedWords.join(" → ") })}</p>
        ) : (
          <p>
            {ui.prompt?.(view, lang, names) ?? ""}{" "}
            <span class="hint">
              {t(lang, onBoard ? (buttons.length > 0 ? "table.hint_both" : "table.hint_board") : "table.hint_buttons")}
            </span>
          </p>
        )}
        {props.notice && !pending && (
          <p class="notice" data-testid="notice">
            {props.notice}
          </p>
        )}
      </div>
      <div class="choices">
        {pending ? (
          <>
            <button ref={confirmRef} class="primary" disabled={sending} onClick={props.confirm} data-testid="confirm">
              {t(lang, "table.confirm")}
            </button>
            <button onClick={props.undo} data-testid="undo">
              {t(lang, "table.undo")}
            </button>
          </>
        ) : (
          <>
            {buttons.map((c, i) => (
              <button
                class={i === 0 ? "primary" : ""}
                disabled={sending}
                onClick={() => props.choose(c)}
                data-action={JSON.stringify(c.action)}
              >
                {words(c)}
              </button>
            ))}
            {picked.length > 0 && (
              <button onClick={props.undo} data-testid="undo" aria-keyshortcuts="Escape">
                {t(lang, "table.undo")}
              </button>
            )}
            {picked.length > 1 && <button onClick={props.startOver}>{t(lang, "table.cancel")}</button>}
          </>
        )}
      </div>
      {!pending && (
        <div id="all-choices" class="all-choices" hidden={!menu}>
          {[...groups.entries()].map(([group, choices]) => (
            <div>
              {/* The menu's group names are the engine's English words: shown in English only. */}
              {group && lang === "en" ? <h3>{group}</h3> : <hr />}
              <ul>
                {ranked(ui, choices, view).map((c) => (
                  <li>
                    <button disabled={sending} onClick={() => props.choose(c, true)} data-menu={JSON.stringify(c.action)}>
                      {words(c)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
