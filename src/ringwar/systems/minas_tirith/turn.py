"""Sequence of play [MT §5] [MT §6]: decks, impetus rolls, Rounds, Phases and Turns.

::

    TURN_START -> IMPETUS_ROLL -> ROUND (the winner spends pips) -> IMPETUS_ROLL ... -> TURN_END

Everything here follows the state machine of [MT §6.3] line by line; the values (pool size,
modifiers, prices) are data (``rules.toml``).
"""

from __future__ import annotations

from typing import Any

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction

SIDES = ("west", "dark-lord")
OTHER = {"west": "dark-lord", "dark-lord": "west"}
NAME = {"west": "the West", "dark-lord": "the Dark Lord"}
#: contingents that arrive by card [MT §5.4]
ARRIVALS = {"horns": "rohan", "black_ships": "provincials"}


class TurnRules:
    """[MT §5] [MT §6]: mixed into :class:`MinasTirithGame`."""

    # ----- the automatic part of the machine ---------------------------------------------
    def advance(self: Any) -> list[Event]:
        """Run the automatic steps until a side has a decision (or the game is over)."""
        ev: list[Event] = []
        while self.result_ is None and self.stage == "round" and self.pending is None:
            if self.forced_pips > 0 and self.pips > 0 and self.selected is None \
                    and not self._forced_choices():
                ev.append(event("forced_lost", "[MT §5.4]",
                                f"no arrival can use the {self.forced_pips} forced impetus: lost (R-56)"))
                self.pips = max(0, self.pips - self.forced_pips)
                self.forced_pips = 0
            if self.pips > 0 or self.selected is not None:
                break
            ev.extend(self.end_round())
        return ev

    def start_turn(self: Any) -> list[Event]:
        """TURN_START [MT §6.3]: deck changes of [MT §5.3], shuffles, everything reset."""
        V = self.D.values
        self.turn_no += 1
        ev = [event("turn", "[MT §6.3]", f"Turn {self.turn_no} begins", turn=self.turn_no)]
        # [MT §5.3] the Horns enter after the Great Gate breaks or from Turn 4
        if not self.rohan_arrived and not self.horns_in_decks and (
                self.great_gate_broken or self.turn_no >= self.horns_turn):
            self.horns_in_decks = True
            ev.append(event("deck", "[MT §5.3]", "The Horns of Rohan are shuffled into both decks (R-49)"))
        # the Black Ships: the Turn after Rohan's arrival began, Turn 8 at the latest
        if not self.aragorn_arrived and not self.black_ships_in_deck and (
                (self.rohan_arrived and self.turn_no >= self.rohan_turn + int(V["black_ships_after_rohan_turns"]))
                or self.turn_no >= int(V["black_ships_latest_turn"])):
            self.black_ships_in_deck = True
            ev.append(event("deck", "[MT §5.3]", "The Black Ships are added to the West's deck (R-51)"))
        for side in SIDES:   # the West's deck is shuffled first
            deck = self.deck_contents(side)
            self.decks[side] = deck
            self._shuffle(deck)
            self.discards[side] = []
            self.current[side] = None
            self.bank[side] = 0
        self.pips = 0
        self.phase_pool = int(V["phase_pool"])
        self.deck_emptied_by = None
        self.forced_pips = 0
        self.grond_bonus_turn = 0
        for u in self.units.values():
            u.acted_on = -1
        for e in self.engines.values():
            e.acted_on = -1
        for ld in self.leaders.values():
            ld.acted_on = -1
            ld.spells = []
            ld.out_of_action = False
        ev.extend(self.place_waiting())
        ev.append(event("shuffle", "[MT §6.3]",
                        f"Decks shuffled: the West {len(self.decks['west'])} cards, "
                        f"the Dark Lord {len(self.decks['dark-lord'])}"))
        ev.extend(self.impetus_roll())
        return ev

    def deck_contents(self: Any, side: str) -> list[str]:
        """The cards of ``side``'s deck this Turn [MT §5.2] after the events of [MT §5.3]."""
        if side == "west":
            events = (["horns_turned"] if self.rohan_arrived else []) + \
                     (["black_ships_turned"] if self.aragorn_arrived else [])
            counts = self.D.deck_counts("west-T1", events)
        else:
            events = (["great_gate_broken"] if self.great_gate_broken else []) + \
                     (["witch_king_killed"] if self.wk_dead else [])
            counts = self.D.deck_counts("dark-T1", events)
        if self.horns_in_decks:
            counts["horns"] = counts.get("horns", 0) + 1
        if side == "west" and self.black_ships_in_deck:
            counts["black_ships"] = counts.get("black_ships", 0) + 1
        deck: list[str] = []
        for card in sorted(counts):
            deck.extend([card] * counts[card])
        return deck

    def _shuffle(self: Any, deck: list[str]) -> None:
        """Fisher–Yates with the game's dice (R-3)."""
        for i in range(len(deck) - 1, 0, -1):
            j = self.dice.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]

    def impetus_mod(self: Any, side: str) -> tuple[int, list[str]]:
        """[MT §6.4] the modifiers of ``side``'s impetus roll, with their reasons."""
        V = self.D.values
        mod, why = 0, []
        if side == "dark-lord" and not self.darkness_broken:
            mod += int(V["darkness_impetus_mod"])
            why.append(f"+{V['darkness_impetus_mod']} the Darkness")
        if side == "dark-lord" and self.wk_dead:
            mod += int(V["lord_dead_impetus_mod"])
            why.append(f"{V['lord_dead_impetus_mod']} the Lord of the Nazgûl is dead")
        if self.losses_in_row[side] >= int(V["losing_streak_rolls"]):
            mod += int(V["losing_streak_mod"])
            why.append(f"+{V['losing_streak_mod']} lost {self.losses_in_row[side]} rolls in a row")
        if side == "west" and self.arrival_bonus is not None:
            mod += int(V["arrival_impetus_mod"])
            why.append(f"+{V['arrival_impetus_mod']} {'the Horns of Rohan' if self.arrival_bonus == 'rohan' else 'the Black Ships'}")
        return mod, why

    def impetus_roll(self: Any) -> list[Event]:
        """IMPETUS_ROLL [MT §6.3]: d20 each (the West first, R-3); a natural tie ends the Turn;
        a modified tie is rolled again (R-58)."""
        ev: list[Event] = []
        while True:
            nat = {s: self.dice.die(int(self.D.values["impetus_die"])) for s in SIDES}
            if nat["west"] == nat["dark-lord"]:
                self.arrival_bonus = None
                ev.append(event("impetus", "[MT §6.3]",
                                f"Impetus: both roll a natural {nat['west']}: the Turn ends "
                                "[seed: End of Turn]", dice=[nat["west"], nat["dark-lord"]]))
                return ev + self.end_turn()
            mods = {s: self.impetus_mod(s) for s in SIDES}
            tot = {s: nat[s] + mods[s][0] for s in SIDES}
            text = "; ".join(f"{NAME[s]} {nat[s]}" + (f" ({', '.join(mods[s][1])}) = {tot[s]}"
                                                       if mods[s][1] else "") for s in SIDES)
            if tot["west"] == tot["dark-lord"]:
                ev.append(event("impetus", "[MT §6.3]", f"Impetus: {text}: a tie, rolled again (R-58)",
                                dice=[nat["west"], nat["dark-lord"]]))
                continue
            win = "west" if tot["west"] > tot["dark-lord"] else "dark-lord"
            lose = OTHER[win]
            pips = min(tot[win] - tot[lose], self.phase_pool)
            self.phase_pool -= pips
            capped = " (capped by the Phase)" if pips < tot[win] - tot[lose] else ""
            if self.phase_pool == 0:
                self.phase_pool = int(self.D.values["phase_pool"])
            self.losses_in_row[lose] += 1
            self.losses_in_row[win] = 0
            if self.arrival_bonus is not None and win == "west":
                self.forced_pips = min(int(self.D.values["forced_pips"]), pips)
            self.arrival_bonus = None
            self.round += 1
            self.active = win
            self.pips = pips
            ev.append(event("impetus", "[MT §6.3]",
                            f"Impetus: {text}: {NAME[win]} wins {pips} impetus{capped}",
                            dice=[nat["west"], nat["dark-lord"]], winner=win, pips=pips))
            return ev

    def end_round(self: Any) -> list[Event]:
        """A Round ends: a new impetus roll, or the end of the Turn if a deck ran out (R-59)."""
        self.pips = 0
        self.forced_pips = 0
        self.selected = None
        if self.deck_emptied_by is not None:
            return [event("deck_out", "[MT §6.7]",
                          f"{NAME[self.deck_emptied_by]}'s deck is exhausted: the Turn ends (R-59)")] \
                + self.end_turn()
        return self.impetus_roll()

    def end_turn(self: Any) -> list[Event]:
        """TURN_END [MT §6.7]: bookkeeping, control, demoralization and victory [MT §9]."""
        ev = [event("turn_end", "[MT §6.7]", f"Turn {self.turn_no} ends")]
        self.pips = 0
        self.forced_pips = 0
        self.selected = None
        for s in SIDES:
            if self.current[s] is not None:       # the current card is spent, not lost
                self.discards[s].append(self.current[s])
            self.current[s] = None
        for u in self.units.values():
            u.acted_on = -1
        for ld in self.leaders.values():
            ld.out_of_action = False
        ev.extend(self.turn_end_bookkeeping())
        if self.result_ is None:
            ev.extend(self.start_turn())
        return ev

    # ----- what the active side may do [MT §6.5] ---------------------------------------------
    def card_instance(self: Any, side: str) -> int:
        return self.card_no[side]

    def round_actions(self: Any) -> list[Action]:
        side = self.active
        V = self.D.values
        acts: list[Action] = []
        if self.decks[side] and self.pips >= int(V["turn_card_cost"]):
            acts.append({"type": "turn_card"})
        forced = self.forced_pips > 0
        for actor in self.actors_that_may_act(side):
            if forced and not self.is_arrival(actor):
                continue
            acts.append({"type": "select", "actor": actor})
        if not forced:
            if self.pips >= int(V["reaction_bank_price"]) and self.bank[side] < int(V["reaction_bank_cap"]):
                acts.append({"type": "bank"})
            acts.append({"type": "pass"})
        elif not acts:
            acts.append({"type": "pass"})
        return acts

    def _forced_choices(self: Any) -> bool:
        side = self.active
        if self.decks[side]:
            return True
        return any(self.is_arrival(a) for a in self.actors_that_may_act(side))

    def is_arrival(self: Any, actor: str) -> bool:
        """An actor of the arriving contingent (forced pips, R-56)."""
        contingent = self.arriving
        if actor in self.units:
            return self.units[actor].contingent == contingent
        if actor in self.leaders:
            return self.D.leaders[actor].contingent == contingent
        return False

    def spend(self: Any, n: int, why: str) -> None:
        if self.pips < n:
            raise IllegalAction("[MT §6.5]", f"{why} costs {n} impetus; {self.pips} left")
        self.pips -= n
        if self.forced_pips > 0:
            self.forced_pips = max(0, self.forced_pips - n)

    def do_turn_card(self: Any, action: Action) -> list[Event]:
        """[MT §5] Turn the next card (1 impetus): the previous card stops being current."""
        side = self.active
        if not self.decks[side]:
            raise IllegalAction("[MT §6.5]", "the deck is empty: no card to turn")
        self.spend(int(self.D.values["turn_card_cost"]), "turning a card")
        return self.reveal_card(side)

    def reveal_card(self: Any, side: str) -> list[Event]:
        card = self.decks[side].pop()
        prev = self.current[side]
        if prev is not None:
            self.discards[side].append(prev)
        self.current[side] = card
        self.card_no[side] += 1
        spec = self.D.cards[card]
        ev = [event("card", spec.rule, f"{NAME[side]} turns {spec.name_for(side)}",
                    side=side, card=card, reveal=True)]
        if not self.decks[side]:
            self.deck_emptied_by = side
        if card == "fighting_fires" and not self.friendly_fire_burning(side):
            # [found: CARDS] no fire on a friendly area: ignored, the next card turned free
            ev.append(event("card", "[MT §5.1]", "No fire burns on a friendly area: the card is "
                            "ignored and the next one turned free"))
            self.discards[side].append(card)
            self.current[side] = None
            if self.decks[side]:
                return ev + self.reveal_card(side)
            self.deck_emptied_by = side
            return ev
        if card in ("horns", "black_ships"):
            ev.extend(self.arrival_card(side, card))
        elif card == "leader_check":
            ev.extend(self.leader_check(side))
        return ev

    def arrival_card(self: Any, side: str, card: str) -> list[Event]:
        """[MT §5.4] The Horns of Rohan / the Black Ships: the arrivals set up and the Turn
        ends; the West gets +4 on the next Turn's first impetus roll."""
        ev: list[Event] = []
        if card == "horns":
            self.horns_in_decks = False
            for s in SIDES:
                self.decks[s] = [c for c in self.decks[s] if c != "horns"]
            self.rohan_arrived = True
            self.rohan_turn = self.turn_no
            self.darkness_broken = True
            self.arrival_bonus = "rohan"
            ev.append(event("arrival", "[MT §5.4]", "The Horns of Rohan! Rohan arrives; the "
                            "Darkness breaks (R-55); the Turn ends"))
        else:
            self.black_ships_in_deck = False
            self.decks["west"] = [c for c in self.decks["west"] if c != "black_ships"]
            self.aragorn_arrived = True
            self.arrival_bonus = "aragorn"
            ev.append(event("arrival", "[MT §5.4]", "The Black Ships! Aragorn and the Provincial "
                            "troops arrive; the Turn ends"))
        contingent = ARRIVALS[card]
        self.arriving = contingent
        self.waiting.extend(u for u, x in self.units.items()
                            if x.contingent == contingent and not x.on_table and x.figures > 0)
        self.waiting.extend(ld for ld, spec in self.D.leaders.items()
                            if spec.contingent == contingent and not self.leaders[ld].on_table)
        ev.extend(self.place_waiting())
        self.pips = 0
        ev.extend(self.end_turn())
        return ev

    def do_bank(self: Any, action: Action) -> list[Event]:
        """[MT §6.5] Bank one reaction pip for 2 impetus (bank ≤ 4)."""
        V = self.D.values
        side = self.active
        if self.bank[side] >= int(V["reaction_bank_cap"]):
            raise IllegalAction("[MT §6.5]", f"the reaction bank holds at most {V['reaction_bank_cap']}")
        self.spend(int(V["reaction_bank_price"]), "banking a reaction pip")
        self.bank[side] += 1
        return [event("bank", "[MT §6.5]", f"{NAME[side]} banks a reaction pip "
                      f"(bank {self.bank[side]})", side=side)]

    def do_pass(self: Any, action: Action) -> list[Event]:
        """R-60: the active side ends its Round and forfeits the rest of its pips."""
        lost = self.pips
        self.pips = 0
        self.forced_pips = 0
        return [event("pass", "[MT §6.3]", f"{NAME[self.active]} passes"
                      + (f", forfeiting {lost} impetus (R-60)" if lost else ""), side=self.active)]

    def do_select(self: Any, action: Action) -> list[Event]:
        actor = action.get("actor")
        if not isinstance(actor, str) or actor not in self.actors_that_may_act(self.active):
            raise IllegalAction("[MT §6.5]", f"{actor!r} may not act now")
        self.selected = actor
        return self.on_select(actor)
