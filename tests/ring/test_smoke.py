import ringwar


def test_a_game_starts_with_sauron_moving_in_round_one():
    g = ringwar.new_game("battle-of-the-ring", seed=1)
    assert (g.to_act, g.turn, g.phase) == ("sauron", 1, "move1")
    assert g.legal_actions()
