/** The server's bot levels as players see them: the lobby and quick play offer each game's
 * levels (GET /api/games `levels`: beginner, good, strong, strongest, each with the agent its
 * ladder named and that ladder's rating), the seat list and the ratings pages name the bot
 * playing a seat ("Bot: strong"), in the same words. */

import { t, type Lang } from "./i18n";
import type { LevelInfo } from "./protocol";

/** The level names, weakest first, as the server's agents/levels.py LEVEL_NAMES. Only for
 * wording an agent on a page that has no game's `levels` at hand (a table's seats, the
 * leaderboard, a profile): what is offered comes from the game's own `levels`. */
export const LEVEL_NAMES = ["beginner", "good", "strong", "strongest"] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

/** The level bots fill seats with unless the player chooses another (the server's quick-play
 * default, and a new table's bot seats). */
export const DEFAULT_LEVEL: LevelName = "good";

/** The agent spec that plays level `name` (what a bot seat or quick play sends). */
export function levelSpec(name: LevelName): string {
  return `level:name=${name}`;
}

/** The level an agent spec names, or null for any other agent. */
export function levelOf(agent: string): LevelName | null {
  const name = /^level:name=(\w+)$/.exec(agent)?.[1];
  return (LEVEL_NAMES as readonly string[]).includes(name ?? "") ? (name as LevelName) : null;
}

/** The bots the server offered before the named levels, by agent: they may still play old
 * tables and stand on leaderboards (their accounts stay), so they keep their words. */
const RETIRED: Record<string, string> = {
  random: "lobby.bot.random",
  heuristic: "lobby.bot.heuristic",
  "ismcts:time=1": "lobby.bot.ismcts.1",
  "ismcts:time=3": "lobby.bot.ismcts.3",
};

/** A bot in words ("Bot: strong"); an agent spec that is neither a level nor a retired bot is
 * shown as it is. */
export function botLabel(lang: Lang, agent: string): string {
  const level = levelOf(agent);
  if (level) return t(lang, `lobby.bot.level.${level}`);
  const retired = RETIRED[agent];
  return retired ? t(lang, retired) : agent;
}

/** A level's rating on the game's published ladder, one decimal in the player's way of
 * writing numbers ("27.4", "27,4"); null when no ladder rated it. */
export function ladderRating(lang: Lang, level: LevelInfo): string | null {
  if (level.mu === null) return null;
  return level.mu.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A level as the lobby's and quick play's selects offer it: its value (the agent spec), its
 * words with its ladder rating where it has one ("Bot: strong (ladder 27.4)"), and a hint
 * naming the agent that plays it in this game. */
export function levelChoice(lang: Lang, level: LevelInfo): { value: string; label: string; title: string } {
  const name = botLabel(lang, level.spec);
  const rating = ladderRating(lang, level);
  return {
    value: level.spec,
    label: rating === null ? name : t(lang, "lobby.bot.rated", { bot: name, rating }),
    title: t(lang, "lobby.bot.plays", { agent: level.agent }),
  };
}
