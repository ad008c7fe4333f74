"""The War of the Ring's data files [WR §3, §15] as loaded and validated by data.py: every table
spot-checked against the specification, the decks' sizes, every §15 [R] key in exactly one file,
and damaged files refused with the file and key named."""

from __future__ import annotations

import re
import shutil
from importlib import resources
from pathlib import Path

import pytest

from ringwar.systems.war_of_the_ring.data import (
    FILES,
    MAP_R_KEYS,
    R_KEYS,
    CrtResult,
    Definition,
    load,
    load_from,
)

rule = pytest.mark.rule

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(str(resources.files("ringwar.systems.war_of_the_ring") / "data"))
DOC = ROOT / "docs" / "war-of-the-ring-reconstructed.md"
SPEC_CANDIDATES = (ROOT.parent / "shared" / "rules" / "war-of-the-ring-variant.md",
                   Path("/work/shared/rules/war-of-the-ring-variant.md"))


@pytest.fixture(scope="module")
def d() -> Definition:
    return load()


def spec_text() -> str:
    for p in SPEC_CANDIDATES:
        if p.exists():
            return p.read_text(encoding="utf-8")
    pytest.skip("the specification page is not available here")


# --- loading ----------------------------------------------------------------------------------

@rule("war-of-the-ring", "§3")
def test_3_load_is_cached_and_equals_a_fresh_load(d: Definition) -> None:
    assert load() is d
    fresh = load_from(DATA)
    assert fresh is not d
    assert fresh.units == d.units and fresh.characters == d.characters
    assert fresh.values == d.values and fresh.key_files == d.key_files


@rule("war-of-the-ring", "§3")
def test_3_records_are_frozen(d: Definition) -> None:
    with pytest.raises(AttributeError):
        d.units["MOR-01"].strength = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        d.units["X"] = d.units["MOR-01"]  # type: ignore[index]
    with pytest.raises(TypeError):
        d.values["R-SP-CAP"]["cap"] = 99  # type: ignore[index]


# --- §15 every [R] key --------------------------------------------------------------------------

@rule("war-of-the-ring", "§15")
def test_15_the_key_list_is_the_specs() -> None:
    text = spec_text()
    section = text[text.index("## 15."):text.index("## 16.")]
    listed = re.findall(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*(?:-\*)?", section)
    keys = {k for k in listed if not k.endswith("-*")}
    assert keys == set(R_KEYS)
    assert {k[:-1] for k in listed if k.endswith("-*")} == {"R-OOB-", "R-VIS-"}
    assert len(R_KEYS) == len(set(R_KEYS))


def _where(key: str) -> set[str]:
    """Files whose text holds ``key`` as a table header [KEY] or as a cited key "KEY"."""
    out = set()
    for name in FILES:
        text = (DATA / name).read_text(encoding="utf-8")
        if re.search(rf"^\[{re.escape(key)}(\.[^\]]*)?\]", text, re.M):
            out.add(f"table:{name}")
        elif re.search(rf'"{re.escape(key)}"', text):
            out.add(f"cited:{name}")
    return out


@rule("war-of-the-ring", "§15")
def test_15_every_r_key_lives_in_exactly_one_file(d: Definition) -> None:
    for key in R_KEYS:
        if key in MAP_R_KEYS:
            assert key not in d.key_files, f"{key} belongs to the map's files"
            continue
        where = _where(key)
        tables = {w for w in where if w.startswith("table:")}
        homes = tables or where
        assert len(homes) == 1, f"{key}: {sorted(where)}"
        assert d.key_files[key] == next(iter(homes)).split(":")[1]


@rule("war-of-the-ring", "§15")
def test_15_map_keys_live_in_the_map_files() -> None:
    maps = [p for p in (DATA / "map.toml", DATA / "places.toml") if p.exists()]
    if not maps:
        pytest.skip("the map module's files are not in this tree")
    texts = {p.name: p.read_text(encoding="utf-8") for p in maps}
    for key in MAP_R_KEYS:
        holders = [n for n, t in texts.items() if key in t]
        # a map key may be split over the two map files (R-MAP-PLACES: the hexes in
        # map.toml, the features in places.toml); the loader refuses it in any other file
        assert holders, f"{key} is in neither map file"


@rule("war-of-the-ring", "§15", "§7")
def test_15_every_unit_not_from_the_seed_has_its_r_oob_key(d: Definition) -> None:
    for uid, u in d.units.items():
        sourced = any(k.startswith(("S-V", "P-")) for k in u.keys)
        assert sourced or f"R-OOB-{uid}" in u.keys, uid
    seed = {u for u, x in d.units.items() if not any(k.startswith("R-OOB-") for k in x.keys)}
    assert seed == {"MOR-01", "MOR-02", "MOR-03", "MOR-04", "EAS-01", "HAR-01", "COR-01",
                    "ISE-06", "LIN-01", "LIN-02", "LIN-03"}


@rule("war-of-the-ring", "§12", "§15")
def test_12_the_r_visibility_rows(d: Definition) -> None:
    vis = {k for k in d.key_files if k.startswith("R-VIS-")}
    assert len(vis) == 9
    assert d.value("R-VIS-RING-WORN") == {"fellowship": "yes", "sauron": "area",
                                          "saruman": "area"}
    assert d.value("R-VIS-EVENT-HANDS", "sauron") == "own"
    assert d.value("R-VIS-SITES", "fellowship") == "no"


@rule("war-of-the-ring", "§15")
def test_15_every_r_table_carries_its_reason_comment() -> None:
    for name in FILES:
        lines = (DATA / name).read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if re.match(r"^\[R-[A-Z0-9-]+\]$", line):
                assert lines[i - 1].startswith("#"), f"{name}: {line}"


@rule("war-of-the-ring", "§15")
def test_15_the_reconstruction_page_names_every_key_and_its_file(d: Definition) -> None:
    text = DOC.read_text(encoding="utf-8")
    for key in R_KEYS:
        row = next((ln for ln in text.splitlines() if ln.startswith(f"| {key} ")), None)
        assert row is not None, f"{key} missing from {DOC.name}"
        if key not in MAP_R_KEYS:
            assert d.key_files[key] in row, f"{key}: the row must name {d.key_files[key]}"
    for fam in ("R-OOB-", "R-VIS-"):
        assert f"| {fam}" in text


# --- §2 scenarios, §13 victory and set-up --------------------------------------------------------

@rule("war-of-the-ring", "§2")
def test_2_scenarios_and_options_off_by_default(d: Definition) -> None:
    assert d.scenarios["A"].seats == ("fellowship", "dark")
    assert d.scenarios["A"].saruman_rules == "S-V12"
    assert d.scenarios["B"].seats == ("fellowship", "saruman", "sauron")
    assert d.scenarios["B"].saruman_rules == "S-V13"
    assert d.scenarios["B"].extra_units == ("ISE-06",)
    assert set(d.options) == {"OPT-1", "OPT-2"}
    assert not any(o.default for o in d.options.values())
    assert set(d.options["OPT-1"].characters) == {"king-of-rhun", "sultan-of-harad"}
    assert d.options["OPT-2"].switches_off == "R-UNMOBILIZED"
    assert {c.id for c in d.characters_for()} >= {"frodo", "n1"}
    assert "king-of-rhun" not in {c.id for c in d.characters_for()}
    assert "king-of-rhun" in {c.id for c in d.characters_for({"OPT-1"})}


@rule("war-of-the-ring", "§13.1")
def test_13_1_victory_order_and_turn_limit(d: Definition) -> None:
    assert [v.id for v in d.victory] == [
        "ring-destroyed", "ring-in-barad-dur", "claimant-destroys-nazgul", "military-victory",
        "saruman-aims", "western-military-option", "turn-limit"]
    assert d.victory[4].scenarios == ("B",)
    assert d.value("R-LENGTH", "turns") == 52
    assert d.value("R-WMO-TIMING", "from") == {"clock": "M", "turns": 1}
    assert d.value("R-DRAW-AT-END", "result") == "draw"


@rule("war-of-the-ring", "§13.3", "§5.3")
def test_13_3_setup_and_initial_objectives(d: Definition) -> None:
    init = d.value("R-INITIAL-OBJECTIVES")
    assert sorted(init["sauron"]) == sorted(["3523", "2613", "3024", "3121", "3122", "2632"])
    assert init["saruman"] == ("1820",)
    assert len(init["free"]) == 13
    assert d.setup["sp_pool"] == 0 and d.setup["mobilized"] == ()
    assert d.setup["gollum"] == "at-large" and d.setup["first_step"] == "1a"
    assert d.value("R-EVENT-HAND", "dealt_at_setup") == 0
    walkers = [c for c in d.characters.values() if c.walker]
    assert len(walkers) == 9 and all(c.hidden and c.hex == "2008" for c in walkers)
    assert "ISE-06" not in {u.id for u in d.units_for("A")}
    assert "ISE-06" in {u.id for u in d.units_for("B")}


@rule("war-of-the-ring", "§9")
def test_9_sequence_steps(d: Definition) -> None:
    assert [s.id for s in d.sequence] == [
        "1a", "1b", "1c", "1d", "2a", "2b", "2c", "2d", "2e", "3", "4a", "4b", "4c",
        "5a", "5b", "5c", "5d", "5e", "5f", "6a", "6b", "6c", "6d", "7a", "7b", "7c", "7d",
        "8a", "8b", "8c", "8d"]
    assert d.step("4b").decider == "searcher"
    assert d.value("R-SEQUENCE", "seat_order_3p") == ("fellowship", "saruman", "sauron")


# --- §6 nations and mobilization ----------------------------------------------------------------

def _trigger(d: Definition, nation: str, kind: str):
    return [t for t in d.nations[nation].triggers if t.kind == kind]


@rule("war-of-the-ring", "§6.1")
def test_6_1_nations_and_their_seats(d: Definition) -> None:
    assert set(d.nations) == {"MOR", "EAS", "VAR", "HAR", "COR", "ISE", "ROH", "GON", "LOR",
                              "MIR", "LIN", "DWA", "DAL", "DUN", "SHI", "ENT"}
    assert {c for c, n in d.nations.items() if n.owner_3p == "sauron"} == {
        "MOR", "EAS", "VAR", "HAR", "COR"}
    assert d.nations["ISE"].owner_3p == "saruman" and d.nations["ISE"].owner_2p == "dark"
    assert {c for c, n in d.nations.items() if n.deserts} == {"EAS", "VAR", "HAR", "COR"}
    assert d.nations["MIR"].territory.terrain == "forest"
    assert d.value("R-UNMOBILIZED") == {"may_move": False, "may_attack": False,
                                        "defends": True, "binds_characters": False}
    assert d.value("S-V4", "unmobilized_escort_max_strength") == 10


@rule("war-of-the-ring", "§6.2", "§V24")
def test_6_2_t_mob_1_rohan_ignores_ten_orc_strength(d: Definition) -> None:
    (enters,) = _trigger(d, "ROH", "enemy-enters")
    assert enters.exempt_orc_strength == 10          # 10 does not mobilize; 11 does
    assert set(enters.areas) == {"I", "J"}
    assert d.value("R-EOMER-TROOPS") == {"leader": "eomer", "units": ("ROH-03",)}


@rule("war-of-the-ring", "§6.2", "§V24")
def test_6_2_t_mob_2_timed_mobilization(d: Definition) -> None:
    (roh,) = _trigger(d, "ROH", "after")
    assert (roh.nation, roh.delay) == ("ISE", 2)
    (gon,) = _trigger(d, "GON", "after")
    assert (gon.nation, gon.delay) == ("MOR", 2)
    for code in ("LOR", "MIR", "LIN", "DWA", "DAL", "DUN", "SHI", "ENT"):
        (free,) = _trigger(d, code, "after")
        assert (free.nation, free.delay) == ("MOR", 4), code
        assert _trigger(d, code, "enemy-enters") and _trigger(d, code, "attacked")
    assert [t.turn for t in _trigger(d, "MOR", "turn")] == [8]
    assert [t.turn for t in _trigger(d, "ISE", "turn")] == [10]
    (spot,) = _trigger(d, "MOR", "spotted")
    assert set(spot.targets) == {"ring-bearer", "hobbit"} and spot.keys == ("P-BGG2",)
    for code in ("EAS", "VAR", "HAR"):
        assert _trigger(d, code, "with")[0].nation == "MOR"
    (cor,) = d.nations["COR"].triggers
    assert cor.cards == ("corsairs",) and cor.requires == ("MOR",)
    assert {c for t in _trigger(d, "ENT", "card") for c in t.cards} == {"march-of-the-ents"}
    (gon_char,) = _trigger(d, "GON", "character-ends-move")
    assert set(gon_char.characters) == {"gandalf", "aragorn"} and gon_char.hexes == ("2824",)


# --- §7 orders of battle ------------------------------------------------------------------------

def _sfm(d: Definition, uid: str) -> tuple[int, int, str | None]:
    u = d.units[uid]
    return u.strength, u.mf, u.hex


@rule("war-of-the-ring", "§7.1", "§V20", "§V26", "§V13")
def test_7_1_dark_power_order_of_battle(d: Definition) -> None:
    assert sum(1 for u in d.units.values() if u.nation == "MOR") == 25
    assert _sfm(d, "MOR-01") == (25, 4, "3024")                         # §V20: not E0829
    assert [_sfm(d, f"MOR-0{i}") for i in (2, 3, 4)] == [(5, 5, "3523")] * 3
    assert d.value("R-HEX-ALIASES") == {"E0829": "3223", "E1029": "3423"}
    assert _sfm(d, "MOR-16") == (10, 6, "2613") and d.units["MOR-16"].cavalry
    assert d.units["MOR-25"].arrival is not None and d.units["MOR-25"].arrival.turns == 8
    assert _sfm(d, "EAS-01") == (25, 5, "3816") and d.units["EAS-01"].arrival.turns == 2
    assert _sfm(d, "HAR-01") == (5, 6, "3433") and d.units["HAR-01"].arrival.turns == 3
    assert _sfm(d, "COR-01") == (50, 5, "2632") and d.units["COR-01"].inactive
    assert _sfm(d, "ISE-06") == (10, 6, "1820") and d.units["ISE-06"].scenarios == ("B",)
    assert d.units["ISE-08"].arrival.clock == "I" and d.units["ISE-08"].arrival.turns == 4
    assert sum(u.strength for u in d.units.values() if u.nation == "ISE") == 115


@rule("war-of-the-ring", "§7.2", "§V18", "§V27", "§V28")
def test_7_2_free_peoples_order_of_battle(d: Definition) -> None:
    assert _sfm(d, "GON-03") == (5, 4, "2824") and d.units["GON-03"].name == "Guards of the Citadel"
    assert [(d.units[f"GON-1{i}"].hex, d.units[f"GON-1{i}"].arrival.turns)
            for i in (1, 2, 3, 4)] == [("2824", 1), ("2025", 2), ("2329", 3), ("2528", 4)]
    assert all(d.units[f"GON-1{i}"].arrival.clock == "G" for i in (1, 2, 3, 4))
    assert _sfm(d, "ROH-03") == (10, 7, "2422")
    assert [(d.units[u].hex, d.units[u].arrival.clock, d.units[u].arrival.turns)
            for u in ("LIN-01", "LIN-02", "LIN-03")] == [
        ("2008", "M", 4), ("0210", "M", 4), ("0508", "M", 4)]
    assert all(_sfm(d, u)[:2] == (5, 5) for u in ("LIN-01", "LIN-02", "LIN-03"))
    assert _sfm(d, "DUN-01") == (5, 6, "1306") and d.units["DUN-01"].type == "rangers"
    assert _sfm(d, "SHI-01") == (5, 4, "1008") and d.units["SHI-01"].kind == "hobbit"
    assert _sfm(d, "ENT-01") == (10, 4, "2119")
    assert d.units["DEAD-01"].arrival.clock == "paths" and d.units["DEAD-01"].strength == 20
    assert len(d.units) == 80


@rule("war-of-the-ring", "§7", "§7.3", "§V13", "§V25", "§V27", "§V28", "§V30")
def test_7_3_cavalry_eye_orcs_and_special_units(d: Definition) -> None:
    cav = {u for u, x in d.units.items() if x.cavalry}
    assert cav == {"MOR-16", "EAS-03", "VAR-02", "HAR-04", "ISE-04", "ISE-06", "GON-09",
                   "ROH-01", "ROH-02", "ROH-03", "ROH-05", "ROH-07", "ROH-08"}
    eye = {u for u, x in d.units.items() if x.eye_orc}
    assert eye == {u for u, x in d.units.items() if x.nation == "MOR" and x.kind == "orc"}
    assert {"MOR-17", "MOR-18"} <= eye and not any(d.units[u].eye_orc for u in ("MOR-08",
                                                                                 "ISE-01"))
    assert d.value("S-V30", "cavalry_leader_mf") == 7
    assert d.value("S-V27") == {"unit_type": "rangers", "absorbs_k": True,
                                "leader_value_when_alone": 1}
    assert d.value("S-V28", "confined_to_areas") == ("B",)
    assert d.value("R-DEAD-ARMY", "attack_shift") == 1
    assert d.value("R-DEAD-ARMY", "leaves_after_combats") == 2
    assert d.value("R-ENTS-NEGATE", "hex") == "1820"
    assert d.value("R-CORSAIR-MOVE", "sea_mp") == 1
    assert d.value("R-SPLIT-MERGE", "split_min_strength") == 1
    assert d.value("S-V19", "paths_uses") == 1
    assert d.value("R-PATHS-ROUTE", "from") == "2223" and d.value("R-PATHS-ROUTE", "to") == "2025"


# --- §8 characters ------------------------------------------------------------------------------

RATINGS = {  # C, Mo, E, RR, MF as the spec's §8 table prints them
    "frodo": (1, 1, 6, 5, 5), "sam": (2, 1, 6, 5, 5), "merry": (1, 1, 5, 4, 5),
    "pippin": (1, 1, 5, 3, 5), "gandalf": (5, 4, 10, 4, 6), "aragorn": (5, 3, 9, 4, 6),
    "boromir": (4, 2, 8, 1, 5), "legolas": (4, 2, 7, 3, 6), "gimli": (4, 2, 8, 3, 5),
    "theoden": (3, 3, 6, 1, 5), "eomer": (4, 3, 7, 1, 5), "eowyn": (3, 2, 6, 2, 5),
    "denethor": (2, 3, 6, 0, 5), "faramir": (4, 3, 7, 4, 5), "imrahil": (4, 3, 7, 2, 5),
    "elrond": (5, 0, 9, 5, 6), "glorfindel": (5, 2, 8, 4, 6), "cirdan": (3, 2, 8, 5, 5),
    "galadriel": (4, 0, 8, 5, 6), "celeborn": (4, 3, 8, 4, 6), "thranduil": (4, 3, 7, 3, 6),
    "dain": (4, 3, 7, 2, 4), "brand": (3, 2, 6, 1, 5), "treebeard": (6, 2, 12, 6, 4),
    "n1": (6, 4, 10, None, 7), "n2": (5, 3, 8, None, 7),
    **{f"n{i}": (4, 2, 7, None, 7) for i in range(3, 10)},
    "mouth": (3, 2, 7, None, 5), "saruman": (5, 3, 10, 3, 6), "ugluk": (3, 2, 6, None, 5),
    "gollum": (2, 0, 5, 0, 5), "king-of-rhun": (2, 1, 4, 0, 5),
    "sultan-of-harad": (3, 2, 5, 0, 6),
}
STARTS = {"theoden": "2222", "eomer": "2422", "eowyn": "2222", "denethor": "2824",
          "faramir": "3023", "imrahil": "2329", "elrond": "2008", "glorfindel": "2008",
          "cirdan": "0508", "galadriel": "2315", "celeborn": "2315", "thranduil": "2905",
          "dain": "3303", "brand": "3205", "treebeard": "2119", "n1": "3024", "n2": "3024",
          "n3": "3024", "n4": "3024", "n5": "3024", "n6": "2613", "n7": "3523", "n8": "3523",
          "n9": "3523", "mouth": "3523", "saruman": "1820", "ugluk": "1820", "gollum": None}


@rule("war-of-the-ring", "§8")
def test_8_every_characters_ratings(d: Definition) -> None:
    got = {c: (x.combat, x.morale, x.endurance, x.ring_rating, x.mf)
           for c, x in d.characters.items()}
    assert got == RATINGS
    for cid, h in STARTS.items():
        assert d.characters[cid].hex == h, cid
    assert all(d.characters[f"n{i}"].mf_flying == 12 for i in range(1, 10))
    assert d.characters["king-of-rhun"].keys == ("P-SAR",)
    assert d.characters["sultan-of-harad"].arrival.turns == 3


@rule("war-of-the-ring", "§8", "§8.1", "§7.3", "§V25")
def test_8_leaders_sorcerers_and_specials(d: Definition) -> None:
    c = d.characters
    assert {x for x in c if c[x].elf_leader} == {"legolas", "glorfindel", "celeborn",
                                                  "thranduil", "cirdan"}
    assert not c["elrond"].can_lead and not c["galadriel"].can_lead and c["elrond"].elf
    assert {x for x in c if "sorcery" in c[x].specials} == {"gandalf", "elrond", "galadriel",
                                                            "saruman", "n1", "mouth"}
    assert sum(1 for x in c.values() if x.nazgul) == 9 and c["n2"].name == "Gothmog"
    assert {x for x in c if "may-lead-elves" in c[x].specials} == {"gandalf", "aragorn"}
    assert "real-wound-once" in c["merry"].specials and "real-wounds" in c["eowyn"].specials
    assert d.value("R-SORCERY") == {"shift": 1, "max_per_side": 1, "opposing_cancel": True,
                                    "hidden_gives": False, "non_leaders_give": True}
    assert d.value("R-HEALING", "per_turn") == 1 and d.value("R-HEALING", "refuge_per_turn") == 3
    assert d.value("R-NAZGUL-MF") == {"riding": 7, "flying": 12, "flying_hex_cost": 1,
                                      "flight_may_not_end_in": ("sea", "lake", "mountain")}
    assert d.value("R-GALADRIEL-ONCE-TAKEN", "mf_after") == 6


@rule("war-of-the-ring", "§11.9", "§V9")
def test_11_9_starting_items(d: Definition) -> None:
    bonus = {i: (x.holder, x.combat) for i, x in d.items.items()}
    assert bonus["sting"] == ("frodo", 1) and bonus["anduril"] == ("aragorn", 2)
    assert bonus["glamdring"] == ("gandalf", 1)
    assert bonus["elven-sword-celeborn"] == ("celeborn", 1)
    assert bonus["elven-sword-thranduil"] == ("thranduil", 1)
    assert d.items["mithril-coat"].ignore_first_wound
    assert {x.holder for i, x in d.items.items() if i.startswith("barrow-blade")} == {
        "merry", "pippin"}
    assert d.items["the-one-ring"].holder == "frodo"


# --- §10.1 Shadow Points, §10.4 individual combat, §10.7 searching, §10.8, §10.9 -----------------

@rule("war-of-the-ring", "§10.1", "§V12")
def test_10_1_shadow_points(d: Definition) -> None:
    assert d.value("R-SP-INCOME") == {"before_m": {"dice": 1, "plus": 0},
                                      "from_m": {"dice": 2, "plus": 4}}
    assert d.value("R-SP-CAP", "cap") == 20
    costs = d.value("R-SP-COSTS")
    assert costs["move_nazgul_or_mouth"] == costs["move_stack"] == 1
    assert costs["attack_per_sauron_unit"] == 1
    assert d.value("S-V12", "take_control_sp") == 2
    assert d.value("S-V12", "controlled_attack_sp_per_unit") == 1
    assert len(d.value("S-V12", "garrison_list")) == 12


@rule("war-of-the-ring", "§10.4")
def test_10_4_individual_combat_numbers(d: Definition) -> None:
    ic = d.value("R-IC-PROCEDURE")
    assert (ic["max_supporters"], ic["support_bonus"], ic["rounds"]) == (2, 1, 3)
    orc = d.value("R-IC-ORC-UNITS")
    assert (orc["combat_base"], orc["combat_per_strength"], orc["combat_max"]) == (1, 10, 4)
    assert d.value("R-RING-SEIZE-4", "margin") == 4


@rule("war-of-the-ring", "§10.7", "§V1", "§V2")
def test_10_7_search_rolls(d: Definition) -> None:
    assert d.value("S-V1", "max_hidden") == 9
    assert d.value("S-V2", "draw_from") == "bottom"
    assert d.value("S-V2", "road_modifier") == -1
    assert d.value("R-INTERCEPT-VALUES") == {"nazgul_or_mouth": 2, "other": 1}
    assert d.value("R-SEARCH-NAT6", "natural_never_spots") == 6
    assert d.value("R-CLOAK", "modifier") == 1
    assert d.value("R-RING-WEARER-SEARCH") == {"nazgul": "automatic", "orcs": "never"}
    assert d.value("R-REHIDE", "no_enemy_within") == 3


@rule("war-of-the-ring", "§10.8", "§V2", "§V3")
def test_10_8_capture_escape_rescue_numbers(d: Definition) -> None:
    assert d.value("R-CAPTURE-VALUE") == {"base": 1, "per_strength": 10, "max": 5,
                                          "natural_fails": 6, "ring_wearer_immune": True}
    assert d.value("R-CAPTURE-C-MOD", "combat_divisor") == 3
    assert d.value("S-V2", "capture_rough_forest") == 1
    assert d.value("R-ESCAPE-TARGET") == {"base": 1, "combat_divisor": 3}
    assert d.value("R-ESCAPE-ESCORT-MOD") == {"modifier": 1, "escort_at_least": 25}
    v3 = d.value("S-V3")
    assert v3["citadel_escape_modifier"] == 1 and v3["rescue_dice"] == "2d6"
    assert (v3["automatic_success"], v3["automatic_failure"]) == (2, 12)   # T-RESCUE-1
    assert v3["failure_kills_rescuers"] and v3["no_escape_or_rescue"] == ("3523",)
    assert d.value("R-RESCUE-CHAR-VALUE", "value") == "combat"
    assert set(d.value("R-CONVERT-EXCLUSIONS", "never")) == {"ring-bearer", "gandalf",
                                                             "elrond", "galadriel"}


@rule("war-of-the-ring", "§10.9", "§V11")
def test_10_9_ring_and_gollum_tables(d: Definition) -> None:
    assert d.value("S-V11") == {"first_attempt_free": True, "endurance_loss_per_turn": 1,
                                "ring_rating_loss_per_turn": 1}
    assert d.value("R-WEAR-EFFECTS", "combat_bonus") == 2
    assert d.value("R-CLAIM-C-REPLACES", "combat_bonus") == 3
    assert d.value("R-SUCCUMB", "mf") == 5
    assert [d.gollum[f].result for f in range(1, 7)] == [
        "guides", "guides", "none", "none", "betrayal", "attack"]
    assert d.gollum[1].amount == 1
    assert d.value("R-GOLLUM-TABLE", "take_ring_margin") == 3
    assert d.value("R-GOLLUM-TABLE", "appears_when_bearer_enters") == ("K", "Q")


# --- §11 tables ---------------------------------------------------------------------------------

SEQ = ["50k/-", "40k/-", "30/-", "30/5", "20/5", "20/10", "15/10", "10/15", "10/20", "5/30",
       "5/40", "-/50", "-/60k", "-/75k", "-/100", "-/100k", "-/100k", "-/100k"]


@rule("war-of-the-ring", "§11.1", "§10.3")
def test_11_1_crt_is_the_specs_diagonal_table(d: Definition) -> None:
    crt = d.crt
    assert crt.columns == ("1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1", "5-1", "6-1", "8-1")
    assert (crt.die_min, crt.die_max) == (0, 8)
    for die in range(9):
        for col in range(10):
            assert str(crt.result(die, col)) == SEQ[die + col], (die, col)
    assert crt.result(0, 0) == CrtResult(50, True, 0, False)
    assert crt.result(8, 9) == CrtResult(0, False, 100, True)
    assert str(crt.result(5, 9)) == "-/100" and str(crt.result(3, 2)) == "20/10"
    assert crt.result(-3, 0) == crt.result(0, 0) and crt.result(12, 9) == crt.result(8, 9)


@rule("war-of-the-ring", "§10.3")
def test_10_3_odds_round_down_to_a_column(d: Definition) -> None:
    col = d.crt.column
    assert col(29, 10) == 4                   # 2.9 -> 2-1
    assert col(15, 10) == 3 and col(14, 10) == 2
    assert col(10, 30) == 0 and col(9, 30) is None
    assert col(100, 10) == 9 and col(80, 10) == 9 and col(79, 10) == 8
    assert d.crt.shift(8, 3) == 9 and d.crt.shift(1, -2) == 0
    assert d.value("R-TERRAIN-SHIFT", "shift") == -1
    assert d.value("R-RIVER-SHIFT", "shift") == -1
    assert d.value("S-V31", "fear_two_nazgul_and_leader") == 1     # T-FEAR-1
    assert d.value("S-V31", "fear_all_nine") == 2
    assert d.value("S-V31", "fear_attack_only") is True
    assert d.value("R-FEAR-READING", "shifts_add") is False
    assert d.value("R-ROUNDING") == {"rounding": "half-up", "min_loss_when_positive": 1}
    assert d.value("S-V32") == {"defender_loss_at_least": 10, "attacker_loss_at_most": 5,
                                "moves": "full-mf"}


@rule("war-of-the-ring", "§10.3", "§V15", "§V16")
def test_10_3_citadel_multipliers(d: Definition) -> None:
    assert d.citadels["2824"] == d.citadels["3523"] == 4
    assert d.citadels["2905"] == 2
    assert {h for h, m in d.citadels.items() if m == 2} == {
        "2905", "2613", "3303", "1820", "1923", "3024", "3124", "3021", "3121", "2329", "2632"}
    assert d.value("R-ID-UNMULTIPLIED", "multiplied") is False


@rule("war-of-the-ring", "§11.2", "§V29")
def test_11_2_t_disengage_1(d: Definition) -> None:
    assert d.disengage == {"western": 4, "saruman": 3, "ally": 3, "sauron": 2}
    assert d.disengage_target({d.nations["MOR"].disengage}) == 2
    assert d.disengage_target({d.nations["EAS"].disengage, d.nations["MOR"].disengage}) == 2
    assert d.disengage_target({d.nations["ISE"].disengage}) == 3
    assert d.disengage_target({d.nations["GON"].disengage}) == 4
    assert d.value("R-DISENGAGE-MIXED", "mixed") == "lowest"


@rule("war-of-the-ring", "§11.3", "§V14")
def test_11_3_intrinsic_defences(d: Definition) -> None:
    got = {x.place: x.value for x in d.intrinsic_defences.values()}
    assert got == {"Barad-dur": 40, "Isengard": 20, "Lorien": 20, "Rivendell": 20,
                   "Grey Havens": 20, "Morannon": 10, "Dol Guldur": 5, "Minas Tirith": 5}
    assert d.intrinsic_defences["2008"].value == 20
    assert d.value("S-V14", "destroyed_by") == ("-/100", "-/100k")


@rule("war-of-the-ring", "§11.4", "§13.2", "§V22")
def test_11_4_grip_table_and_the_seeds_examples(d: Definition) -> None:
    assert d.grip == ((0, 6), (5, 8), (10, 10), (15, 12), (20, 14), (25, 16))
    assert [d.grip_requirement(t) for t in (0, 4, 5, 10, 15, 20, 25, 40)] == [
        6, 6, 8, 10, 12, 14, 16, 16]
    v22 = d.value("S-V22")
    assert (v22["objectives_total"], v22["sauron_initial"], v22["automatic_victory"]) == (
        20, 6, 18)
    assert len(d.objectives) == 20 and ("Udun", "3122") in d.objectives
    ex = {e["id"]: e for e in v22["examples"]}
    # T-GRIP-1: 9 at M+10 is short of 10 -> desertion at the start of M+11
    g1 = ex["T-GRIP-1"]
    assert g1["held"] < d.grip_requirement(g1["checkpoint"]) and g1["deserts_at"] == 11
    # T-GRIP-2: 11 at M+15 is short of 12; after the drop 12 is needed, held at M+18 -> M+19
    g2 = ex["T-GRIP-2"]
    assert g2["held"] < d.grip_requirement(g2["checkpoint"])
    assert g2["regain_need"] == d.grip_requirement(g2["checkpoint"]) == 12
    assert (g2["regain_held_at"], g2["returns_at"]) == (18, 19)
    assert d.value("R-GRIP-REPEAT-MISS", "drop_per_miss") == 1


@rule("war-of-the-ring", "§11.5")
def test_11_5_leader_loss(d: Definition) -> None:
    t = d.leader_loss
    assert [t[f].result for f in range(1, 7)] == [
        "killed", "killed", "endurance", "endurance", "unharmed", "unharmed"]
    assert t[1].nazgul == "dispersed" and t[3].amount == -2


@rule("war-of-the-ring", "§11.6")
def test_11_6_search_deck(d: Definition) -> None:
    cards = d.search_cards
    assert len(cards) == 36 and [c.n for c in cards] == list(range(1, 37))
    by = {(s, f): sum(1 for c in cards if (c.searcher, c.force) == (s, f))
          for s in ("sauron", "saruman") for f in ("nazgul", "orcs")}
    assert by == {("sauron", "nazgul"): 16, ("sauron", "orcs"): 12,
                  ("saruman", "nazgul"): 0, ("saruman", "orcs"): 8}
    spec = ["1 sauron nazgul 3 B", "2 sauron nazgul 3 C,B", "9 sauron nazgul 4 R",
            "10 sauron nazgul 3 R,S", "16 sauron nazgul 3 Q,O", "19 sauron orcs 1 L",
            "22 sauron orcs 3 R", "25 sauron orcs 2 T,U", "27 sauron orcs 1 H,J",
            "29 saruman orcs 2 G", "33 saruman orcs 1 B,C", "36 saruman orcs 1 C"]
    for line in spec:
        n, s, f, v, a = line.split()
        c = cards[int(n) - 1]
        assert (c.searcher, c.force, c.value, c.areas) == (s, f, int(v), tuple(a.split(",")))
    assert sum(c.value for c in cards) == 74
    assert d.value("R-SEARCH-VALUES", "mouth_bonus") == 1


@rule("war-of-the-ring", "§11.7")
def test_11_7_event_deck(d: Definition) -> None:
    ev = d.event_cards
    assert sum(len(c.numbers) for c in ev.values()) == 25
    assert ev["eagles"].numbers == (4, 5)
    assert ev["misty-passes-open"].sides == ("fellowship", "sauron", "saruman")
    assert ev["snows-of-caradhras"].when == ("answer:misty-passes-open", "2e")
    assert ev["huorns"].when == ("5d", "6c", "7c")
    assert ev["the-eye-turns"].when == ("4b",) and ev["palantir-deceived"].when == ("4a",)
    assert ev["smeagols-guidance"].when == ("1c",) and ev["black-breath"].when == ("7d",)
    assert {c for c, x in ev.items() if x.sides == ("saruman",)} == {
        "wormtongues-counsel", "crebain-of-dunland", "treason-of-isengard"}
    assert {c for c, x in ev.items() if x.sides == ("sauron",)} == {
        "corsairs", "dawnless-day", "black-breath", "muster-of-the-east", "grond",
        "the-eye-turns"}
    assert d.value("R-EVENT-HAND") == {"first_turn_draw": 3, "draw_per_turn": 1,
                                       "hand_limit": 3, "dealt_at_setup": 0}


@rule("war-of-the-ring", "§11.8")
def test_11_8_eye_deck(d: Definition) -> None:
    eye = d.eye_cards
    assert len(eye) == 12
    stats = {c: (x.combat, x.morale, x.endurance) for c, x in eye.items() if x.effect == "fight"}
    assert stats == {"balrog": (9, 5, 14), "shelob": (7, 4, 12),
                     "watcher-in-the-water": (5, 3, 8), "barrow-wight": (4, 3, 5),
                     "cave-troll": (5, 2, 8), "stone-trolls": (4, 2, 7), "warg-pack": (3, 2, 6),
                     "great-spiders": (3, 2, 5), "old-man-willow": (4, 3, 8)}
    assert eye["balrog"].fixed_hex == "2214" and eye["shelob"].fixed_hex == "3124"
    assert not eye["old-man-willow"].dark_piece
    assert {c for c, x in eye.items() if x.effect == "reveal"} == {"crebain", "half-orc-spies"}
    assert eye["frightening-rumor"].effect == "none"


@rule("war-of-the-ring", "§11.9", "§V30")
def test_11_9_magic_deck(d: Definition) -> None:
    m = d.magic_cards
    assert sum(c.copies for c in m.values()) == 12
    assert m["elven-cloak"].copies == 2
    assert m["shadowfax"].user == "gandalf" and m["shadowfax"].effect["mf"] == 10
    assert m["shadowfax"].fixed_hex == "2222" and m["phial"].fixed_hex == "2315"
    assert m["phial"].effect == {"combat": 2, "against": ("shelob", "nazgul")}
    assert m["black-arrow"].effect == {"combat": 2, "against": ("nazgul",)}
    assert m["athelas"].effect == {"heal": 4, "uses": 1}
    assert sum(1 for c in m.values() if c.fixed_hex is None) == 9      # 10 random cards


@rule("war-of-the-ring", "§11.10")
def test_11_10_palantiri(d: Definition) -> None:
    p = d.value("R-PALANTIRI")
    assert {k: v["box"] for k, v in p.items()} == {"ithil": "3523", "orthanc": "1820",
                                                   "anor": "2824"}
    assert all(v["every_turns"] == 3 for v in p.values())


# --- damaged files are refused --------------------------------------------------------------------

DAMAGE = [
    ("forces.toml", 'nation = "MOR"\nstrength = 25\nmf = 4\nhex = "3024"',
     'nation = "XXX"\nstrength = 25\nmf = 4\nhex = "3024"', r"forces\.toml: units\.MOR-01\.nation: unknown nation"),
    ("decks.toml", '  { n = 36, searcher = "saruman", force = "orcs",   value = 1, areas = ["C"] },\n',
     "", r"decks\.toml: R-SEARCH-VALUES\.cards: 35 search cards, but size = 36"),
    ("decks.toml", '  { id = "crebain", name = "Crebain", effect = "reveal" },\n', "",
     r"decks\.toml: R-EYE-DECK\.cards: 11 Eye cards, but size = 12"),
    ("decks.toml", '  { id = "lembas", name = "Lembas", effect = { mf_bonus = 1 } },\n', "",
     r"decks\.toml: R-MAGIC-DECK\.cards: 11 Magic cards, but size = 12"),
    ("decks.toml", '  { id = "grond", numbers = [21]', '  { id = "grond", numbers = [26]',
     r"decks\.toml: R-EVENT-DECK\.cards: cards must be numbered 1\.\.25"),
    ("tables.toml", '"4" = [  "20/5"', '"x4" = [  "20/5"', r"tables\.toml: R-CRT\.4: CRT row for die 4 missing"),
    ("tables.toml", '"2" = [  "30/-",   "30/5",', '"2" = [  "30/5",', r"tables\.toml: R-CRT\.2: needs 10 entries"),
    ("tables.toml", '"8" = [ "10/20",', '"8" = [ "10/2x",', r"tables\.toml: R-CRT\.8: '10/2x'"),
    ("tables.toml", "[R-SP-CAP]\ncarry_over = true\ncap = 20\n", "",
     r"R-SP-CAP: the \[R\] key of §15 is missing"),
    ("scenario.toml", "[R-LENGTH]\nturns = 52\n", "[R-LENGHT]\nturns = 52\n",
     r"scenario\.toml: R-LENGHT: R-LENGHT: not an \[R\] key of §15"),
    ("characters.toml", "[R-GOTHMOG-N2]", "[R-HEALTHY]\nx = 1\n\n# dup\n[R-GOTHMOG-N2]",
     r"characters\.toml: R-HEALTHY"),
    ("tables.toml", "# R-CLOAK: +1 to the roll for an Elven Cloak in the group [WR §10.7.2].\n", "",
     r"tables\.toml: R-CLOAK: no reason comment"),
    ("scenario.toml", "[R-SCALE]\n", "# moved\n[R-SP-COSTS]\nmove_stack = 1\n\n# ok\n[R-SCALE]\n",
     r"R-SP-COSTS: also a table in tables\.toml"),
    ("decks.toml", 'lembas = ["5c"]', 'lembas = ["9z"]',
     r"decks\.toml: R-EVENT-TIMING\.lembas: '9z' is not a step of R-SEQUENCE"),
    ("forces.toml", 'keys = ["R-OOB-MOR-05"]', 'keys = ["R-OOB-MOR-06"]',
     r"forces\.toml: units\.MOR-05\.keys: a unit not from the seed"),
    ("characters.toml", 'nation = "GON"\nwalker = true', 'nation = "GOND"\nwalker = true',
     r"characters\.toml: characters\.boromir\.nation: unknown nation 'GOND'"),
    ("characters.toml", "[characters.frodo]\n", "[characters.frodo\n", r"characters\.toml: not valid TOML"),
    ("tables.toml", '"3523" = { place = "Barad-dur", value = 40 }',
     '"3523" = { place = "Barad-dur", value = -40 }', r"tables\.toml: S-V14\.defences\.3523\.value"),
    ("scenario.toml", 'free = ["1309",', 'free = ["1310",',
     r"scenario\.toml: R-INITIAL-OBJECTIVES: must hand out the 20 objectives"),
    ("forces.toml", 'kind = "turn"\nturn = 8', 'kind = "tern"\nturn = 8',
     r"forces\.toml: nations\.MOR\.triggers\[4\]\.kind: unknown trigger kind 'tern'"),
    ("forces.toml", 'keys = ["P-SAR"]                   # "on M+2',
     'keys = ["P-XYZ"]                   # "on M+2', r"forces\.toml: units\.EAS-01: P-XYZ: not a public source"),
]


@rule("war-of-the-ring", "§3", "§15")
@pytest.mark.parametrize(("file", "old", "new", "message"), DAMAGE,
                         ids=[m.split(":")[1].strip() if ":" in m else m for *_, m in DAMAGE])
def test_3_damaged_files_are_refused(tmp_path: Path, file: str, old: str, new: str,
                                     message: str) -> None:
    for name in FILES:
        shutil.copy(DATA / name, tmp_path / name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"the damage pattern is not in {file}"
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load_from(tmp_path)


@rule("war-of-the-ring", "§3")
def test_3_a_missing_file_is_named(tmp_path: Path) -> None:
    for name in FILES[:-1]:
        shutil.copy(DATA / name, tmp_path / name)
    with pytest.raises(ValueError, match=r"scenario\.toml: missing file"):
        load_from(tmp_path)
