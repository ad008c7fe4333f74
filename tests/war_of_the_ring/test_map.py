"""The War of the Ring map [WR §5]: data/map.toml and data/places.toml, read by mapdata.

Cited as [WR §n] (the specification, shared/rules/war-of-the-ring-variant.md) and [S §Vn]
(the seed's sections).  The spec's own tables are copied verbatim below, so that every hex of
the data files is checked against them, not just a few.
"""

from __future__ import annotations

import heapq
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from ringwar.core import hexes as hx
from ringwar.core.hexmap import HexMap
from ringwar.systems.war_of_the_ring.mapdata import (
    DATA_DIR,
    MapDataError,
    WarMap,
    load_map,
    load_map_from,
)

M = load_map()


def rule(section: str) -> pytest.MarkDecorator:
    return pytest.mark.rule("war-of-the-ring", section)


# The specification's tables [WR §5.2, §5.3, §5.6], copied verbatim.
TERRAIN_GRID = """
01  ...^............hhhh..h^^^^^^^^.........
02  ...^............hhhh...............h.h..
03  ...^.............h.h.....f.f.f..h.hhhh..
04  ...^.....o.......hhh.....ffffffo..h.h...
05  ...^.......hhh...hhh.....ffffff.........
06  ....^......hhh...hhh.....ffffff.........
07  ....^............h.......ffffff.........
08  ...~..h.......h..hh......ffffff.........
09  .~~...........h...h......fffff..........
10  ~.........hf.............fffff..........
11  .........................fffff..........
12  .^.......................fffff..........
13  ~^.......................fffff..........
14  ^~...................h...ffff....o.o....
15  ^~~~..................f..fff.....oooo...
16  ^~~~~..f.......w.........h.......oooo...
17  ~~~~~~..f.....w.........hhh.............
18  ~~~~~~~~......hhhh.fff..h.hh............
19  ~~~~~~~~~~.....hhh.fff....hh............
20  ~~~~~~~~~~~....hh...f.....hhw^^^........
21  ~~~~~~~~~~~~...............w..h^^^^^^...
22  ~~~~~~~~~~~~~...............f^.hhhhhh...
23  ~~~~~~~~~~~~~~....h..h....f.ff^hhhhhh...
24  ~~~~~~~~~~~~~~...^^^.^.^.^^...hhhhh.....
25  ~~~~~~~~~~~~~~~.^...^.^.^...ff^hh..o....
26  ~~~~~~~~~~~~~~~^^...........ff^...o.....
27  ~~~~~~~~~~~~~~~~.............f^.........
28  ~~~~~~~~~~~~~~~~~~.~..........^^^^^^^...
29  ~~~~~~~~~~~~~~~~~~~~~~...~...w..........
30  ~~~~~~~~~~~~~~~~~~~~~~.~~~~~w....h.h.h.h
31  ~~~~~~~~~~~~~~~~~~~~~~~~~~~.....hhhhhhhh
32  ~~~~~~~~~~~~~~~~~~~~~~~~~.......hhhhhhhh
33  ~~~~~~~~~~~~~~~~~~~~~~~~........hhhhhhhh
"""

AREA_GRID = """
01  AAACCCCCCCCCCCCEEEEEFFFFMMMMMMMMMMMMMMMM
02  AAAACCCCCCCCCCCEEEEEFFFFMMMMMMMMMMMMMMMM
03  AAAACCCCCCCCCCCEEEEEFFFMMMMMMMMMMMMMMMMM
04  AAAACCCCCCCCCCCEEEEFFFMMMMMMMMMMMMMMMMMM
05  AAAAAACBCCCCCCCEEEEFFFFMMMMMMMMMMMMMMMMW
06  AAAAAABBBBCCCCCEEEEEFFFMMMMMMMMMMMMMMWWW
07  AAAAABBBBBBCCCCEEEEEFFMMMMMLMMMMMMMMWWWW
08  AAA~ABBBBBBCCCCCEEEEFFMMMLLLLLMMMMMWWWWW
09  A~~ABBBBBBBCCCCCEEEEEMMMMLLLLLLWWWWWWWWW
10  ~AAAABBBBBBCCCCEEEEFFFMMMLLLLLLLWWWWWWWW
11  AAAAABBBBBBCCCCEEEEFFFMMMLLLLLLLWWWWWWWW
12  AAAAABBBBDDDDDCEEEFFFFMMMLLLLLLLWWWWWWWW
13  ~AAAADDDDDDDDDEFEFFFFFMMLLLLLLLLWWWWWWWW
14  A~AAADDDDDDDDDDFFFFFFFKKLLLLLLLLLWWWWWWW
15  A~~~DDDDDDDDDDDDFFFFFKKKLKKLLLLLLWWWWWWW
16  A~~~~DDDDDDDDDDDFFFFFKKKKKKKLLLQLWWWWWWW
17  ~~~~~~DDDDDDDDDGGGHHHHKKKKKQQQQQQWWWWWWW
18  ~~~~~~~~DDDDDGGGGGHHHHHJKKQQQQQQWWWWWWWW
19  ~~~~~~~~~~DDDDGGGGHHHHJJJQQQQQQQWWWWWWWW
20  ~~~~~~~~~~~DDDDGGGGIHJJJJJQQQRRRWWWWWWWW
21  ~~~~~~~~~~~~DDDGGGIIIJJJJJQNQRRRRRRRRWWW
22  ~~~~~~~~~~~~~DDGGIIIIIJJJNNNORRRRRRRSWWW
23  ~~~~~~~~~~~~~~DGGIIIIIJJJNNNOORRRRRRSXXX
24  ~~~~~~~~~~~~~~GGGIIPIIIJNNNNORRRRRRSSXXX
25  ~~~~~~~~~~~~~~~PPPPPPPIPPPNPOORRRSSSSXXX
26  ~~~~~~~~~~~~~~~PPPPPPPPPPPPPOORSSSSSSXXX
27  ~~~~~~~~~~~~~~~~PPPPPPPPPPPPPPRSSSSSSXXX
28  ~~~~~~~~~~~~~~~~~~P~PPPPPPPTPTRSSSSSSXXX
29  ~~~~~~~~~~~~~~~~~~~~~~PPP~TTTTTTTXXXXXXX
30  ~~~~~~~~~~~~~~~~~~~~~~P~~~~~TTTTVVXXXXXX
31  ~~~~~~~~~~~~~~~~~~~~~~~~~~~TTTTVVVVVVVXV
32  ~~~~~~~~~~~~~~~~~~~~~~~~~UUUTTTTVVVVVVVV
33  ~~~~~~~~~~~~~~~~~~~~~~~~UUUUTTTVVVVVVVVV
"""

PLACES_TABLE = """
Grey Havens | 0508 | A | clear | OBJ; ID 20; M+4 Elves; sanctuary
Harlond | 0210 | A | clear | M+4 Elves (§V18)
Far Downs | 0708 | B | rough | G2
Michel Delving | 0909 | B | clear | G2
Hobbiton | 1008 | B | clear | OBJ; G2
Bywater | 1009 | B | clear | G2
Buckland | 1109 | B | clear | G2
Bree | 1309 | C | clear | OBJ; G2
Fornost | 1306 | C | rough | G2
Weathertop | 1509 | C | rough | Eye; Mag
Tharbad | 1416 | D | clear |
Rivendell | 2008 | E | clear | OBJ; ID 20; Mag; M+4 Elves; sanctuary (§10.6)
Mount Gundabad | 2301 | F | rough |
Moria | 2214 | F | rough | Eye: Balrog (fixed); Mag
Lorien | 2315 | K | forest | OBJ; ID 20; Mag: Phial of Galadriel (fixed); Mag; sanctuary
Dol Guldur | 2613 | L | forest | OBJ; ID 5; C×2
Thranduil's Palace | 2905 | M | forest | OBJ; C×2 (T)
Esgaroth | 3205 | M | clear | OBJ
Erebor | 3303 | M | rough | C×2; Mag
Isengard | 1820 | G | clear | OBJ; ID 20; C×2
Fords of Isen (west) | 1722 | G | clear | G2
Fords of Isen (east) | 1822 | I | clear | G2
Helm's Deep | 1923 | I | rough | OBJ; C×2; G2
Edoras | 2222 | I | clear | OBJ; G2; Mag: Shadowfax (fixed)
Dunharrow | 2223 | I | rough | G2; Paths of the Dead entrance
Erech | 2025 | P | clear | Paths of the Dead exit
Aldburg | 2422 | J | clear |
Minas Tirith | 2824 | N | clear | OBJ; ID 5; C×4; Mag
Osgiliath | 2924 | O | clear |
Cair Andros | 2822 | N | clear |
Henneth Annun | 3023 | O | forest | Mag
Minas Morgul | 3024 | R | clear | OBJ; C×2
Cirith Ungol | 3124 | R | rough | C×2; Eye: Shelob (fixed)
Morannon | 3021 | R | clear | ID 10; C×2
Durthang | 3121 | R | rough | OBJ; C×2
Udun | 3122 | R | clear | OBJ; armies may end here (§V20)
Mount Doom | 3324 | R | rough | §V17 restriction; the Ring is destroyed here
Barad-dur | 3523 | R | rough | OBJ; ID 40; C×4
Nurn | 3427 | S | clear | exempt from §V20
Pelargir | 2927 | P | clear | OBJ
Linhir | 2528 | P | clear | OBJ
Dol Amroth | 2329 | P | clear | OBJ; C×2
Umbar | 2632 | U | clear | OBJ; C×2
Near Harad | 3030 | T | clear |
Far Harad | 3433 | V | rough |
Khand | 3829 | X | clear |
Rhun | 3816 | W | clear |
Fangorn | 2119 | H | forest | Mag
Dunland | 1618 | G | rough | Eye
Dale | 3304 | M | clear |
Iron Hills | 3703 | M | rough |
Carrock | 2404 | M | clear |
Barrow-downs | 1110 | B | rough | Eye; Mag
Druadan Forest | 2723 | N | forest |
Moria West-Gate | 2114 | F | clear | Eye
Old Forest | 1210 | C | forest | Eye
Trollshaws | 1808 | E | rough | Eye; Mag
Mirkwood (Forest Road) | 2807 | L | forest | Eye
Dead Marshes | 2920 | Q | marsh | Eye
Emyn Muil | 2718 | Q | rough | Eye
Brown Lands | 2617 | K | rough | Eye
"""

AREA_COUNTS = {
    "A": ("Lindon", 62),
    "B": ("The Shire", 40),
    "C": ("Arnor & Bree-land", 81),
    "D": ("Minhiriath & Enedwaith", 75),
    "E": ("Rivendell & Rhudaur", 55),
    "F": ("Misty Mountains & Hollin", 58),
    "G": ("Dunland & Isengard", 26),
    "H": ("Fangorn", 14),
    "I": ("Westfold (Rohan)", 20),
    "J": ("Eastemnet & Wold (Rohan)", 21),
    "K": ("Lorien & Brown Lands", 21),
    "L": ("South Mirkwood", 61),
    "M": ("North Mirkwood & Dale", 133),
    "N": ("Anorien (Gondor)", 12),
    "O": ("Ithilien (Gondor)", 8),
    "P": ("South Gondor", 52),
    "Q": ("Dagorlad & Emyn Muil", 25),
    "R": ("Mordor (Udun, Gorgoroth, Morgul Vale)", 36),
    "S": ("Nurn & Lithlad (Mordor)", 26),
    "T": ("Harondor & Near Harad", 24),
    "U": ("Umbar", 7),
    "V": ("Far Harad", 27),
    "W": ("Rhun", 112),
    "X": ("Khand", 32),
}

AREA_PLACES = {
    "A": ('Grey Havens', 'Harlond'),
    "B": ('Far Downs', 'Michel Delving', 'Hobbiton', 'Bywater', 'Buckland', 'Barrow-downs'),
    "C": ('Bree', 'Fornost', 'Weathertop', 'Old Forest'),
    "D": ('Tharbad',),
    "E": ('Rivendell', 'Trollshaws'),
    "F": ('Mount Gundabad', 'Moria', 'Moria West-Gate'),
    "G": ('Isengard', 'Fords of Isen (west)', 'Dunland'),
    "H": ('Fangorn',),
    "I": ('Fords of Isen (east)', "Helm's Deep", 'Edoras', 'Dunharrow'),
    "J": ('Aldburg',),
    "K": ('Lorien', 'Brown Lands'),
    "L": ('Dol Guldur', 'Mirkwood (Forest Road)'),
    "M": ("Thranduil's Palace", 'Esgaroth', 'Erebor', 'Dale', 'Iron Hills', 'Carrock'),
    "N": ('Minas Tirith', 'Cair Andros', 'Druadan Forest'),
    "O": ('Osgiliath', 'Henneth Annun'),
    "P": ('Erech', 'Pelargir', 'Linhir', 'Dol Amroth'),
    "Q": ('Dead Marshes', 'Emyn Muil'),
    "R": ('Minas Morgul', 'Cirith Ungol', 'Morannon', 'Durthang', 'Udun', 'Mount Doom', 'Barad-dur'),
    "S": ('Nurn',),
    "T": ('Near Harad',),
    "U": ('Umbar',),
    "V": ('Far Harad',),
    "W": ('Rhun',),
    "X": ('Khand',),
}

CODES = {".": "clear", "h": "rough", "f": "forest", "w": "marsh", "^": "mountain", "~": "sea",
         "o": "lake"}


def grid(text: str) -> dict[str, str]:
    out = {}
    for line in text.strip().splitlines():
        r, cells = int(line[:2]), line[4:]
        for c, ch in enumerate(cells, 1):
            out[hx.hex_id(c, r)] = ch
    return out


def places_table() -> list[tuple[str, str, str, str, str]]:
    rows = []
    for line in PLACES_TABLE.strip().splitlines():
        name, h, area, terrain, features = (x.strip() for x in (line + " ").split("|"))
        rows.append((name, h, area, terrain, features))
    return rows


def cheapest(start: str, goal: str, mover: str, *, open_passes: bool = False,
             via: set[str] | None = None) -> tuple[float, list[str]] | None:
    """Cheapest path by move_cost alone (Dijkstra), optionally only through ``via`` hexes."""
    best = {start: 0.0}
    back: dict[str, str] = {}
    todo = [(0.0, start)]
    while todo:
        d, h = heapq.heappop(todo)
        if h == goal:
            path = [h]
            while path[-1] != start:
                path.append(back[path[-1]])
            return d, path[::-1]
        if d > best[h]:
            continue
        for n in M.adjacent(h):
            if via is not None and n not in via and n != goal:
                continue
            c = M.move_cost(h, n, mover, open_passes=open_passes)
            if c is not None and d + c < best.get(n, float("inf")):
                best[n], back[n] = d + c, h
                heapq.heappush(todo, (d + c, n))
    return None


def crossed(path: list[str]) -> set[str]:
    return {hx.hexside(a, b) for a, b in zip(path, path[1:])}


# ----------------------------------------------------------------------------- §4 hexes

@rule("§4")
def test_4_sheet_is_40_columns_by_33_rows_with_0101_top_left():
    assert (M.hexmap.spec.map.columns, M.hexmap.spec.map.rows) == (40, 33)
    assert len(M.hexes) == 1320
    assert "0101" in M and "4033" in M and "4034" not in M and "0001" not in M


@rule("§4")
def test_4_neighbours_are_the_specs_list_in_direction_order_for_every_hex():
    """[WR §4]: odd c: (c,r-1) (c+1,r-1) (c+1,r) (c,r+1) (c-1,r) (c-1,r-1); even c: (c,r-1)
    (c+1,r) (c+1,r+1) (c,r+1) (c-1,r+1) (c-1,r) -- ringwar.core.hexes, directions 1-6."""
    for h in M.hexes:
        c, r = hx.col_row(h)
        if c % 2:
            spec = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
        else:
            spec = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
        for d, (cc, rr) in enumerate(spec, 1):
            assert hx.neighbour(h, d) == hx.hex_id(cc, rr)
        on_map = {hx.hex_id(cc, rr) for cc, rr in spec if 1 <= cc <= 40 and 1 <= rr <= 33}
        assert set(M.adjacent(h)) == on_map


@rule("§4")
def test_4_the_seeds_gorgoroth_hexes_are_aliases_of_3223_and_3423():
    assert M.hex_of("E0829") == "3223" and M.hex_of("E1029") == "3423"
    assert M.hex_of("3324") == "3324"
    assert {"3223", "3423"} <= M.region("gorgoroth").hexes
    with pytest.raises(KeyError):
        M.hex_of("E9999")


# ----------------------------------------------------------------------------- §5.1 TEC

@rule("§5.1")
def test_5_1_terrain_costs_and_shifts_per_mover():
    fx = {t: (M.terrain_effect(t).army, M.terrain_effect(t).character, M.terrain_effect(t).shift)
          for t in ("clear", "rough", "forest", "marsh", "mountain", "sea", "lake")}
    assert fx == {"clear": (1, 1, 0), "rough": (2, 2, -1), "forest": (2, 2, -1),
                  "marsh": (3, 2, -1), "mountain": (None, None, 0), "sea": (None, None, 0),
                  "lake": (None, None, 0)}
    assert M.road_cost == 0.5 and M.river_shift == -1
    assert M.defence_shift("2315") == -1 and M.defence_shift("2824") == 0


@rule("§5.1")
def test_5_1_step_costs_terrain_road_and_minor_rivers():
    assert M.move_cost("2823", "2824", "army") == 0.5                  # Great West Road
    assert M.move_cost("2725", "2824", "army") == 1                    # clear, off-road
    assert M.move_cost("2920", "2921", "army") == 0.5                  # Rhun road into 2921
    assert M.terrain("2920") == "marsh"
    assert M.move_cost("2919", "2920", "army") == 3 and M.move_cost("2919", "2920", "character") == 2
    assert M.move_cost("0301", "0401", "army") is None                 # into mountain
    assert M.move_cost("0101", "0303", "army") is None                 # not adjacent
    # Brandywine: +1 off-road, 0 where the Great East Road crosses (1009/1109)
    assert M.hexside("1008", "1108").river == "Brandywine" and not M.road("1008", "1108")
    assert M.move_cost("1008", "1108", "army") == 2
    assert M.move_cost("1009", "1109", "army") == 0.5


@rule("§5.1")
def test_5_1_the_anduin_armies_only_at_the_five_crossings_characters_anywhere_at_plus_2():
    # an ordinary Anduin hexside
    assert M.hexside("2412", "2413").kind == "great-river"
    assert M.move_cost("2412", "2413", "army") is None
    assert M.move_cost("2412", "2413", "character") == 1 + 2
    # fords +1, the Osgiliath bridge 0, the Old Ford 0 by the Old Forest Road
    assert M.move_cost("2415", "2515", "army") == 1 + 1                 # Egladil ferry, clear
    assert M.move_cost("2822", "2922", "army") == M.terrain_cost("2922", "army") + 1
    assert M.move_cost("2824", "2924", "army") == 0.5                   # bridge, by road
    assert M.move_cost("2307", "2407", "army") == 0.5                   # Old Ford by road
    assert M.move_cost("2304", "2404", "character") == 1 + 1            # Carrock ford


@rule("§5.1")
def test_5_1_the_wall_passes_and_the_moria_tunnel():
    assert M.move_cost("2107", "2207", "character") is None             # the wall
    assert M.move_cost("2114", "2214", "army") == 2 + 2                 # tunnel into rough Moria
    for a, b in (("2108", "2207"), ("2113", "2213"), ("2201", "2301")):
        assert M.move_cost(a, b, "army") is None                        # closed [S §V21]
        assert M.move_cost(a, b, "character") is None
    # once open: the High Pass for all, along its road (½ + 2) [R-HIGH-PASS-IS-MISTY-PASSES]
    assert M.move_cost("2108", "2207", "army", open_passes=True) == 0.5 + 2
    # Caradhras and Gundabad for characters only, at pass cost [S §V21]
    assert M.move_cost("2113", "2213", "army", open_passes=True) is None
    assert M.move_cost("2113", "2213", "character", open_passes=True) == 1 + 2
    assert M.move_cost("2201", "2301", "character", open_passes=True) == 2 + 2
    with pytest.raises(ValueError):
        M.move_cost("2823", "2824", "nazgul")


# ----------------------------------------------------------------------------- §5.2 grid

@rule("§5.2")
def test_5_2_every_hex_has_the_terrain_of_the_specs_grid():
    spec = grid(TERRAIN_GRID)
    assert len(spec) == 1320
    wrong = {h: (CODES[ch], M.terrain(h)) for h, ch in spec.items() if M.terrain(h) != CODES[ch]}
    assert wrong == {}
    assert Counter(M.terrain(h) for h in M.hexes)["sea"] == sum(
        ch == "~" for ch in spec.values())


@rule("§5.2")
def test_5_2_map_toml_is_a_plain_hexmap_the_renderer_can_read():
    hm = HexMap.from_toml(DATA_DIR / "map.toml")
    assert hm.terrain("3324") == "rough" and hm.terrain("0101") == "clear"
    assert hm.terrain("2014") == "clear" and hm.terrain("0401") == "mountain"


# ----------------------------------------------------------------------------- §5.3 places

@rule("§5.3")
def test_5_3_every_named_place_is_at_its_hex_with_its_area_terrain_and_features():
    rows = places_table()
    assert len(rows) == len(M.places) == 61
    for name, h, area, terrain, f in rows:
        p = M.place_named(name)
        assert M.place(h) is p, name
        assert (p.hex, p.area, p.terrain) == (h, area, terrain), name
        assert p.objective == ("OBJ" in f), name
        m = re.search(r"ID (\d+)", f)
        assert p.defence == (int(m[1]) if m else 0), name
        assert p.citadel == (4 if "C×4" in f else 2 if "C×2" in f else 1), name
        assert p.garrison == ("G2" in f), name
        assert p.sanctuary == ("sanctuary" in f), name
        eye = [s for s in p.sites if s.deck == "eye"]
        magic = [s for s in p.sites if s.deck == "magic"]
        assert len(eye) == f.count("Eye"), name
        assert len(magic) == f.count("Mag"), name
        for card in ("Balrog", "Shelob", "Shadowfax", "Phial of Galadriel"):
            assert (f"{card} (fixed)" in f) == any(s.card == card for s in p.sites), name
        assert ("elves-m4" in p.tags) == ("M+4 Elves" in f), name
        assert ("paths-entrance" in p.tags) == ("Paths of the Dead entrance" in f), name
        assert ("paths-exit" in p.tags) == ("Paths of the Dead exit" in f), name
        assert ("gorgoroth-exempt" in p.tags) == ("§V20" in f), name
        assert ("mount-doom" in p.tags) == ("§V17" in f), name


@rule("§5.3")
def test_5_3_twenty_objectives_held_6_by_sauron_1_by_saruman_13_by_the_free_peoples():
    objs = M.objectives
    assert len(objs) == 20
    owners = {o: sorted(p.name for p in objs if p.owner == o) for o in ("sauron", "saruman", "free")}
    assert owners["sauron"] == sorted(["Barad-dur", "Dol Guldur", "Minas Morgul", "Durthang",
                                       "Udun", "Umbar"])
    assert owners["saruman"] == ["Isengard"]
    assert len(owners["free"]) == 13
    assert all(p.owner is None for p in M.places.values() if not p.objective)


@rule("§5.3")
def test_5_3_citadels_mighty_thranduil_and_the_rest():
    mighty = sorted(p.name for p in M.places.values() if p.citadel == 4)
    assert mighty == ["Barad-dur", "Minas Tirith"]                      # [S §V15]
    assert M.place_named("Thranduil's Palace").citadel == 2             # [S §V16]
    assert M.place("3523").kind == "mighty-citadel" and M.place("1820").kind == "citadel"
    assert M.place("3205").kind == "objective" and M.place("1416").kind == "place"
    assert M.place("0101") is None
    garrison = {p.name for p in M.places.values() if p.garrison}
    assert garrison == {"Bree", "Fords of Isen (west)", "Fords of Isen (east)", "Bywater",
                        "Fornost", "Buckland", "Helm's Deep", "Dunharrow", "Hobbiton",
                        "Edoras", "Michel Delving", "Far Downs"}    # [S §V12] via [WR §10.2.6]


# ----------------------------------------------------------------------------- §5.4 hexsides

SPEC_SIDES = {  # line -> (count, a few of its hexsides)  [WR §5.4]
    "Brandywine": (31, ["0716/0816", "1010/1111"]), "Bruinen": (19, ["1612/1713", "2006/2107"]),
    "Entwash": (13, ["2219/2220", "2821/2822"]), "Forest River": (9, ["2804/2805", "3204/3205"]),
    "Gilrain": (7, ["2326/2426", "2428/2529"]), "Greyflood": (35, ["1218/1319", "1806/1907"]),
    "Harnen": (8, ["2931/3031", "3330/3331"]), "Isen": (11, ["1524/1624", "1821/1922"]),
    "Lune": (16, ["0507/0607", "0702/0802"]), "Morthond": (8, ["2026/2126", "2228/2329"]),
    "Poros": (4, ["3028/3029", "3128/3228"]), "Redwater": (18, ["3411/3512", "3607/3708"]),
    "Running River": (22, ["3203/3304", "3413/3514"]),
    "Silverlode": (5, ["2214/2215", "2415/2416"]),
}


@rule("§5.4")
def test_5_4_the_misty_mountains_wall_42_hexsides_with_three_passes_and_the_tunnel():
    wall = [s for s in M.hexsides() if s.wall]
    assert len(wall) == 42
    assert {s.key for s in M.hexsides("pass")} == {"2108/2207", "2113/2213", "2201/2301"}
    assert M.pass_at("2207", "2108").name == "High Pass"
    assert M.passes["High Pass"].open_to == {"army", "character"}
    assert M.passes["Caradhras (Redhorn Gate)"].open_to == {"character"}
    assert M.passes["Mount Gundabad"].open_to == {"character"}
    assert [s.key for s in M.hexsides("tunnel")] == ["2114/2214"]
    assert {"1819/1920", "2205/2306", "2017/2118"} <= {s.key for s in wall}


@rule("§5.4")
def test_5_4_the_anduin_65_hexsides_with_five_crossings_from_2301_to_the_sea():
    anduin = [s for s in M.hexsides() if s.river == "Anduin"]
    assert len(anduin) == 65
    crossings = {s.key: (s.name, s.crossing) for s in anduin if s.crossing}
    assert crossings == {"2304/2404": ("Carrock ford", "ford"), "2307/2407": ("Old Ford", "ford"),
                         "2415/2515": ("Egladil ferry", "ford"),
                         "2822/2922": ("Cair Andros ford", "ford"),
                         "2824/2924": ("Osgiliath bridge", "bridge")}
    keys = {s.key for s in anduin}
    assert {"2301/2401", "2929/2930", "2829/2930"} <= keys
    assert M.terrain("2830") == "sea"


@rule("§5.4")
def test_5_4_minor_rivers_hexside_counts_and_ends():
    rivers = Counter(s.river for s in M.hexsides("river"))
    assert rivers == {k: n for k, (n, _) in SPEC_SIDES.items()}
    for name, (_n, keys) in SPEC_SIDES.items():
        for k in keys:
            a, b = k.split("/")
            assert M.hexside(b, a).river == name and M.hexside(a, b).kind == "river"
    assert len(M.hexsides()) == 42 + 65 + sum(rivers.values())


@rule("§5.4")
def test_5_4_road_bridges_and_fords_are_exactly_the_roads_that_cross_a_river():
    bridges = {s.key for s in M.hexsides() if s.road and s.river}
    assert bridges == {"0508/0607", "1009/1109", "1416/1417", "1708/1808", "1722/1822",
                       "1908/2008", "2307/2407", "2428/2528", "2824/2924", "3028/3029",
                       "3030/3131", "3205/3305", "3303/3304"}
    # the only road over the wall is the High Pass
    assert {s.key for s in M.hexsides() if s.road and s.wall} == {"2108/2207"}


# ----------------------------------------------------------------------------- §5.5 roads

SPEC_ROADS = {  # name -> (first, last, length)  [WR §5.5]
    "Great East Road": ("0508", "2008", 16), "Hobbiton lane": ("1008", "1009", 2),
    "High Pass & Old Forest Road": ("2008", "3205", 13),
    "Greenway & Great West Road": ("1306", "2824", 31), "Isengard road": ("1820", "1722", 3),
    "Helm's road": ("1923", "2022", 2), "Dunharrow road": ("2222", "2223", 2),
    "Osgiliath & Morgul road": ("2824", "3024", 3), "North Ithilien road": ("2924", "3021", 4),
    "South road": ("2824", "2927", 4), "Coast road": ("2927", "2329", 7),
    "Harad road": ("2924", "3433", 13), "Umbar road": ("3030", "2632", 5),
    "Udun road": ("3021", "3523", 6), "Morgul pass road": ("3024", "3523", 7),
    "Nurn road": ("3523", "3427", 6), "Rhun road": ("3021", "3816", 12),
    "Khand road": ("3427", "3829", 7), "Dale road": ("3205", "3303", 4),
}


@rule("§5.5")
def test_5_5_every_road_is_a_chain_of_adjacent_land_hexes_as_listed():
    assert {n: (c[0], c[-1], len(c)) for n, c in M.roads.items()} == SPEC_ROADS
    for name, chain in M.roads.items():
        for a, b in zip(chain, chain[1:]):
            assert hx.direction_to(a, b) is not None, (name, a, b)
            assert M.road(a, b) and M.road(b, a)
        assert all(M.terrain_cost(h, "army") is not None for h in chain), name


@rule("§5.5")
def test_5_5_the_roads_form_one_network():
    road_hexes = {h for c in M.roads.values() for h in c}
    seen, todo = {"0508"}, ["0508"]
    while todo:
        h = todo.pop()
        for n in M.adjacent(h):
            if n not in seen and M.road(h, n):
                seen.add(n)
                todo.append(n)
    assert seen == road_hexes


# ----------------------------------------------------------------------------- §5.6 areas

@rule("§5.6")
def test_5_6_every_land_hex_is_in_exactly_the_area_of_the_specs_grid():
    spec = grid(AREA_GRID)
    for h, ch in spec.items():
        assert M.search_area(h) == (None if ch == "~" else ch), h
        assert (ch == "~") == (M.terrain(h) == "sea"), h
    # one area per hex: the areas partition the non-sea hexes
    union = [h for a in M.areas.values() for h in a.hexes]
    assert len(union) == len(set(union)) == sum(M.is_land(h) for h in M.hexes)


@rule("§5.6")
def test_5_6_area_names_sizes_and_places():
    assert {a.letter: (a.name, len(a.hexes)) for a in M.areas.values()} == AREA_COUNTS
    for letter, names in AREA_PLACES.items():
        assert {p.name for p in M.places.values() if p.area == letter} == set(names), letter


# ----------------------------------------------------------------------------- §5.7 regions

@rule("§5.7")
def test_5_7_regions_made_of_areas():
    A = M.areas
    assert M.region("shire").hexes == A["B"].hexes
    assert M.region("rohan").hexes == A["I"].hexes | A["J"].hexes
    assert M.region("gondor").hexes == A["N"].hexes | A["O"].hexes | A["P"].hexes
    assert M.region("mordor").hexes == A["R"].hexes | A["S"].hexes
    for rid, letter in (("far-harad", "V"), ("khand", "X"), ("rhun", "W"), ("umbar", "U")):
        assert M.region(rid).hexes == A[letter].hexes
    for place in ("Morannon", "Durthang", "Udun", "Cirith Ungol", "Minas Morgul"):
        assert "mordor" in M.regions_at(M.place_named(place).hex), place


@rule("§5.7")
def test_5_7_gorgoroth_udun_nurn_isengard_and_the_sanctuaries():
    gorgoroth = M.region("gorgoroth").hexes
    assert len(gorgoroth) == 16 and {"3324", "3523"} <= gorgoroth
    assert gorgoroth <= M.region("mordor").hexes
    assert M.region("udun").hexes == {"3122"} and "3122" not in gorgoroth
    nurn = M.region("nurn").hexes
    assert len(nurn) == 18 and "3427" in nurn and not nurn & gorgoroth
    assert M.region("isengard").hexes == {"1820"}
    assert M.regions_at("3324") == {"mordor", "gorgoroth"}
    assert M.in_region("3122", "udun") and not M.in_region("3122", "gorgoroth")
    assert M.sanctuaries == {"2008", "2315", "0508"}


@rule("§5.7")
def test_5_7_west_of_the_anduin_is_the_specs_list_of_542_hexes():
    west = M.region("west-of-anduin").hexes
    spec = {h for h in M.hexes if M.search_area(h) in set("ABCDEGHIJN")}
    spec |= {h for h in M.area("F").hexes if h not in ("2401", "2402")}
    spec |= {h for h in M.area("P").hexes if h != "3027"}
    spec |= set("2215 2216 2314 2315 2316 2317 2414 2415 2416 2417 2517 2518 2618 "
                "2209 2304 2307 2308 2309 2310 2311 2312 2313 2413 "
                "2619 2720 2721 2729 2828 2829 2929".split())
    spec = {h for h in spec if M.terrain(h) != "lake"}
    assert len(west) == 542 and west == spec
    assert "0508" in west and "2824" in west and "2924" not in west and "3523" not in west


# ----------------------------------------------------------------------------- §5.8 sites

@rule("§5.8")
def test_5_8_eye_and_magic_sites_and_palantir_boxes():
    fixed = {(s.deck, s.card): s.hex for s in M.sites if s.card}
    assert fixed == {("eye", "Balrog"): "2214", ("eye", "Shelob"): "3124",
                     ("magic", "Shadowfax"): "2222", ("magic", "Phial of Galadriel"): "2315"}
    eye = sorted(s.hex for s in M.sites if s.deck == "eye" and s.card is None)
    magic = sorted(s.hex for s in M.sites if s.deck == "magic" and s.card is None)
    assert eye == sorted("2114 1110 1210 1509 1808 2807 2920 2718 1618 2617".split())
    assert magic == sorted("2008 2315 2214 1110 1808 2119 3303 2824 3023 1509".split())
    assert len(M.sites_at("2315")) == 2          # the Phial and a dealt Magic card
    assert dict(M.palantir_boxes) == {"Orthanc": "1820", "Anor": "2824", "Ithil": "3523"}
    assert M.place("1820").palantir == "Orthanc"


# ----------------------------------------------------------------------------- §5.9 routes

@rule("§5.9")
def test_5_9_fellowship_south_route_is_walkable_with_the_passes_closed():
    legs = [("2008", "2114"), ("2114", "2214"), ("2214", "2315"), ("2315", "2617"),
            ("2617", "2718"), ("2718", "2920"), ("2920", "3021"), ("3021", "3024"),
            ("3024", "3124"), ("3124", "3324")]
    for a, b in legs:
        assert cheapest(a, b, "character") is not None, (a, b)
    # Hollin, west of the wall, then the tunnel: no pass is needed
    _d, path = cheapest("2008", "2214", "character")
    assert "2114/2214" in crossed(path)
    # the Fellowship's armies? no -- but army units too can take the Egladil ferry
    _d, path = cheapest("2315", "2617", "army")
    assert "2415/2515" in crossed(path)
    # or through Ithilien instead of the Morannon: outside Mordor until Minas Morgul
    outside = {h for h in M.hexes if not M.in_region(h, "mordor")}
    _d, path = cheapest("2920", "3024", "character", via=outside)
    assert "3021" not in path and {"2924", "3023"} & set(path)


@rule("§5.9")
def test_5_9_pass_route_needs_the_high_pass_open_then_the_old_ford():
    assert M.move_cost("2108", "2207", "character") is None
    d, path = cheapest("2008", "2407", "army", open_passes=True)
    assert {"2108/2207", "2307/2407"} <= crossed(path)
    assert path == list(M.roads["High Pass & Old Forest Road"][:5])
    assert d == 4 * 0.5 + 2               # along the road, plus the pass
    # with the passes closed an army can still get there, the long way round
    d2, path2 = cheapest("2008", "2407", "army")
    assert "2108/2207" not in crossed(path2) and d2 > d


@rule("§5.9")
def test_5_9_roads_that_matter():
    def along(road: str, *stops: str) -> None:
        chain = list(M.roads[road])
        idx = [chain.index(s) for s in stops]
        assert idx == sorted(idx) or idx == sorted(idx, reverse=True), road

    along("Greenway & Great West Road", "1416", "1722", "1822", "2222")   # Gap of Rohan
    along("Harad road", "3433", "3030", "2924")
    along("Rhun road", "3816", "3021")
    along("Khand road", "3829", "3427")
    assert M.place("2223").tags == {"paths-entrance"} and M.place("2025").tags == {"paths-exit"}
    # the Minas Tirith front: the Osgiliath bridge and the Cair Andros ford
    assert M.hexside("2824", "2924").crossing == "bridge"
    assert M.hexside("2822", "2922").crossing == "ford"


# ----------------------------------------------------------------------------- damaged data

def _damaged(tmp_path: Path, file: str, old: str, new: str, count: int = 1) -> WarMap:
    for f in ("map.toml", "places.toml"):
        shutil.copy(DATA_DIR / f, tmp_path / f)
    p = tmp_path / file
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, count), encoding="utf-8")
    return load_map_from(tmp_path / "map.toml", tmp_path / "places.toml")


def test_the_undamaged_copies_load(tmp_path: Path):
    m = _damaged(tmp_path, "map.toml", "columns = 40", "columns = 40")
    assert m.place("2824").name == "Minas Tirith"


DAMAGE = [
    # (file, old, new, what the message must say)
    ("map.toml", 'rough = [\n  "', 'lava = ["0101"]\nrough = [\n  "', ["map.toml", "terrain.lava",
                                                                       "unknown terrain"]),
    ("map.toml", '"Bree" = "1309"', '"Bree" = "4134"', ["map.toml", "place Bree", "not on the map"]),
    ("map.toml", '"Bree" = "1309"', '"Bree" = "1309"\n"Bree" = "1310"', ["map.toml", "Bree"]),
    ("map.toml", '"Bree" = "1309"', '"Bree" = "1008"', ["map.toml", 'places."Bree"', "Hobbiton"]),
    ("map.toml", '"Bree" = "1309"', '"Bree" = "0101"\n"Archet" = "1409"',
     ["places.toml", "Archet", "no entry"]),
    ("map.toml", '"Harlond" = "0210"', '"Harlond" = "0110"', ["map.toml", "Harlond", "sea"]),
    ("map.toml", '"Hobbiton lane" = ["1008", "1009"]', '"Hobbiton lane" = ["1008", "1010"]',
     ["map.toml", "Hobbiton lane", "not adjacent"]),
    ("map.toml", '"Dale road" = ["3205"', '"Dale road" = ["3204", "3205"',
     ["map.toml", 'roads."Dale road"', "3204 is lake"]),
    ("map.toml", '"Hobbiton lane" = ["1008", "1009"]', '"Hobbiton lane" = ["2107", "2207"]',
     ["map.toml", "Hobbiton lane", "mountain hexside"]),
    ("map.toml", 'kind = "mountain", name = "Misty Mountains" }', 'kind = "cliff", name = "X" }',
     ["map.toml", "hexside[0]", "unknown hexside kind 'cliff'"]),
    ("map.toml", 'name = "Caradhras (Redhorn Gate)"', 'name = "Redhorn"',
     ["places.toml", "Caradhras", "no hexside of kind 'pass'"]),
    ("map.toml", '{ hexes = ["1918", "2018"], kind = "mountain"', '{ hexes = ["1918", "2118"], kind = "mountain"',
     ["map.toml", "1918/2118", "not adjacent"]),
    ("map.toml", "columns = 40", "columns = 41", ["map.toml", "not 40 columns x 33 rows"]),
    ("places.toml", '"Esgaroth" = { objective = true, owner = "free" }', '"Esgaroth" = { objective = true }',
     ["places.toml", 'places."Esgaroth"', "initial owner"]),
    ("places.toml", '"Esgaroth" = { objective = true, owner = "free" }', '"Esgaroth" = {}',
     ["places.toml", "19 objectives"]),
    ("places.toml", '"Esgaroth" = { objective = true, owner = "free" }',
     '"Esgaroth" = { objective = true, owner = "free", citadel = 3 }', ["places.toml", "Esgaroth.citadel"]),
    ("places.toml", '"Esgaroth" = { objective = true, owner = "free" }',
     '"Esgaroth" = { objective = true, owner = "free" }\n"Esgaroth" = {}', ["places.toml", "Esgaroth"]),
    ("places.toml", '"Weathertop" = {}', '"Weathertop" = {}\n"Amon Sul" = {}',
     ["places.toml", 'places."Amon Sul"', "no place of that name"]),
    ("places.toml", "01  AAAC", "01  ~AAC", ["places.toml", "areas.grid", "0101", "not sea"]),
    ("places.toml", "33  ~~~~", "33  A~~~", ["places.toml", "areas.grid", "0133", "is sea"]),
    ("places.toml", "01  AAAC", "01  ZAAC", ["places.toml", "areas.grid", "unknown area 'Z'"]),
    ("places.toml", "01  AAAC", "01  AAAAC", ["places.toml", "areas.grid", "row 01"]),
    ("places.toml", 'X = "Khand"', 'X = "Khand"\nY = "Nowhere"', ["places.toml", "areas.names.Y",
                                                                "no hex"]),
    ("places.toml", 'rohan = { name = "Rohan", areas = ["I", "J"] }',
     'rohan = { name = "Rohan", areas = ["I", "Y"] }', ["places.toml", "regions.rohan", "unknown area 'Y'"]),
    ("places.toml", 'udun = { name = "Udun", hexes = ["3122"] }',
     'udun = { name = "Udun", hexes = ["3122", "3122"] }', ["places.toml", "regions.udun.hexes[1]", "twice"]),
    ("places.toml", 'udun = { name = "Udun", hexes = ["3122"] }',
     'udun = { name = "Udun", hexes = ["0101"], areas = ["R"] }', ["places.toml", "regions.udun", "exactly one"]),
    ("places.toml", 'isengard = { name = "Isengard", hexes = ["1820"] }',
     'isengard = { name = "Isengard", hexes = ["0110"] }', ["places.toml", "regions.isengard.hexes[0]", "sea"]),
    ("places.toml", 'Balrog = "2214"', 'Balrog = "0401"', ["places.toml", "eye_fixed", "Balrog", "mountain"]),
    ("places.toml", 'eye_dealt = ["2114"', 'eye_dealt = ["9999", "2114"', ["places.toml", "eye_dealt[0]", "not on the map"]),
    ("places.toml", 'Orthanc = "1820"', 'Orthanc = "4100"', ["places.toml", "palantir_boxes.Orthanc"]),
    ("places.toml", 'E0829 = "3223"', 'E0829 = "3299"', ["places.toml", "aliases.E0829"]),
    ("places.toml", 'marsh = { army = 3,', 'marsh = { army = "three",', ["places.toml", "tec.terrain.marsh.army"]),
    ("places.toml", '"Mount Gundabad" = { open_to = ["character"] }', '"Mount Gundabad" = { open_to = ["nazgul"] }',
     ["places.toml", 'passes."Mount Gundabad".open_to[0]']),
    ("places.toml", '"Nurn" = { tags = ["gorgoroth-exempt"] }', '"Nurn" = { tags = ["doom"] }',
     ["places.toml", 'places.Nurn.tags[0]']),
    ("places.toml", '"Dol Guldur" = { objective = true, owner = "sauron"', '"Dol Guldur" = { objective = true, owner = "free"',
     ["places.toml", "Sauron holds 5 objectives"]),
]


@pytest.mark.parametrize("file,old,new,says", DAMAGE, ids=[d[3][-1][:40] for d in DAMAGE])
def test_damaged_data_is_refused_naming_the_file_and_the_key(tmp_path: Path, file: str, old: str,
                                                            new: str, says: list[str]):
    with pytest.raises(MapDataError) as info:
        _damaged(tmp_path, file, old, new)
    for s in says:
        assert s in str(info.value), (s, str(info.value))


def test_the_gorgoroth_exempt_tag_must_lie_in_udun_or_nurn(tmp_path: Path):
    with pytest.raises(MapDataError, match=r"places.toml: places.\"Nurn\".tags: gorgoroth-exempt"):
        _damaged(tmp_path, "map.toml", '"Nurn" = "3427"', '"Nurn" = "3225"')


def test_load_map_is_cached():
    assert load_map() is M


# ----------------------------------------------------------------------------- the picture

@rule("§5.2")
def test_every_terrain_and_hexside_kind_of_the_map_has_a_drawing_style():
    from ringwar.render import hexrender

    for t in {M.terrain(h) for h in M.hexes}:
        assert t in hexrender.TERRAIN_STYLES, t
    pic = M.picture_hexmap()
    fallback = "#7d3c98"  # the renderer's colour for a hexside kind it does not know
    for kind in {f["kind"] for f in pic.sides().values()}:
        g = hexrender._Geom(pic, 30.0, 0.0, 0.0)
        out: list = []
        hexrender._hexside_feature(g, "2304", "2404", {"kind": kind}, out)
        assert out and all(p.stroke != fallback for p in out), kind


@rule("§5.6")
def test_the_picture_outlines_the_search_areas_and_labels_places_and_objectives(tmp_path: Path):
    pic = M.picture_hexmap()
    borders = [k for k, f in pic.sides().items() if f["kind"] == "border"]
    assert borders
    for k in borders:
        a, b = k.split("/")
        assert M.search_area(a) != M.search_area(b) and M.hexside(a, b) is None
    labels = M.picture_labels()
    assert labels["\u2605 Minas Tirith \u00d74"] == ["2824"]
    assert labels["Erebor \u00d72"] == ["3303"] and labels["Weathertop"] == ["1509"]
    assert set(labels["R \u00b7 Mordor"]) == M.area("R").hexes
    out = M.render(tmp_path / "map.png", scale=0.4, hex_numbers=False)
    assert out.stat().st_size > 10_000
