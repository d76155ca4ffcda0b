/** Tortuga 1667's words in English, Dutch and German: the board's labels, the event cards'
 * names, and the actions in words. Dutch terms are the rulebook's (Tortuga 1667 Rules (Dutch) –
 * Unofficial); English and German are the published game's terms. */

import type { Lang } from "../../i18n";
import { term } from "../../i18n";
import type { Choice, View } from "../../protocol";
import type { HowTo } from "../types";
import { knownLoyalty, placeOf, roleOf, typed, voteParts } from "./model";

type Words = Record<string, string>;

const en: Words = {
  title: "Tortuga 1667",
  // places
  flying_dutchman: "Flying Dutchman",
  jolly_roger: "Jolly Roger",
  tortuga: "Tortuga",
  galleon: "Spanish Galleon",
  rowboat: "Rowboat",
  "rowboat.free": "free",
  "rowboat.destroyed": "blown up",
  "dest.flying_dutchman": "the Flying Dutchman",
  "dest.jolly_roger": "the Jolly Roger",
  "dest.tortuga": "Tortuga",
  "dest.rowboat_flying_dutchman": "the Flying Dutchman's rowboat",
  "dest.rowboat_jolly_roger": "the Jolly Roger's rowboat",
  "hold.british": "British hold",
  "hold.french": "French hold",
  "area.british": "British area",
  "area.french": "French area",
  "area.loose": "unclaimed",
  chests: "chests",
  "chests.n": "{n} chests",
  "empty.ship": "nobody aboard",
  "empty.tortuga": "nobody on the island",
  "albatross.aboard": "Albatrosses aboard: {n}",
  // roles
  captain: "Captain",
  first_mate: "First Mate",
  cabin_boy: "Cabin Boy",
  crew: "Crew",
  governor: "Governor",
  islander: "On the island",
  "role.rowboat": "in a rowboat",
  "role.none": "not placed yet",
  spot: "free spot",
  // teams
  british: "British",
  french: "French",
  dutch: "Dutch",
  "letter.british": "B",
  "letter.french": "F",
  "letter.dutch": "D",
  // cards
  events: "Event cards",
  "events.deck": "Deck: {n}",
  "events.armada": "Spanish Armada not revealed yet",
  "events.armada_out": "Spanish Armada removed (tiebreak)",
  "events.armada_revealed": "Spanish Armada revealed",
  "events.discard": "Discard pile",
  "events.none": "none",
  "event.hidden": "face down",
  "event.empty": "no card",
  "event.seen": "seen",
  "event.pointed": "pointed at",
  "event.armada": "Armada?",
  "event.n": "Event card {n}",
  "card.pistol": "Pistol",
  "card.letter_of_marque": "Letter of Marque",
  "card.black_spot": "Black Spot",
  "card.albatross": "Albatross",
  "card.fountain_of_youth": "Fountain of Youth",
  "card.atlantis": "Atlantis",
  "card.el_dorado": "El Dorado",
  "card.crows_nest": "Crow's Nest",
  "card.scurvy": "Scurvy",
  "card.spanish_armada": "Spanish Armada",
  "card.black_powder": "Black Powder",
  "card.cabin_fever": "Cabin Fever",
  "card.eight_bells": "Eight Bells",
  "card.facade": "Facade",
  "card.pirate_code": "Pirate Code",
  "card.stormy_seas": "Stormy Seas",
  // vote cards
  votes: "Vote cards",
  "votes.n": "{n} vote cards",
  "vote.deck": "Vote deck: {n}",
  cannon: "Cannon",
  water: "Water",
  torch: "Torch",
  skull: "Skull",
  blank: "Blank",
  "vote.card": "vote card {top}, {flag} flag, {bottom}",
  "your.cards": "Your cards",
  "your.loyalty": "Your loyalty card",
  "your.loyalty.was": "earlier: {teams}",
  "your.maps": "Treasure Maps",
  "your.ballot": "You voted: {cards}",
  "your.top": "You put on top of the vote deck: {card}",
  "your.none": "no cards",
  "crows.deck": "Vote deck: choose a card for {name} ({n} to go)",
  "known.hand": "{name} holds: {cards}",
  spectating: "You are watching: loyalty and vote cards are hidden.",
  // vote words
  attack: "attack",
  mutiny: "mutiny",
  brawl: "brawl",
  "vote.on": "Vote: {kind} ({place})",
  "vote.voted": "voted",
  "vote.voted2": "voted (2 cards)",
  "vote.waiting": "still voting",
  "last.vote": "Last vote, {kind}: {counts}",
  "result.success": "succeeded",
  "result.failure": "failed",
  "result.british": "British majority",
  "result.french": "French majority",
  "result.tie": "a tie",
  // seats and status
  pirates: "Pirates",
  you: "you",
  turn: "turn",
  "turn.of": "{name}'s turn",
  "turn.yours": "Your turn",
  "actions.left": "{n} actions left",
  "status.waiting": "Waiting for {names}",
  "status.over": "Game over: the {team} win",
  "teams.british": "British",
  "teams.french": "French",
  "teams.dutch": "Dutch",
  "status.shared": "Game over: British and French share the win",
  "status.tiebreak": "Tiebreak: the first team ahead wins",
  "team.chests": "{team} chests: {n}",
  "seat.votes": "{n} vote cards",
  "seat.albatross": "Albatross ×{n}",
  "seat.scurvy": "Scurvy: skips a turn",
  "seat.code": "Pirate Code: sits out {n}",
  "seat.loyal": "{team}",
  "seat.loyal.known": "{team} (seen)",
  "seat.pawn": "{name}, {where}",
  // hints: what to click
  "hint.turn": "Click an event card twice to reveal it, or two cards to look at them (then a pirate: they reveal one of the two). Click a rowboat or ship to move there.",
  "hint.captain": "Captain: click the Galleon to attack, or a pawn of your crew to maroon it.",
  "hint.captain.ship": "Captain: click the other ship to attack it, or a pawn of your crew to maroon it.",
  "hint.first_mate": "First Mate: click your Captain to call a mutiny.",
  "hint.cabin_boy": "Cabin Boy: click a hold to move a chest into it.",
  "hint.governor": "Governor: click Tortuga to start a brawl.",
  "hint.choose": "{name} pointed at two cards: click the one you reveal.",
  "hint.vote": "Click the vote card you play.",
  "hint.vote2": "Click the vote card you play (El Dorado: you may click two).",
  "hint.setup_chest": "Click the hold where your ship's first chest goes.",
  "hint.stow": "The attack succeeded: click the hold for the chest.",
  "hint.stow_steal": "The attack succeeded: click a hold of the other ship, then your own hold.",
  "hint.place_pawn": "Click a free spot for your pawn.",
  "hint.discard": "Marooned on Tortuga: click the vote card you give up.",
  "hint.react_maroon": "You are being marooned: play a Treasure Map?",
  "hint.react_call": "A vote is called on the other ship: play Atlantis to join it?",
  "hint.give_map": "Click the pirate who gets {card}.",
  "hint.pistol": "Pistol: click the pirate to maroon.",
  "hint.fever": "Cabin Fever: click the pirate to swap loyalty cards with.",
  "hint.crows": "Crow's Nest: click the pirate whose vote cards you replace.",
  "hint.crows_pick": "Crow's Nest: click the card {name} gets ({n} to go).",
  "hint.marque": "Letter of Marque: click a pawn on Tortuga or in a rowboat, then a ship; or draw a vote card.",
  "hint.marque_top": "Click the vote card you put on top of the vote deck.",
  "hint.powder": "Black Powder: click the rowboat to blow up.",
  "waiting.for": "{name} decides",
  "waiting.what": "{name} decides: {what}",
  "what.choose": "which pointed card to reveal",
  "what.setup_chest": "a hold for the first chest",
  "what.place_pawn": "where to start",
  "what.stow": "a hold for the chest",
  "what.discard": "a vote card to give up",
  "what.react_maroon": "play a Treasure Map?",
  "what.react_call": "play Atlantis?",
  // actions
  "do.look": "Look at event cards {a} and {b}",
  "do.reveal": "Reveal event card {n}",
  "do.reveal.seen": "Reveal event card {n} ({card})",
  "do.point": "Point at event cards {a} and {b}: {name} reveals one",
  "do.choose": "Reveal card {n}",
  "do.move": "Move to {dest}",
  "do.attack": "Attack (vote)",
  "do.attack.ship": "Attack the other ship (vote)",
  "do.maroon": "Maroon {name}",
  "do.mutiny": "Call a mutiny (vote)",
  "do.move_chest": "Move a chest into the {flag} hold",
  "do.brawl": "Start a brawl (vote)",
  "do.vote": "Vote {cards}",
  "do.stow": "Put the galleon's chest in the {flag} hold",
  "do.setup_chest": "Put the chest in the {flag} hold",
  "do.steal": "Take a chest from their {from} hold into your {flag} hold",
  "do.discard": "Give up {card}",
  "do.target.pistol": "Shoot {name} (maroon)",
  "do.target.fever": "Swap loyalty cards with {name}",
  "do.target.crows": "Replace {name}'s vote cards",
  "do.target.give_map": "Give {card} to {name}",
  "do.target": "Choose {name}",
  "do.marque_move": "Put {name} aboard the {ship}",
  "do.marque_draw": "Draw a vote card, then put one on top of the vote deck",
  "do.put_on_top": "Put {card} on top of the vote deck",
  "do.blow_up": "Blow up the {ship}'s rowboat",
  "do.pick_vote": "Give {card}",
  "do.play": "Play {card}",
  "do.pass": "Pass (nothing else is possible)",
  "do.decline": "Do not play a Treasure Map",
  "do.decline.stow": "Take no chest",
  "do.place_pawn": "Start on {place}, position {n}",
  "do.place_pawn.tortuga": "Start on Tortuga, position {n}",
};

const nl: Words = {
  title: "Tortuga 1667",
  flying_dutchman: "Flying Dutchman",
  jolly_roger: "Jolly Roger",
  tortuga: "Tortuga",
  galleon: "Spaans Galjoen",
  rowboat: "Roeiboot",
  "rowboat.free": "vrij",
  "rowboat.destroyed": "opgeblazen",
  "dest.flying_dutchman": "de Flying Dutchman",
  "dest.jolly_roger": "de Jolly Roger",
  "dest.tortuga": "Tortuga",
  "dest.rowboat_flying_dutchman": "de roeiboot van de Flying Dutchman",
  "dest.rowboat_jolly_roger": "de roeiboot van de Jolly Roger",
  "hold.british": "Brits ruim",
  "hold.french": "Frans ruim",
  "area.british": "Brits vak",
  "area.french": "Frans vak",
  "area.loose": "buiten de vakken",
  chests: "schatkisten",
  "chests.n": "{n} schatkisten",
  "empty.ship": "niemand aan boord",
  "empty.tortuga": "niemand op het eiland",
  "albatross.aboard": "Albatrossen aan boord: {n}",
  captain: "Kapitein",
  first_mate: "Eerste Stuurman",
  cabin_boy: "Scheepsjongen",
  crew: "Bemanning",
  governor: "Gouverneur",
  islander: "Op het eiland",
  "role.rowboat": "in een roeiboot",
  "role.none": "nog niet geplaatst",
  spot: "vrije plek",
  british: "Brits",
  french: "Frans",
  dutch: "Nederlands",
  "letter.british": "B",
  "letter.french": "F",
  "letter.dutch": "N",
  events: "Gebeurteniskaarten",
  "events.deck": "Stapel: {n}",
  "events.armada": "Spaanse Vloot nog niet onthuld",
  "events.armada_out": "Spaanse Vloot verwijderd (tiebreak)",
  "events.armada_revealed": "Spaanse Vloot onthuld",
  "events.discard": "Aflegstapel",
  "events.none": "leeg",
  "event.hidden": "gedekt",
  "event.empty": "geen kaart",
  "event.seen": "bekeken",
  "event.pointed": "aangewezen",
  "event.armada": "Vloot?",
  "event.n": "Gebeurteniskaart {n}",
  "card.pistol": "Pistool",
  "card.letter_of_marque": "Kaperbrief",
  "card.black_spot": "Zwarte Plek",
  "card.albatross": "Albatros",
  "card.fountain_of_youth": "Levensbron",
  "card.atlantis": "Atlantis",
  "card.el_dorado": "El Dorado",
  "card.crows_nest": "Kraaiennest",
  "card.scurvy": "Scheurbuik",
  "card.spanish_armada": "Spaanse Vloot",
  "card.black_powder": "Buskruit",
  "card.cabin_fever": "Claustrofobie",
  "card.eight_bells": "Wisselen van de wacht",
  "card.facade": "Uiterlijke schijn",
  "card.pirate_code": "Piratencode",
  "card.stormy_seas": "Storm op zee",
  votes: "Stemkaarten",
  "votes.n": "{n} stemkaarten",
  "vote.deck": "Stapel stemkaarten: {n}",
  cannon: "Kanon",
  water: "Water",
  torch: "Toorts",
  skull: "Schedel",
  blank: "Leeg",
  "vote.card": "stemkaart {top}, {flag}e vlag, {bottom}",
  "your.cards": "Jouw kaarten",
  "your.loyalty": "Jouw loyaliteitskaart",
  "your.loyalty.was": "eerder: {teams}",
  "your.maps": "Schatkaarten",
  "your.ballot": "Jouw stem: {cards}",
  "your.top": "Bovenop de stapel stemkaarten gelegd: {card}",
  "your.none": "geen kaarten",
  "crows.deck": "Stapel stemkaarten: kies een kaart voor {name} (nog {n})",
  "known.hand": "{name} heeft: {cards}",
  spectating: "Je kijkt mee: loyaliteits- en stemkaarten zijn verborgen.",
  attack: "aanval",
  mutiny: "muiterij",
  brawl: "gevecht",
  "vote.on": "Stemronde: {kind} ({place})",
  "vote.voted": "heeft gestemd",
  "vote.voted2": "heeft gestemd (2 kaarten)",
  "vote.waiting": "stemt nog",
  "last.vote": "Laatste stemronde, {kind}: {counts}",
  "result.success": "geslaagd",
  "result.failure": "mislukt",
  "result.british": "meerderheid Brits",
  "result.french": "meerderheid Frans",
  "result.tie": "gelijkspel",
  pirates: "Piraten",
  you: "jij",
  turn: "beurt",
  "turn.of": "{name} is aan de beurt",
  "turn.yours": "Jouw beurt",
  "actions.left": "nog {n} acties",
  "status.waiting": "Wachten op {names}",
  "status.over": "Einde van het spel: de {team} winnen",
  "teams.british": "Britten",
  "teams.french": "Fransen",
  "teams.dutch": "Nederlander",
  "status.shared": "Einde van het spel: Britten en Fransen winnen samen",
  "status.tiebreak": "Tiebreak: het team dat als eerste voorstaat wint",
  "team.chests": "{team}e schatkisten: {n}",
  "seat.votes": "{n} stemkaarten",
  "seat.albatross": "Albatros ×{n}",
  "seat.scurvy": "Scheurbuik: slaat een beurt over",
  "seat.code": "Piratencode: stemt {n}× niet mee",
  "seat.loyal": "{team}",
  "seat.loyal.known": "{team} (gezien)",
  "seat.pawn": "{name}, {where}",
  "hint.turn": "Klik een gebeurteniskaart twee keer om haar te onthullen, of twee kaarten om ze te bekijken (en dan een piraat: die onthult er één). Klik een roeiboot of schip om erheen te gaan.",
  "hint.captain": "Kapitein: klik het galjoen voor een aanval, of een pion van je bemanning om die te verbannen.",
  "hint.captain.ship": "Kapitein: klik het andere schip om het aan te vallen, of een pion van je bemanning om die te verbannen.",
  "hint.first_mate": "Eerste Stuurman: klik je kapitein om op te roepen tot muiterij.",
  "hint.cabin_boy": "Scheepsjongen: klik een ruim om er een schatkist naartoe te verplaatsen.",
  "hint.governor": "Gouverneur: klik Tortuga om een gevecht te starten.",
  "hint.choose": "{name} wees twee kaarten aan: klik de kaart die je onthult.",
  "hint.vote": "Klik de stemkaart die je speelt.",
  "hint.vote2": "Klik de stemkaart die je speelt (El Dorado: je mag er twee klikken).",
  "hint.setup_chest": "Klik het ruim voor de eerste schatkist van je schip.",
  "hint.stow": "De aanval is geslaagd: klik het ruim voor de schatkist.",
  "hint.stow_steal": "De aanval is geslaagd: klik een ruim van het andere schip en dan je eigen ruim.",
  "hint.place_pawn": "Klik een vrije plek voor je pion.",
  "hint.discard": "Verbannen op Tortuga: klik de stemkaart die je onder de stapel legt.",
  "hint.react_maroon": "Je wordt verbannen: een schatkaart spelen?",
  "hint.react_call": "Op het andere schip wordt gestemd: Atlantis spelen om mee te doen?",
  "hint.give_map": "Klik de piraat die {card} krijgt.",
  "hint.pistol": "Pistool: klik de piraat die je verbant.",
  "hint.fever": "Claustrofobie: klik de piraat met wie je loyaliteitskaarten schudt.",
  "hint.crows": "Kraaiennest: klik de piraat wiens stemkaarten je vervangt.",
  "hint.crows_pick": "Kraaiennest: klik de kaart die {name} krijgt (nog {n}).",
  "hint.marque": "Kaperbrief: klik een pion op Tortuga of in een roeiboot en dan een schip; of trek een stemkaart.",
  "hint.marque_top": "Klik de stemkaart die je bovenop de stapel stemkaarten legt.",
  "hint.powder": "Buskruit: klik de roeiboot die je opblaast.",
  "waiting.for": "{name} beslist",
  "waiting.what": "{name} beslist: {what}",
  "what.choose": "welke aangewezen kaart onthuld wordt",
  "what.setup_chest": "een ruim voor de eerste schatkist",
  "what.place_pawn": "waar de pion begint",
  "what.stow": "een ruim voor de schatkist",
  "what.discard": "welke stemkaart weg moet",
  "what.react_maroon": "een schatkaart spelen?",
  "what.react_call": "Atlantis spelen?",
  "do.look": "Bekijk gebeurteniskaarten {a} en {b}",
  "do.reveal": "Onthul gebeurteniskaart {n}",
  "do.reveal.seen": "Onthul gebeurteniskaart {n} ({card})",
  "do.point": "Wijs gebeurteniskaarten {a} en {b} aan: {name} onthult er één",
  "do.choose": "Onthul kaart {n}",
  "do.move": "Verplaats je pion naar {dest}",
  "do.attack": "Aanval uitvoeren (stemronde)",
  "do.attack.ship": "Het andere schip aanvallen (stemronde)",
  "do.maroon": "Verban {name} naar Tortuga",
  "do.mutiny": "Roep op tot muiterij (stemronde)",
  "do.move_chest": "Verplaats een schatkist naar het {flag}e ruim",
  "do.brawl": "Start een gevecht (stemronde)",
  "do.vote": "Stem met {cards}",
  "do.stow": "Leg de schatkist van het galjoen in het {flag}e ruim",
  "do.setup_chest": "Leg de schatkist in het {flag}e ruim",
  "do.steal": "Neem een schatkist uit hun {from}e ruim in je {flag}e ruim",
  "do.discard": "Leg {card} onder de stapel stemkaarten",
  "do.target.pistol": "Schiet op {name} (verbannen)",
  "do.target.fever": "Schud loyaliteitskaarten met {name}",
  "do.target.crows": "Vervang de stemkaarten van {name}",
  "do.target.give_map": "Geef {card} aan {name}",
  "do.target": "Kies {name}",
  "do.marque_move": "Zet {name} aan boord van de {ship}",
  "do.marque_draw": "Trek een stemkaart en leg er dan een bovenop de stapel",
  "do.put_on_top": "Leg {card} bovenop de stapel stemkaarten",
  "do.blow_up": "Blaas de roeiboot van de {ship} op",
  "do.pick_vote": "Geef {card}",
  "do.play": "Speel {card}",
  "do.pass": "Pas (niets anders is mogelijk)",
  "do.decline": "Geen schatkaart spelen",
  "do.decline.stow": "Geen schatkist nemen",
  "do.place_pawn": "Begin op de {place}, plek {n}",
  "do.place_pawn.tortuga": "Begin op Tortuga, plek {n}",
};

const de: Words = {
  title: "Tortuga 1667",
  flying_dutchman: "Flying Dutchman",
  jolly_roger: "Jolly Roger",
  tortuga: "Tortuga",
  galleon: "Spanische Galeone",
  rowboat: "Ruderboot",
  "rowboat.free": "frei",
  "rowboat.destroyed": "gesprengt",
  "dest.flying_dutchman": "die Flying Dutchman",
  "dest.jolly_roger": "die Jolly Roger",
  "dest.tortuga": "Tortuga",
  "dest.rowboat_flying_dutchman": "das Ruderboot der Flying Dutchman",
  "dest.rowboat_jolly_roger": "das Ruderboot der Jolly Roger",
  "hold.british": "Britischer Laderaum",
  "hold.french": "Französischer Laderaum",
  "area.british": "Britisches Feld",
  "area.french": "Französisches Feld",
  "area.loose": "unverteilt",
  chests: "Schatztruhen",
  "chests.n": "{n} Schatztruhen",
  "empty.ship": "niemand an Bord",
  "empty.tortuga": "niemand auf der Insel",
  "albatross.aboard": "Albatrosse an Bord: {n}",
  captain: "Kapitän",
  first_mate: "Erster Maat",
  cabin_boy: "Schiffsjunge",
  crew: "Mannschaft",
  governor: "Gouverneur",
  islander: "Auf der Insel",
  "role.rowboat": "im Ruderboot",
  "role.none": "noch nicht gesetzt",
  spot: "freier Platz",
  british: "Briten",
  french: "Franzosen",
  dutch: "Niederländer",
  "letter.british": "B",
  "letter.french": "F",
  "letter.dutch": "N",
  events: "Ereigniskarten",
  "events.deck": "Stapel: {n}",
  "events.armada": "Spanische Armada noch nicht aufgedeckt",
  "events.armada_out": "Spanische Armada entfernt (Stechen)",
  "events.armada_revealed": "Spanische Armada aufgedeckt",
  "events.discard": "Ablagestapel",
  "events.none": "leer",
  "event.hidden": "verdeckt",
  "event.empty": "keine Karte",
  "event.seen": "angesehen",
  "event.pointed": "gezeigt",
  "event.armada": "Armada?",
  "event.n": "Ereigniskarte {n}",
  "card.pistol": "Pistole",
  "card.letter_of_marque": "Kaperbrief",
  "card.black_spot": "Schwarzer Fleck",
  "card.albatross": "Albatros",
  "card.fountain_of_youth": "Jungbrunnen",
  "card.atlantis": "Atlantis",
  "card.el_dorado": "El Dorado",
  "card.crows_nest": "Krähennest",
  "card.scurvy": "Skorbut",
  "card.spanish_armada": "Spanische Armada",
  "card.black_powder": "Schwarzpulver",
  "card.cabin_fever": "Lagerkoller",
  "card.eight_bells": "Acht Glasen",
  "card.facade": "Fassade",
  "card.pirate_code": "Piratenkodex",
  "card.stormy_seas": "Stürmische See",
  votes: "Stimmkarten",
  "votes.n": "{n} Stimmkarten",
  "vote.deck": "Stimmkartenstapel: {n}",
  cannon: "Kanone",
  water: "Wasser",
  torch: "Fackel",
  skull: "Totenkopf",
  blank: "Leer",
  "vote.card": "Stimmkarte {top}, Flagge {flag}, {bottom}",
  "your.cards": "Deine Karten",
  "your.loyalty": "Deine Loyalitätskarte",
  "your.loyalty.was": "vorher: {teams}",
  "your.maps": "Schatzkarten",
  "your.ballot": "Deine Stimme: {cards}",
  "your.top": "Oben auf den Stimmkartenstapel gelegt: {card}",
  "your.none": "keine Karten",
  "crows.deck": "Stimmkartenstapel: wähle eine Karte für {name} (noch {n})",
  "known.hand": "{name} hat: {cards}",
  spectating: "Du schaust zu: Loyalitäts- und Stimmkarten sind verdeckt.",
  attack: "Angriff",
  mutiny: "Meuterei",
  brawl: "Schlägerei",
  "vote.on": "Abstimmung: {kind} ({place})",
  "vote.voted": "hat abgestimmt",
  "vote.voted2": "hat abgestimmt (2 Karten)",
  "vote.waiting": "stimmt noch ab",
  "last.vote": "Letzte Abstimmung, {kind}: {counts}",
  "result.success": "erfolgreich",
  "result.failure": "gescheitert",
  "result.british": "britische Mehrheit",
  "result.french": "französische Mehrheit",
  "result.tie": "Gleichstand",
  pirates: "Piraten",
  you: "du",
  turn: "am Zug",
  "turn.of": "{name} ist am Zug",
  "turn.yours": "Du bist am Zug",
  "actions.left": "noch {n} Aktionen",
  "status.waiting": "Warte auf {names}",
  "status.over": "Spielende: die {team} gewinnen",
  "teams.british": "Briten",
  "teams.french": "Franzosen",
  "teams.dutch": "Niederländer",
  "status.shared": "Spielende: Briten und Franzosen gewinnen gemeinsam",
  "status.tiebreak": "Stechen: das Team, das zuerst vorne liegt, gewinnt",
  "team.chests": "Truhen der {team}: {n}",
  "seat.votes": "{n} Stimmkarten",
  "seat.albatross": "Albatros ×{n}",
  "seat.scurvy": "Skorbut: setzt einen Zug aus",
  "seat.code": "Piratenkodex: setzt {n}× aus",
  "seat.loyal": "{team}",
  "seat.loyal.known": "{team} (gesehen)",
  "seat.pawn": "{name}, {where}",
  "hint.turn": "Klicke eine Ereigniskarte zweimal, um sie aufzudecken, oder zwei Karten, um sie anzusehen (dann einen Piraten: er deckt eine davon auf). Klicke ein Ruderboot oder Schiff, um dorthin zu ziehen.",
  "hint.captain": "Kapitän: klicke die Galeone zum Angreifen oder eine Figur deiner Mannschaft zum Aussetzen.",
  "hint.captain.ship": "Kapitän: klicke das andere Schiff zum Angreifen oder eine Figur deiner Mannschaft zum Aussetzen.",
  "hint.first_mate": "Erster Maat: klicke deinen Kapitän, um zur Meuterei aufzurufen.",
  "hint.cabin_boy": "Schiffsjunge: klicke einen Laderaum, um eine Truhe hineinzulegen.",
  "hint.governor": "Gouverneur: klicke Tortuga, um eine Schlägerei anzuzetteln.",
  "hint.choose": "{name} zeigte auf zwei Karten: klicke die Karte, die du aufdeckst.",
  "hint.vote": "Klicke die Stimmkarte, die du spielst.",
  "hint.vote2": "Klicke die Stimmkarte, die du spielst (El Dorado: du darfst zwei klicken).",
  "hint.setup_chest": "Klicke den Laderaum für die erste Truhe deines Schiffs.",
  "hint.stow": "Der Angriff ist gelungen: klicke den Laderaum für die Truhe.",
  "hint.stow_steal": "Der Angriff ist gelungen: klicke einen Laderaum des anderen Schiffs, dann deinen eigenen.",
  "hint.place_pawn": "Klicke einen freien Platz für deine Figur.",
  "hint.discard": "Auf Tortuga ausgesetzt: klicke die Stimmkarte, die du abgibst.",
  "hint.react_maroon": "Du wirst ausgesetzt: eine Schatzkarte spielen?",
  "hint.react_call": "Auf dem anderen Schiff wird abgestimmt: Atlantis spielen und mitstimmen?",
  "hint.give_map": "Klicke den Piraten, der {card} bekommt.",
  "hint.pistol": "Pistole: klicke den Piraten, den du aussetzt.",
  "hint.fever": "Lagerkoller: klicke den Piraten, mit dem du Loyalitätskarten mischst.",
  "hint.crows": "Krähennest: klicke den Piraten, dessen Stimmkarten du ersetzt.",
  "hint.crows_pick": "Krähennest: klicke die Karte, die {name} bekommt (noch {n}).",
  "hint.marque": "Kaperbrief: klicke eine Figur auf Tortuga oder im Ruderboot, dann ein Schiff; oder ziehe eine Stimmkarte.",
  "hint.marque_top": "Klicke die Stimmkarte, die du oben auf den Stimmkartenstapel legst.",
  "hint.powder": "Schwarzpulver: klicke das Ruderboot, das du sprengst.",
  "waiting.for": "{name} entscheidet",
  "waiting.what": "{name} entscheidet: {what}",
  "what.choose": "welche gezeigte Karte aufgedeckt wird",
  "what.setup_chest": "einen Laderaum für die erste Truhe",
  "what.place_pawn": "wo die Figur beginnt",
  "what.stow": "einen Laderaum für die Truhe",
  "what.discard": "welche Stimmkarte abgegeben wird",
  "what.react_maroon": "eine Schatzkarte spielen?",
  "what.react_call": "Atlantis spielen?",
  "do.look": "Ereigniskarten {a} und {b} ansehen",
  "do.reveal": "Ereigniskarte {n} aufdecken",
  "do.reveal.seen": "Ereigniskarte {n} aufdecken ({card})",
  "do.point": "Auf Ereigniskarten {a} und {b} zeigen: {name} deckt eine auf",
  "do.choose": "Karte {n} aufdecken",
  "do.move": "Zu {dest} ziehen",
  "do.attack": "Angreifen (Abstimmung)",
  "do.attack.ship": "Das andere Schiff angreifen (Abstimmung)",
  "do.maroon": "{name} nach Tortuga aussetzen",
  "do.mutiny": "Zur Meuterei aufrufen (Abstimmung)",
  "do.move_chest": "Eine Truhe in den {flag} Laderaum legen",
  "do.brawl": "Eine Schlägerei anzetteln (Abstimmung)",
  "do.vote": "Abstimmen mit {cards}",
  "do.stow": "Die Truhe der Galeone in den {flag} Laderaum legen",
  "do.setup_chest": "Die Truhe in den {flag} Laderaum legen",
  "do.steal": "Eine Truhe aus ihrem {from} Laderaum in deinen {flag} Laderaum nehmen",
  "do.discard": "{card} abgeben",
  "do.target.pistol": "{name} erschießen (aussetzen)",
  "do.target.fever": "Loyalitätskarten mit {name} mischen",
  "do.target.crows": "Die Stimmkarten von {name} ersetzen",
  "do.target.give_map": "{card} an {name} geben",
  "do.target": "{name} wählen",
  "do.marque_move": "{name} an Bord der {ship} setzen",
  "do.marque_draw": "Eine Stimmkarte ziehen, dann eine oben auf den Stapel legen",
  "do.put_on_top": "{card} oben auf den Stimmkartenstapel legen",
  "do.blow_up": "Das Ruderboot der {ship} sprengen",
  "do.pick_vote": "{card} geben",
  "do.play": "{card} spielen",
  "do.pass": "Passen (nichts anderes ist möglich)",
  "do.decline": "Keine Schatzkarte spielen",
  "do.decline.stow": "Keine Truhe nehmen",
  "do.place_pawn": "Auf der {place} beginnen, Platz {n}",
  "do.place_pawn.tortuga": "Auf Tortuga beginnen, Platz {n}",
};

export const TERMS: Record<Lang, Words> = { en, nl, de };

/** Adjective forms of the flags for "the {flag} hold" (German declines them). */
const FLAG_ADJ: Record<Lang, Record<string, string>> = {
  en: { british: "British", french: "French" },
  nl: { british: "Brits", french: "Frans" },
  de: { british: "britischen", french: "französischen" },
};

export function tr(lang: Lang, k: string, params: Record<string, string | number> = {}): string {
  return term(TERMS, lang, k, params);
}

export function cardName(lang: Lang, card: string): string {
  return tr(lang, `card.${card}`);
}

/** A vote card in words: "Torch · French · Skull". */
export function voteWords(lang: Lang, card: string): string {
  const p = voteParts(card);
  return `${tr(lang, p.top)} · ${tr(lang, p.flag)} · ${tr(lang, p.bottom)}`;
}

export function seatName(view: View, names: readonly string[], seat: number): string {
  return names[seat] || typed(view).seat_names?.[seat] || `Pirate ${seat + 1}`;
}

/** Where a seat's pawn is, in words: "Jolly Roger, Captain". */
export function whereWords(view: View, seat: number, lang: Lang): string {
  const place = placeOf(view, seat);
  const role = roleOf(place);
  if (place.kind === "ship") return `${tr(lang, place.ship)}, ${tr(lang, role)}`;
  if (place.kind === "tortuga") return role === "governor" ? `${tr(lang, "tortuga")}, ${tr(lang, "governor")}` : tr(lang, "tortuga");
  if (place.kind === "rowboat") return `${tr(lang, "rowboat")} (${tr(lang, place.ship)})`;
  return tr(lang, "role.none");
}

export function describe(choice: Choice, view: View, lang: Lang, names: string[]): string | null {
  const a = choice.action;
  const v = typed(view);
  const name = (s: unknown) => seatName(view, names, s as number);
  const slotPair = () => {
    const [x, y] = [...(a.slots as number[])].sort((p, q) => p - q);
    return { a: (x ?? 0) + 1, b: (y ?? 0) + 1 };
  };
  const kind = v.decision?.kind;
  switch (a.type) {
    case "look":
      return tr(lang, "do.look", slotPair());
    case "reveal": {
      const slot = a.slot as number;
      const known = v.events.row[slot];
      return known && known !== "empty"
        ? tr(lang, "do.reveal.seen", { n: slot + 1, card: cardName(lang, known) })
        : tr(lang, "do.reveal", { n: slot + 1 });
    }
    case "point":
      return tr(lang, "do.point", { ...slotPair(), name: name(a.target) });
    case "choose":
      return tr(lang, "do.choose", { n: (a.slot as number) + 1 });
    case "move":
      return tr(lang, "do.move", { dest: tr(lang, `dest.${a.to as string}`) });
    case "attack":
      return tr(lang, v.galleon > 0 ? "do.attack" : "do.attack.ship");
    case "maroon":
      return tr(lang, "do.maroon", { name: name(a.target) });
    case "mutiny":
      return tr(lang, "do.mutiny");
    case "move_chest":
      return tr(lang, "do.move_chest", { flag: FLAG_ADJ[lang][a.to as string] ?? String(a.to) });
    case "brawl":
      return tr(lang, "do.brawl");
    case "vote":
      return tr(lang, "do.vote", { cards: (a.cards as string[]).map((c) => voteWords(lang, c)).join(" + ") });
    case "stow": {
      const flag = FLAG_ADJ[lang][a.into as string] ?? String(a.into);
      if (a.take) return tr(lang, "do.steal", { from: FLAG_ADJ[lang][a.take as string] ?? "", flag });
      return tr(lang, kind === "setup_chest" ? "do.setup_chest" : "do.stow", { flag });
    }
    case "discard":
      return tr(lang, "do.discard", { card: voteWords(lang, a.card as string) });
    case "target": {
      if (kind === "pistol" || kind === "fever" || kind === "crows") return tr(lang, `do.target.${kind}`, { name: name(a.seat) });
      if (kind === "give_map") return tr(lang, "do.target.give_map", { name: name(a.seat), card: cardName(lang, v.decision?.card ?? "") });
      return tr(lang, "do.target", { name: name(a.seat) });
    }
    case "marque_move":
      return tr(lang, "do.marque_move", { name: name(a.seat), ship: tr(lang, a.ship as string) });
    case "marque_draw":
      return tr(lang, "do.marque_draw");
    case "put_on_top":
      return tr(lang, "do.put_on_top", { card: voteWords(lang, a.card as string) });
    case "blow_up":
      return tr(lang, "do.blow_up", { ship: tr(lang, a.rowboat as string) });
    case "pick_vote":
      return tr(lang, "do.pick_vote", { card: voteWords(lang, a.card as string) });
    case "play":
      return tr(lang, "do.play", { card: cardName(lang, a.map as string) });
    case "pass":
      return tr(lang, "do.pass");
    case "decline":
      return tr(lang, kind === "stow" ? "do.decline.stow" : "do.decline");
    case "place_pawn":
      return a.place === "tortuga"
        ? tr(lang, "do.place_pawn.tortuga", { n: (a.position as number) + 1 })
        : tr(lang, "do.place_pawn", { place: tr(lang, a.place as string), n: (a.position as number) + 1 });
    default:
      return null;
  }
}

export function seatSummary(view: View, seat: number, lang: Lang): string {
  const v = typed(view);
  const parts = [whereWords(view, seat, lang), tr(lang, "seat.votes", { n: v.vote_hand_sizes[seat] ?? 0 })];
  for (const map of v.treasure_maps[seat] ?? []) parts.push(cardName(lang, map));
  if ((v.albatross[seat] ?? 0) > 0) parts.push(tr(lang, "seat.albatross", { n: v.albatross[seat]! }));
  if (v.scurvy[seat]) parts.push(tr(lang, "seat.scurvy"));
  if ((v.pirate_code[seat] ?? 0) > 0) parts.push(tr(lang, "seat.code", { n: v.pirate_code[seat]! }));
  const team = knownLoyalty(view, seat);
  if (team) parts.push(tr(lang, team));
  return parts.join(" · ");
}

export const HOW_TO: HowTo = {
  text: {
    en: `Hidden teams: your loyalty card makes you British or French (with an odd number of players one pirate is Dutch). When the Spanish Armada event card is revealed, the team with more treasure chests in its ship holds and its area on Tortuga wins; on a tie the Dutch pirate wins.

On your turn you do one action: look at two event cards in secret, reveal one, point at two for another pirate to reveal one blind, or move your pawn to or from a rowboat. A Captain may instead attack the Spanish Galleon or maroon a crew member, a First Mate call a mutiny, a Cabin Boy move a chest between the holds, and the Governor of Tortuga start a brawl.

Attacks, mutinies and brawls are decided by secret votes: everyone there plays one vote card face down and one comes from the vote deck. Attack uses the top of the cards (a cannon and more torches than water), mutiny the bottom (a majority of skulls), a brawl the flags.

On this board: click an event card twice to reveal it, or two cards to look at them and then a pawn to make that pirate reveal one. Click the Galleon to attack, your captain's pawn for a mutiny, Tortuga for a brawl, a pawn to maroon it, a hold to move or stow a chest, a rowboat or ship to move. In a vote click one of your vote cards. Actions with nothing to click (draw a vote card, decline a Treasure Map) are buttons.`,
    nl: `Verborgen teams: je loyaliteitskaart maakt je Brits of Frans (met een oneven aantal spelers is één piraat Nederlands). Zodra de Spaanse Vlootkaart wordt onthuld, wint de bemanning met de meeste schatkisten in de ruimen van haar schip en in haar vak op Tortuga; bij een gelijkspel wint de Nederlandse piraat.

In je beurt voer je één actie uit: 2 gebeurteniskaarten bekijken, 1 gebeurteniskaart onthullen, 2 gebeurteniskaarten aanwijzen waarvan een andere speler er één blind onthult, of je pion naar of van een roeiboot verplaatsen. Een Kapitein mag in plaats daarvan een aanval uitvoeren of een bemanningslid verbannen, een Eerste Stuurman oproepen tot muiterij, een Scheepsjongen een schatkist verplaatsen tussen de ruimen en de Gouverneur van Tortuga een gevecht starten.

Aanval, muiterij en gevecht worden beslist met geheime stemkaarten: iedereen daar speelt gedekt één stemkaart en er komt één van de stapel bij. Bij een aanval telt de bovenste sectie (een kanon en meer toortsen dan water), bij muiterij de onderste (een meerderheid schedels), bij een gevecht de vlaggen.

Op dit bord: klik een gebeurteniskaart twee keer om haar te onthullen, of twee kaarten om ze te bekijken en dan een pion om die piraat er één te laten onthullen. Klik het galjoen voor een aanval, de pion van je kapitein voor muiterij, Tortuga voor een gevecht, een pion om te verbannen, een ruim om een schatkist te verplaatsen of op te bergen, een roeiboot of schip om te verplaatsen. Klik in een stemronde een van je stemkaarten. Acties zonder iets om te klikken (een stemkaart trekken, geen schatkaart spelen) zijn knoppen.`,
    de: `Verborgene Teams: deine Loyalitätskarte macht dich zum Briten oder Franzosen (bei ungerader Spielerzahl ist ein Pirat Niederländer). Sobald die Spanische Armada aufgedeckt wird, gewinnt das Team mit mehr Schatztruhen in den Laderäumen seines Schiffs und in seinem Feld auf Tortuga; bei Gleichstand gewinnt der Niederländer.

In deinem Zug machst du eine Aktion: zwei Ereigniskarten geheim ansehen, eine aufdecken, auf zwei zeigen, von denen ein anderer Pirat eine blind aufdeckt, oder deine Figur in ein Ruderboot oder aus ihm heraus ziehen. Ein Kapitän darf stattdessen angreifen oder ein Mannschaftsmitglied aussetzen, ein Erster Maat zur Meuterei aufrufen, ein Schiffsjunge eine Truhe zwischen den Laderäumen verlegen und der Gouverneur von Tortuga eine Schlägerei anzetteln.

Angriff, Meuterei und Schlägerei werden geheim abgestimmt: jeder dort spielt eine Stimmkarte verdeckt, eine kommt vom Stapel dazu. Beim Angriff zählt der obere Teil (eine Kanone und mehr Fackeln als Wasser), bei der Meuterei der untere (eine Mehrheit Totenköpfe), bei der Schlägerei die Flaggen.

Auf diesem Brett: klicke eine Ereigniskarte zweimal, um sie aufzudecken, oder zwei Karten, um sie anzusehen, und dann eine Figur, damit dieser Pirat eine aufdeckt. Klicke die Galeone zum Angreifen, die Figur deines Kapitäns für eine Meuterei, Tortuga für eine Schlägerei, eine Figur zum Aussetzen, einen Laderaum für eine Truhe, ein Ruderboot oder Schiff zum Ziehen. Bei einer Abstimmung klicke eine deiner Stimmkarten. Aktionen ohne etwas zum Anklicken (Stimmkarte ziehen, keine Schatzkarte spielen) sind Knöpfe.`,
  },
  rulebooks: [
    {
      lang: "nl",
      book: "Tortuga 1667 Rules (Dutch) – Unofficial",
      sections: [
        "Het spel winnen",
        "Spelverloop",
        "Mogelijke acties voor alle spelers",
        "Verbannen worden & Tortuga",
        "Roeiboten",
        "Stemkaarten",
        "Gebeurteniskaarten",
        "Aanvullende regels",
        "Tiebreak",
        "Optionele geavanceerde opzet",
      ],
    },
  ],
};
