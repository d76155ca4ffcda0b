/** How to play each game: a short text in the reader's language and the rulebook sections
 * to read for the full rules. */

import { Link, useLang } from "../app";
import { GAME_UIS } from "../games";
import { t } from "../i18n";

export function HowToPage(props: { game: string | null }) {
  const lang = useLang();
  const games = props.game && GAME_UIS[props.game] ? [GAME_UIS[props.game]!] : Object.values(GAME_UIS);
  return (
    <div style={{ display: "grid", gap: "0.8em" }}>
      {games.map((ui) => (
        <article class="panel" id={ui.name}>
          <h2>
            <Link href={`/how/${ui.name}`}>{ui.title[lang]}</Link>
          </h2>
          {ui.howTo.text[lang].split(/\n\s*\n/).map((para) => (
            <p>{para}</p>
          ))}
          <h3 style={{ fontSize: "1em" }}>{t(lang, "howto.rulebook")}</h3>
          <ul>
            {ui.howTo.rulebooks.map((book) => (
              <li>
                {book.book} ({book.lang}): {t(lang, "howto.sections", { sections: book.sections.join(" · ") })}
              </li>
            ))}
          </ul>
        </article>
      ))}
    </div>
  );
}
