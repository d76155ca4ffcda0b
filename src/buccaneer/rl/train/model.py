"""The policy and value network in torch, and its export to (and import from) numpy weights.

The same architecture as `agents/network.py` plays with numpy: two ReLU layers, a policy
logit per action id of the game's largest table and a value logit whose sigmoid is the
seat's expected reward; a hinted network also takes the heuristic's choice (an id, -1 for
none) as a first-layer row and a logit bonus. Export writes exactly the arrays the numpy
forward pass reads, so a test can hold both to the same outputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from buccaneer.agents.network import FORMAT, HINT, Weights
from buccaneer.core.optional import require

require("torch", extra="train")

import torch  # noqa: E402
from torch import nn  # noqa: E402

HINT_BONUS = 2.0  # the hinted logit's head start: the untrained net already leans on the hint


class PolicyValueNet(nn.Module):
    """(observation, hinted ids) -> (policy logits, value logit)."""

    def __init__(
        self, observation_size: int, num_actions: int, hidden: int, *, hinted: bool = False
    ) -> None:
        super().__init__()
        self.observation_size = observation_size
        self.num_actions = num_actions
        self.hidden = hidden
        self.hinted = hinted
        self.trunk = nn.Sequential(
            nn.Linear(observation_size, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
        )
        self.policy = nn.Linear(hidden, num_actions)
        self.value = nn.Linear(hidden, 1)
        if hinted:  # row `num_actions` is "no hint": zero, and never trained
            self.hint_rows = nn.Embedding(num_actions + 1, hidden, padding_idx=num_actions)
            nn.init.zeros_(self.hint_rows.weight)
            self.hint_bonus = nn.Parameter(torch.tensor([HINT_BONUS]))

    def forward(self, x: Any, hints: Any = None) -> tuple[Any, Any]:
        first, relu, second, relu2 = self.trunk
        pre = first(x)
        if self.hinted and hints is not None:
            index = torch.where(hints >= 0, hints, self.num_actions).long()
            pre = pre + self.hint_rows(index)
        h = relu2(second(relu(pre)))
        logits = self.policy(h)
        if self.hinted and hints is not None:
            onehot = torch.nn.functional.one_hot(index, self.num_actions + 1)[:, : self.num_actions]
            logits = logits + self.hint_bonus * onehot
        return logits, self.value(h).squeeze(-1)


def to_weights(net: PolicyValueNet, meta: Mapping[str, Any]) -> Weights:
    """The numpy weights of `net` (linear layers stored as (inputs, outputs))."""

    def array(tensor: Any) -> Any:
        return tensor.detach().cpu().numpy().astype(np.float32)

    first, second = net.trunk[0], net.trunk[2]
    hint: dict[str, Any] = {}
    if net.hinted:
        hint = {
            "wh": array(net.hint_rows.weight)[: net.num_actions].copy(),
            "bh": array(net.hint_bonus),
        }
    return Weights(
        w0=array(first.weight).T.copy(),
        b0=array(first.bias),
        w1=array(second.weight).T.copy(),
        b1=array(second.bias),
        wp=array(net.policy.weight).T.copy(),
        bp=array(net.policy.bias),
        wv=array(net.value.weight).T.copy(),
        bv=array(net.value.bias),
        meta={**meta, "format": FORMAT, "hidden": net.hidden, "hint": HINT if net.hinted else None},
        **hint,
    )


def from_weights(weights: Weights) -> PolicyValueNet:
    """A torch network holding exactly `weights` (to go on training exported weights)."""
    net = PolicyValueNet(
        weights.observation_size,
        weights.num_actions,
        int(weights.w0.shape[1]),
        hinted=weights.hinted,
    )
    first, second = net.trunk[0], net.trunk[2]
    with torch.no_grad():
        if weights.wh is not None and weights.bh is not None:
            net.hint_rows.weight[: net.num_actions].copy_(torch.from_numpy(weights.wh))
            net.hint_bonus.copy_(torch.from_numpy(weights.bh))
        for layer, w, b in (
            (first, weights.w0, weights.b0),
            (second, weights.w1, weights.b1),
            (net.policy, weights.wp, weights.bp),
            (net.value, weights.wv, weights.bv),
        ):
            layer.weight.copy_(torch.from_numpy(np.ascontiguousarray(w.T)))  # type: ignore[operator]
            layer.bias.copy_(torch.from_numpy(b))  # type: ignore[operator]
    return net


__all__ = ["PolicyValueNet", "from_weights", "to_weights", "torch"]
