/** A table's proof of a fair seed: the commitment it published at its start and, once the game
 * is over, whether the seed and salt it then gave hash to it (checked here, with the browser's
 * own SHA-256), and the dice panel when the game rolled dice. */

import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import type { GameUI } from "../games/types";
import { type Check, checkProof, type Proof, seenCommitment } from "../fairness";
import { t, type Lang } from "../i18n";
import { DicePanel } from "./DicePanel";

export function FairnessPanel(props: { proof: Proof; table: string; ui: GameUI; lang: Lang }) {
  const { proof, ui, lang } = props;
  const [check, setCheck] = useState<Check | null>(null);
  useEffect(() => {
    let live = true;
    setCheck(null);
    checkProof(proof, seenCommitment(props.table))
      .then((c) => live && setCheck(c))
      .catch(() => live && setCheck("bad"));
    return () => {
      live = false;
    };
  }, [props.table, proof.commitment, proof.seed_text, proof.salt]);
  return (
    <>
      <section class="panel fairness" aria-labelledby="fairness-title" data-testid="fairness">
        <h2 id="fairness-title">{t(lang, "fair.title")}</h2>
        {proof.commitment ? (
          <p>
            {t(lang, "fair.commitment")} <code class="commitment" style={{ overflowWrap: "anywhere" }}>{proof.commitment}</code>
          </p>
        ) : null}
        <p role="status" data-check={check ?? "checking"} class={check === "bad" || check === "swapped" ? "error" : ""}>
          {t(lang, `fair.${check ?? "checking"}`)}
        </p>
        {proof.seed_text && proof.salt ? (
          <details>
            <summary>{t(lang, "fair.how")}</summary>
            <p>{t(lang, "fair.by_hand")}</p>
            <pre style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{`printf '%s' 'buccaneer-seed-v1:${proof.seed_text}:${proof.salt}' | sha256sum`}</pre>
          </details>
        ) : null}
      </section>
      {proof.dice ? <DicePanel dice={proof.dice} ui={ui} lang={lang} /> : null}
    </>
  );
}

/** The proof of a finished table, read from its info (`GET /api/tables/{id}`): the end
 * screen's panel, whatever messages brought the page there. */
export function TableProof(props: { id: string; ui: GameUI; lang: Lang }) {
  const [proof, setProof] = useState<Proof | null>(null);
  useEffect(() => {
    let live = true;
    api
      .table(props.id)
      .then((info) => live && setProof(info))
      .catch(() => live && setProof(null));
    return () => {
      live = false;
    };
  }, [props.id]);
  return proof ? <FairnessPanel proof={proof} table={props.id} ui={props.ui} lang={props.lang} /> : null;
}
