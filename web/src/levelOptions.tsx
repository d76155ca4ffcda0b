/** The bot levels as a select's options, the same in the lobby's seat selects and quick play's
 * bot select: each level's words with its ladder rating, the agent that plays it as the hint. */

import { levelChoice } from "./bots";
import type { Lang } from "./i18n";
import type { LevelInfo } from "./protocol";

export function LevelOptions(props: { lang: Lang; levels: LevelInfo[] }) {
  return (
    <>
      {props.levels.map((level) => {
        const choice = levelChoice(props.lang, level);
        return (
          <option value={choice.value} title={choice.title}>
            {choice.label}
          </option>
        );
      })}
    </>
  );
}
