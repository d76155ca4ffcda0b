/** What a Cartagena player is asked, for the action bar: the actions left this turn and what
 * each kind does. "De speler die aan de beurt is, mag één, twee of drie acties ondernemen":
 * play a card to move a pirate forward, or move one back to get cards. */

import type { Lang } from "../../i18n";
import { fill } from "../../i18n";
import type { View } from "../../protocol";
import { asCartagena } from "./model";

const WORDS: Record<Lang, { left: string; one: string; ask: string }> = {
  en: {
    left: "{n} actions left this turn.",
    one: "1 action left this turn.",
    ask: "Play a card to move a pirate forward, or move a pirate back to get cards.",
  },
  nl: {
    left: "Nog {n} acties deze beurt.",
    one: "Nog 1 actie deze beurt.",
    ask: "Speel een kaart om een piraat vooruit te zetten, of zet een piraat terug om kaarten te krijgen.",
  },
  de: {
    left: "Noch {n} Aktionen in diesem Zug.",
    one: "Noch 1 Aktion in diesem Zug.",
    ask: "Spiele eine Karte, um einen Piraten vorwärts zu ziehen, oder ziehe einen Piraten zurück, um Karten zu bekommen.",
  },
};

export function prompt(view: View, lang: Lang): string | null {
  const v = asCartagena(view);
  const w = WORDS[lang];
  const left = v.actions_left === 1 ? w.one : fill(w.left, { n: v.actions_left });
  return `${left} ${w.ask}`;
}
