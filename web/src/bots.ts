/** The server's bot levels as players see them: the lobby offers them, the seat list names the
 * bot playing a seat ("Bot: steady"), in the same words. */

import { t, type Lang } from "./i18n";

/** The bot levels offered, weakest first, each an agent the server knows. */
export const BOTS = ["random", "heuristic", "ismcts:time=1", "ismcts:time=3"] as const;

/** A level in words; an agent spec that is not one of them is shown as it is. */
export function botLabel(lang: Lang, agent: string): string {
  const level = (BOTS as readonly string[]).includes(agent) ? agent.replace(":time=", ".") : null;
  return level ? t(lang, `lobby.bot.${level}`) : agent;
}
