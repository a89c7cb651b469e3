"""Development support shared by tests/, benchmarks/ and scripts/ (not shipped in the wheel).

- :mod:`support.games`: seeded random games (positions, playouts, recorded replays).
- :mod:`support.voila_server`: start and stop a real voila server, open its page in chromium.
"""
