"""The ``ringwar`` command.  Each subcommand lives in ``ringwar.commands.<name>``."""

from __future__ import annotations

import importlib

import click

# subcommand name -> module in ringwar.commands exposing ``command`` (a click command)
COMMANDS = {
    "play": "play",
    "replay": "replay",
    "selfplay": "selfplay",
    "odds": "odds",
    "map": "map_cmd",
    "serve": "serve",
    "tournament": "tournament",
    "simulate": "simulate",
    "analyse": "analyse",
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = COMMANDS.get(name)
        if module is None:
            return None
        return importlib.import_module(f"ringwar.commands.{module}").command


@click.group(cls=_LazyGroup)
@click.version_option(package_name="ringwar")
def main() -> None:
    """ringwar: the classic Lord-of-the-Rings board wargames, rules-enforced."""


if __name__ == "__main__":
    main()
