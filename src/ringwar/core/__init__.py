"""Game-agnostic core: hexes, dice, maps, records and the engine contract."""
