/** A development page (npm run dev, then /gallery.html?f=FIXTURE&d=N&seat=spectator&lang=nl):
 * draws one board from the unit tests' fixtures (python3 scripts/web_fixtures.py) with its
 * clickable things, so a board can be looked at without playing to that decision. Not built. */

import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { gameUI } from "./games";
import type { Lang } from "./i18n";
import { pick, pickState } from "./picker";
import type { Choice, View } from "./protocol";
import type { Fixture } from "../test/fixtures";
import "./style.css";

function Gallery() {
  const params = new URLSearchParams(location.search);
  const file = params.get("f") ?? "";
  const index = Number(params.get("d") ?? "0");
  const lang = (params.get("lang") ?? "en") as Lang;
  const [fixture, setFixture] = useState<Fixture | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [sent, setSent] = useState<string>("");
  useEffect(() => {
    void fetch(`/test/fixtures/${file}`).then(async (r) => setFixture((await r.json()) as Fixture));
  }, [file]);
  if (!file) return <p>Name a fixture: /gallery.html?f=FILE (a file in web/test/fixtures/).</p>;
  if (!fixture) return <p>loading {file}</p>;
  const ui = gameUI(fixture.game)!;
  const kinds = Object.keys(fixture.decisions);
  const final = index >= kinds.length;
  const snap = final ? null : fixture.decisions[kinds[index]!]!;
  const spectator = params.get("seat") === "spectator";
  const view = snap ? (spectator ? snap.spectator : snap.view) : fixture.final.views[0]!;
  const seat = spectator ? null : snap ? snap.seat : 0;
  const legal = snap && !spectator ? snap.legal : [];
  const pathOf = (c: Choice, v: View) => ui.path(c.action, v);
  const state = pickState(legal, view, pathOf, picked);
  const names = (view["seat_names"] as string[] | undefined) ?? [];
  return (
    <main class="gallery">
      <p>
        {file} · {final ? "final" : kinds[index]} ({index + 1}/{kinds.length + 1}) · {sent}
      </p>
      <ui.Board
        view={view}
        seat={seat}
        names={names}
        lang={lang}
        clickable={state.clickable}
        picked={picked}
        onPick={(key) => {
          const result = pick(legal, view, pathOf, picked, key);
          if (result.kind === "send") {
            setSent(JSON.stringify(result.choice.action));
            setPicked([]);
          } else if (result.kind === "more") setPicked(result.picked);
        }}
      />
      <ul>
        {state.remaining.map((c) => (
          <li>
            {ui.describe?.(c, view, lang, names) ?? c.text} — [{ui.path(c.action, view).join(" → ")}]
          </li>
        ))}
      </ul>
    </main>
  );
}

render(<Gallery />, document.getElementById("app")!);
