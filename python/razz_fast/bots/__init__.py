"""Bots: ``Policy``, a stochastic strategy the core plays at full speed, and
its file format ([bots](BOTS.md))."""

from razz_fast.bots.policy import Policy

__all__ = ["Policy"]
