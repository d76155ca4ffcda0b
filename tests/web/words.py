"""Is any English left in a Dutch or German page? The words of a part of the page in the
page's language that the same part, switched to English, also has, proper names and the words
the three languages share aside. The client writes every line (the log too) from data in the
chosen language, so switching the language rewrites every line."""

from __future__ import annotations

import re

from playwright.sync_api import Page

# Words the three languages share: the games' and places' names, the seat names these tests
# give, and words spelt the same in English and Dutch or German.
SHARED = {
    "tortuga", "cartagena", "jamaica", "jolly", "roger", "flying", "dutchman", "bonus",
    "anne", "bob", "carla", "dirk", "buccaneer", "bot", "bots", "heuristic", "ismcts",
    "in", "is", "start", "land", "hand", "over", "plan", "boot", "water", "arm",
    # Tortuga 1667's cards by their printed names (El Dorado, Atlantis, Spanish Armada)
    "dorado", "atlantis", "armada",
    # Dutch and German words that English has too: "de rest", "die Crew" (the German
    # rulebook's own term: Crew anheuern), "die" (the German article)
    "rest", "crew", "die",
    # Words Dutch or German spell as English does (een even aantal, de tunnel, het fort, een
    # beginner, de link, de lobby, open, per, plus, set, teams, variant, codes; der Tunnel,
    # die Person, der Name, die Version, das Team, bring!) and a name (Board Game Arena)
    "tunnel", "fort", "beginner", "link", "lobby", "open", "per", "plus", "set", "team",
    "teams", "sets", "variant", "codes", "name", "person", "version", "bring", "board", "game",
    "arena", "even",
    # The dice panel's chi-square test: chi-kwadraat, Chi-Quadrat
    "chi",
    # German "hat" (has: "Anne hat ... gespielt") is Cartagena's hat symbol in English
    "hat",
}  # fmt: skip
# Whole words only: the letters inside a hexadecimal digest (the seed commitment) are no word.
WORD = re.compile(r"(?<![0-9A-Za-zÀ-ÿ'])[A-Za-zÀ-ÿ']{3,}(?![0-9A-Za-zÀ-ÿ'])")


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def english_left(page: Page, selector: str, names: set[str]) -> set[str]:
    """The words of `selector` in the page's language that the English page also has."""
    lang = page.evaluate("() => document.documentElement.lang")
    theirs = words(page.locator(selector).inner_text())
    page.select_option("header.top select", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    english = words(page.locator(selector).inner_text())
    page.select_option("header.top select", lang)
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    return (theirs & english) - SHARED - names
