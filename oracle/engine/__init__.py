"""The reference rules engine: the Comprehensive Rules as code, and nothing else.

Each module is one subject of the rules: ``mana`` and ``production`` (mana, 106, 605),
``activation`` (602, 605), ``casting`` (601, 118), ``zones`` (400, 111, 707), ``triggers``
(603), ``sba`` (704), ``combat`` (506-511), ``characteristics`` (the layer system, 613),
``effects`` (608, 614-616), joined in ``game`` over the data model of ``state`` and ``base``.
Cards are data (``cards`` reads ``fixtures/cards/``, ``vocabulary`` the words an ability may use).

Nothing here knows about the suite, the contract, reports or other engines: the contract
speaks to this engine through :mod:`oracle.adapters.reference`.

>>> from oracle.engine.mana import ManaCost
>>> cost = ManaCost.parse("{2}{G}{G}")
>>> cost.generic, cost.symbols
(2, ('G', 'G'))
"""
