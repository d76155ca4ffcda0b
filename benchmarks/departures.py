"""Can a network learn where search departs from the heuristic? (issue 24, the learned policy)

python -m benchmarks.departures RUN [--epochs 8] [--sharpen 0.25] [--test 0.2]

RUN is a `buccaneer train GAME --hint --plain-search ...` directory: iteration 0's examples
imitate the heuristic, every later iteration's are decisions searched by plain ISMCTS, each
with the heuristic's choice (the hint) beside the search's visit counts. A policy that beats
the heuristic must make the search's move where the two differ, so this holds out a share of
the searched decisions, trains a fresh hinted network on the rest (with as many of the
heuristic's examples; targets sharpened to visits^(1/s)), and after every epoch prints, on the
held-out decisions:

- how often the network's move is the search's (the hint alone: the share where they agree);
- how often it departs from the hint, and how often such a departure is the search's move;
- of the decisions where the search departed, the share the network caught.

Departures that are seldom the search's move are noise the network made up: a policy that
makes them plays worse than the heuristic, not better.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from buccaneer.agents.network import read_weights
from buccaneer.rl.train.model import PolicyValueNet, torch
from buccaneer.rl.train.samples import Samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--sharpen", type=float, default=0.25)
    parser.add_argument("--test", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    files = sorted(args.run.glob("samples-*.npz"))
    if len(files) < 2:
        raise SystemExit(f"{args.run} has no searched iteration (samples-0001.npz and on)")
    searched = Samples.join([Samples.load(f) for f in files[1:]])
    order = rng.permutation(len(searched))
    cut = int((1 - args.test) * len(searched))
    train, held = searched.take(order[:cut]), searched.take(order[cut:])
    imitated = Samples.load(files[0])
    imitated = imitated.take(np.sort(rng.permutation(len(imitated))[:cut]))
    data = Samples.join([imitated, train])

    targets = data.targets.astype(np.float64) ** (1 / args.sharpen)
    targets /= targets.sum(1, keepdims=True)
    x = torch.from_numpy(data.observations.astype(np.float32))
    masks = torch.from_numpy(data.masks)
    hints = torch.from_numpy(data.hints.astype(np.int64))
    goal = torch.from_numpy(targets.astype(np.float32))
    held_x = torch.from_numpy(held.observations.astype(np.float32))
    held_masks = torch.from_numpy(held.masks)
    held_hints = torch.from_numpy(held.hints.astype(np.int64))
    search_move = held.targets.astype(np.float32).argmax(1)
    hint = held.hints.astype(np.int64)
    departed = search_move != hint

    weights = read_weights(args.run / "policy.npz")
    net = PolicyValueNet(weights.observation_size, weights.num_actions, 256, hinted=True)
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    print(
        f"{len(searched)} searched decisions ({len(held)} held out); the search departs from "
        f"the heuristic in {departed.mean():.1%} of the held-out ones"
    )
    for epoch in range(args.epochs):
        net.train()
        shuffled = torch.from_numpy(rng.permutation(len(data)))
        for start in range(0, len(data), 256):
            idx = shuffled[start : start + 256]
            logits, _ = net(x[idx], hints[idx])
            logits = logits.masked_fill(~masks[idx], -1e9)
            loss = -(goal[idx] * torch.log_softmax(logits, -1)).sum(-1).mean()
            optimizer.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimizer.step()
        net.eval()
        with torch.no_grad():
            logits, _ = net(held_x, held_hints)
            move = logits.masked_fill(~held_masks, -1e9).argmax(1).numpy()
        departs = move != hint
        right = (move == search_move)[departs].mean() if departs.any() else float("nan")
        print(
            f"epoch {epoch + 1}: the search's move {np.mean(move == search_move):.1%} "
            f"(the hint alone {1 - departed.mean():.1%}); departs from the hint "
            f"{departs.mean():.1%}, the search's move in {right:.1%} of those; "
            f"caught {np.mean((move == search_move)[departed]):.1%} of the search's departures"
        )


if __name__ == "__main__":
    main()
