"""Development support shared by tests/, benchmarks/ and scripts/ (not shipped in the wheel).

- :mod:`support.games`: seeded random games (positions, playouts, recorded replays).
- :mod:`support.voila_server`: start and stop a real voila server, open its page in chromium.
- :mod:`support.voila_leave`: leave a voila page as its tab is closed, until its kernel is gone.
- :mod:`support.screenshots`: the browser tests' pictures (screenshots/), at each width.
"""
