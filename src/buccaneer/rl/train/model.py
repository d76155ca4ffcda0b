"""The policy and value network in torch, and its export to (and import from) numpy weights.

The same architecture as `agents/network.py` plays with numpy: two ReLU layers, a policy
logit per action id of the game's largest table and a value logit whose sigmoid is the
seat's expected reward. Export writes exactly the arrays the numpy forward pass reads, so
a test can hold both to the same outputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from buccaneer.agents.network import FORMAT, Weights
from buccaneer.core.optional import require

require("torch", extra="train")

import torch  # noqa: E402
from torch import nn  # noqa: E402


class PolicyValueNet(nn.Module):
    """observation -> (policy logits, value logit)."""

    def __init__(self, observation_size: int, num_actions: int, hidden: int) -> None:
        super().__init__()
        self.observation_size = observation_size
        self.num_actions = num_actions
        self.hidden = hidden
        self.trunk = nn.Sequential(
            nn.Linear(observation_size, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
        )
        self.policy = nn.Linear(hidden, num_actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, x: Any) -> tuple[Any, Any]:
        h = self.trunk(x)
        return self.policy(h), self.value(h).squeeze(-1)


def to_weights(net: PolicyValueNet, meta: Mapping[str, Any]) -> Weights:
    """The numpy weights of `net` (linear layers stored as (inputs, outputs))."""

    def array(tensor: Any) -> Any:
        return tensor.detach().cpu().numpy().astype(np.float32)

    first, second = net.trunk[0], net.trunk[2]
    return Weights(
        w0=array(first.weight).T.copy(),
        b0=array(first.bias),
        w1=array(second.weight).T.copy(),
        b1=array(second.bias),
        wp=array(net.policy.weight).T.copy(),
        bp=array(net.policy.bias),
        wv=array(net.value.weight).T.copy(),
        bv=array(net.value.bias),
        meta={**meta, "format": FORMAT, "hidden": net.hidden},
    )


def from_weights(weights: Weights) -> PolicyValueNet:
    """A torch network holding exactly `weights` (to go on training exported weights)."""
    net = PolicyValueNet(weights.observation_size, weights.num_actions, int(weights.w0.shape[1]))
    first, second = net.trunk[0], net.trunk[2]
    with torch.no_grad():
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
