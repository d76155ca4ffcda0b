/** The dice a finished game rolled, face by face against what a fair die gives, with a plain
 * sentence on whether they look fair. Generic: shown whenever the end data holds dice counts;
 * the face words come from the game's terms ("dice.<face>"). */

import type { GameUI } from "../games/types";
import { type DiceCounts, diceTest } from "../fairness";
import { t, term, type Lang } from "../i18n";

export function DicePanel(props: { dice: DiceCounts; ui: GameUI; lang: Lang }) {
  const { dice, ui, lang } = props;
  const test = diceTest(dice);
  const expected = test.expected.toFixed(1);
  const chi2 = test.chi2.toFixed(1);
  const sentence =
    test.limit === null
      ? t(lang, "dice.counted", { n: dice.rolls })
      : t(lang, test.even ? "dice.even" : "dice.uneven", {
          n: dice.rolls,
          chi2,
          limit: test.limit.toFixed(1),
        });
  return (
    <section class="panel dice" aria-labelledby="dice-title" data-testid="dice-panel">
      <h2 id="dice-title">{t(lang, "dice.title")}</h2>
      <p id="dice-about">{t(lang, "dice.caption", { n: dice.rolls, expected })}</p>
      <table aria-labelledby="dice-title" aria-describedby="dice-about">
        <thead>
          <tr>
            <th scope="col">{t(lang, "dice.face")}</th>
            <th scope="col">{t(lang, "dice.rolled")}</th>
            <th scope="col">{t(lang, "dice.expected")}</th>
          </tr>
        </thead>
        <tbody>
          {dice.faces.map((face, i) => (
            <tr data-face={face}>
              <th scope="row">{term(ui.terms, lang, `dice.${face}`)}</th>
              <td>{dice.counts[i]}</td>
              <td>{expected}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="dice-verdict">{sentence}</p>
    </section>
  );
}
