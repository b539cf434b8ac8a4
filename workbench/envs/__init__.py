"""Adapters for reinforcement-learning and game-search frameworks (see ``docs/rl.md``)."""
