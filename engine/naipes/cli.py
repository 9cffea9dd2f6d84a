"""The `naipes` command line: list the games, deal, play a shoe, analyse exactly, and each game's own verbs.

Every verb works through the one registry of games (`naipes.games.registry`)
and the one driver (`naipes.core.drive`): `deal`, `shoe` and `analyze` are
the same code for every game; a game adds or overrides verbs (`solve`,
`advise`, ...) in its own folder, declared in its `Game.commands`. Bad input
prints one translated line on stderr and exits with status 2.

Examples:
    >>> build_parser("en").parse_args(["analyze", "punto-banca", "--decks", "8"]).decks
    '8'
    >>> run(build_parser("en").parse_args(["games"]), sys.stdout)  # doctest: +ELLIPSIS
    punto-banca: Punto y Banca — catalogo-es (000), cat-2016 (002), clasificador-bo-cl (001), hoja-baccarat (004)
    ...
"""

from __future__ import annotations

import argparse
import codecs
import functools
import importlib
import io
import json
import os
import sys
import unicodedata
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Mapping, NoReturn, Sequence

from . import __version__
from .core.drive import METHODS, analyze, burned_shoe, play, play_shoe
from .core.errors import NaipesError, SpecError
from .core.formatting import percent
from .core.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, error_text, translate, translate_plural
from .core.model import Game, Report
from .core.options import Option
from .core.narration import burn_text, narrate, stop_card_text
from .core.cards import parse_cards
from .core import options
from .core.rng import SeededRandom
from .games import registry

#: The generic verbs every game with a coup has (`analyze` needs an exact analysis).
GENERIC_VERBS = ("deal", "shoe", "analyze")
#: argparse's own messages that reach a user, so that the catalogs translate them too (argparse looks them up
#: through its module-level `_`, which `_argparse_speaks` points at the catalogs while the command line runs).
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("show program's version number and exit"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"), N_("ignored explicit argument %r"), N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"), N_("unexpected option string: %s"),
)


class UsageError(Exception):
    """argparse's own complaint (an unknown option, a missing argument), shown as one line."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        # No abbreviations: `--dec 3` would otherwise pass as `--decks` and escape the check of each game's options.
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:  # one line, no usage block
        raise UsageError(message)


@contextmanager
def _argparse_speaks(lang: str):
    """While parsing, argparse's messages come from the catalogs in `lang` (its `_` is a module global)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]  # argparse's private gettext aliases
    argparse._ = lambda message: translate(message, lang)  # type: ignore[attr-defined]
    argparse.ngettext = lambda singular, plural, n: translate_plural(singular, plural, n, lang)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def _game_verbs() -> dict[str, dict[str, tuple]]:
    """verb -> {flag: (help msgid, default, more add_argument keywords)} for every verb some game defines.

    A game's command module lists them in `ARGUMENTS`: `(flag, help msgid, default)`, with an optional
    fourth element, a dict of more `add_argument` keywords (e.g. `{"nargs": "+"}` for several hands).
    """
    verbs: dict[str, dict[str, tuple]] = {}
    for game in registry.all_games():
        for verb, target in game.commands.items():
            module = importlib.import_module(target.partition(":")[0])
            verbs.setdefault(verb, {})
            for flag, help_text, default, *more in getattr(module, "ARGUMENTS", {}).get(verb, ()):
                verbs[verb][flag] = (help_text, default, more[0] if more else {})
    return verbs


#: The flags every verb of every game takes.
COMMON_FLAGS = frozenset({"--preset", "--lang", "--json", "--help", "-h"})
#: The generic verbs' own flags (the rules options come from each game's `Game.options`).
GENERIC_FLAGS = {"deal": frozenset({"--seed"}), "shoe": frozenset({"--seed", "--verbose"}),
                 "analyze": frozenset({"--remove", "--method"})}


def declared_flags(game: Game, verb: str) -> frozenset[str]:
    """The flags `game` reads in `verb`: the common ones, its own command module's, its rules options; a flag of
    another game is refused (`check_flags`).

    Examples:
        >>> sorted(declared_flags(registry.game("punto-banca"), "deal"))  # doctest: +NORMALIZE_WHITESPACE
        ['--burn', '--commission', '--decks', '--help', '--json', '--lang', '--preset', '--seed', '--stop-card',
         '--tie-pays', '-h']
    """
    flags = set(COMMON_FLAGS)
    target = game.commands.get(verb)
    if target is None:
        flags |= GENERIC_FLAGS.get(verb, frozenset())
    else:
        module = importlib.import_module(target.partition(":")[0])
        flags |= {flag for flag, *_ in getattr(module, "ARGUMENTS", {}).get(verb, ())}
    if target is None or verb not in getattr(module, "GAMELESS", ()):  # a verb about no game reads no rules
        flags |= {option.flag for option in game.options}
        if verb in GENERIC_FLAGS:  # a game's own deal/shoe/analyze keeps the generic flags it is given
            flags |= GENERIC_FLAGS[verb]
    return frozenset(flags)


def given_flags(argv: Sequence[str]) -> list[str]:
    """The option flags typed on a command line, in order (`--decks=3` is `--decks`).

    Examples:
        >>> given_flags(["analyze", "punto-banca", "--decks=3", "--remove", "As"])
        ['--decks', '--remove']
    """
    return [word.partition("=")[0] for word in argv if word.startswith("-") and word[1:2].isalpha() or
            word.startswith("--") and len(word) > 2]


def check_flags(game: Game, verb: str, argv: Sequence[str]) -> None:
    """Refuse, in one line, a flag that `game` does not take in `verb` (another game's option).

    Raises:
        SpecError: naming the option and the game.
    """
    declared = declared_flags(game, verb)
    for flag in given_flags(argv):
        if flag not in declared:
            raise SpecError("The option {option} does not apply to {game}.", option=flag, game=game.id)


def rules_options(games: Sequence[Game] | None = None) -> dict[str, Option]:
    """flag -> the rules option of that flag, over `games` (default: every game; a flag several games declare
    keeps the first game's declaration).

    Examples:
        >>> rules_options()["--decks"].help
        "number of decks, 1 to 8 (default: the preset's)"
    """
    found: dict[str, Option] = {}
    for game in registry.all_games() if games is None else games:
        for option in game.options:
            found.setdefault(option.flag, option)
    return found


def _add_rules_options(sub: argparse.ArgumentParser, offered: Mapping[str, Option], lang: str) -> None:
    """Add the rules options' flags a verb's parser does not have yet (a verb's own `--decks` stays its own)."""
    taken = {flag for action in sub._actions for flag in action.option_strings}
    for flag, option in offered.items():
        if flag not in taken:
            sub.add_argument(flag, dest=option.dest, default=None, help=translate(option.help, lang))


def _gameless_verbs() -> dict[str, Game]:
    """verb -> the first game offering it, for the verbs a game's command module lists in `GAMELESS` (they are
    about no one game: `naipes rank "As Ks Qs Js Ts"`)."""
    found: dict[str, Game] = {}
    for game in registry.all_games():
        for verb, target in game.commands.items():
            module = importlib.import_module(target.partition(":")[0])
            if verb in getattr(module, "GAMELESS", ()):
                found.setdefault(verb, game)
    return found


def build_parser(lang: str = DEFAULT_LANGUAGE) -> argparse.ArgumentParser:
    """The argument parser, its help in `lang`: the generic verbs and every verb a game adds."""
    t = lambda message: translate(message, lang)  # noqa: E731
    parser = _Parser(prog="naipes", description=t(N_("Rules engine of the Naipes site: deal, play and analyse the "
                                                     "card games of Spanish-language casino regulations.")))
    parser.add_argument("--version", action="version", version=f"naipes {__version__}",
                        help=t(N_("show program's version number and exit")))
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser,
                                     title=t(N_("commands")))
    games_help = t(N_("game: {games}")).format(games=", ".join(registry.ids()))

    def shared(sub: argparse.ArgumentParser, game: bool = True) -> None:
        if game:
            sub.add_argument("game", help=games_help)
            sub.add_argument("--preset", default=None, help=t(N_("jurisdiction preset (default: the game's first)")))
        sub.add_argument("--lang", default=lang, help=t(N_("output language: es, ca or en")))

    listing = commands.add_parser("games", help=t(N_("list every game with its presets and their sources")))
    listing.add_argument("--json", action="store_true", help=t(N_("print a JSON object")))
    shared(listing, game=False)
    verbs = {
        "deal": commands.add_parser("deal", help=t(N_("shuffle a shoe and narrate one coup"))),
        "shoe": commands.add_parser("shoe", help=t(N_("play a whole shoe to the stop card and summarise it"))),
        "analyze": commands.add_parser("analyze", help=t(N_("exact probabilities and house edges"))),
    }
    every_option = rules_options()
    for sub in verbs.values():
        shared(sub)
    for verb in ("deal", "shoe"):
        verbs[verb].add_argument("--seed", default="1", help=t(N_("shuffle seed, 0 to 2**63-1 (the same seed deals "
                                                                  "the same cards everywhere)")))
    verbs["deal"].add_argument("--json", action="store_true", help=t(N_("print a JSON object")))
    verbs["shoe"].add_argument("--verbose", action="store_true", help=t(N_("one line per coup")))
    verbs["analyze"].add_argument("--remove", default="", help=t(N_('cards already out of the shoe, e.g. "As Kd 9c"')))
    verbs["analyze"].add_argument("--method", default="fast", help=t(N_(
        "fast (the game's own analysis) or walk (the generic exact walk over the coup, which must agree)")))
    verbs["analyze"].add_argument("--json", action="store_true", help=t(N_("print a JSON object")))
    gameless = _gameless_verbs()
    for verb, flags in _game_verbs().items():
        if verb in GENERIC_VERBS:  # a game's own options of a generic verb (`analyze --pay-table`)
            for flag, (help_text, default, more) in flags.items():
                verbs[verb].add_argument(flag, default=default, help=t(help_text), **more)
            continue
        offered = ", ".join(g.id for g in registry.all_games() if verb in g.commands)
        sub = commands.add_parser(verb, help=t(N_("{verb} (games: {games})")).format(verb=verb, games=offered))
        shared(sub, game=verb not in gameless)
        sub.add_argument("--json", action="store_true", help=t(N_("print a JSON object")))
        for flag, (help_text, default, more) in flags.items():
            sub.add_argument(flag, default=default, help=t(help_text), **more)
        if verb not in gameless:
            _add_rules_options(sub, rules_options([g for g in registry.all_games() if verb in g.commands]), lang)
    for sub in verbs.values():
        _add_rules_options(sub, every_option, lang)
    return parser


@functools.lru_cache(maxsize=None)
def _parser(lang: str) -> argparse.ArgumentParser:
    """The parser of `lang`, built once per process (about 270 options: 18 ms, the whole cost of a refused input in
    a program that runs the command line again and again, as the tests do). Built under `_argparse_speaks`, as
    argparse's own titles are translated when the parser is made; parsing leaves it unchanged."""
    return build_parser(lang)


# --- what every verb shares ---------------------------------------------------------------------------

def _print(out, line: str) -> None:
    print(line, file=out)


def _t(args: argparse.Namespace, message: str) -> str:
    return translate(message, args.lang)


# --- the generic verbs -------------------------------------------------------------------------------

def games_command(args: argparse.Namespace, out) -> None:
    """Every game with its presets and their sources (the one registry)."""
    listing: list[dict[str, Any]] = [{"id": g.id, "name": translate(g.name, args.lang),
                "presets": [{"name": name, "sources": list(rules.sources)} for name, rules in g.presets.items()],
                "commands": sorted({"deal", "shoe"} | ({"analyze"} if g.analysis else set()) | set(g.commands))}
               for g in registry.all_games()]
    if args.json:
        _print(out, json.dumps({"games": listing}, indent=2, ensure_ascii=False))
        return
    for entry in listing:
        presets = ", ".join(f"{p['name']} ({', '.join(p['sources'])})" for p in entry["presets"])
        _print(out, f"{entry['id']}: {entry['name']} — {presets}")


def deal_command(args: argparse.Namespace, game: Game, out) -> None:
    """Narrate one coup dealt from a seeded shoe, decisions by the game's conduct."""
    rules = game.rules_from(args)
    seed = options.seed(args.seed)
    shoe, burned = burned_shoe(rules, game.deck, seed)
    if burned is not None and burn_text(burned, args.lang):
        _print(out, burn_text(burned, args.lang))
    record = play(game.new_coup(rules), shoe, game.conduct(rules), rng=SeededRandom(seed))
    for event in record.coup.events:
        _print(out, narrate(event, args.lang))


RESULT_LABELS = {"banker": N_("Banker wins: {n}"), "player": N_("Player wins: {n}"), "tie": N_("Ties: {n}")}


def shoe_command(args: argparse.Namespace, game: Game, out) -> None:
    """Deal a whole shoe to the stop card and count the results."""
    rules = game.rules_from(args)
    record = play_shoe(game, rules, options.seed(args.seed))
    if record.burn is not None and burn_text(record.burn, args.lang):
        _print(out, burn_text(record.burn, args.lang))
    counts = {name: 0 for name in RESULT_LABELS}
    for number, coup_record in enumerate(record.coups, 1):
        results = coup_record.coup.results()
        for result in results:
            counts[result] = counts.get(result, 0) + 1
        if args.verbose:
            _print(out, f"{number}. " + narrate(coup_record.coup.events[-1], args.lang))
    if record.stop_card_out:
        _print(out, stop_card_text(args.lang))
    _print(out, _t(args, N_("Coups: {coups}")).format(coups=len(record.coups)))
    for name, message in RESULT_LABELS.items():
        _print(out, _t(args, message).format(n=counts[name]))


def report_json(report: Report) -> dict:
    """A report as JSON: each line's probability and house edge as decimals and exact fractions."""
    data: dict = {}
    for line in report.lines:
        entry: dict = {}
        if line.probability is not None:
            entry.update(probability=float(line.probability), exact=str(line.probability))
        entry.update(house_edge=None if line.house_edge is None else float(line.house_edge),
                     house_edge_exact=None if line.house_edge is None else str(line.house_edge))
        data[line.key] = entry
    for key, value in report.extra.items():
        data[key] = {"probability": float(value), "exact": str(value)} if isinstance(value, Fraction) else value
    return data


def analyze_command(args: argparse.Namespace, game: Game, out) -> None:
    """The exact analysis by the game's fast method or by the generic walk."""
    rules = game.rules_from(args)
    if args.method not in METHODS:
        raise SpecError("Unknown method {method!r}: use fast or walk.", method=args.method)
    removed = parse_cards(args.remove, game.deck)
    counts = game.classes.without(getattr(rules, "decks", 1), removed)
    report = analyze(game, rules, counts, args.method)
    if args.json:
        data = report_json(report)
        data["rules"] = {"game": game.id, "preset": rules.name, "decks": getattr(rules, "decks", 1),
                         "removed": [str(c) for c in removed], "method": args.method}
        _print(out, json.dumps(data, indent=2, ensure_ascii=False))
        return
    probability, edge = _t(args, N_("Probability")), _t(args, N_("House edge"))
    _print(out, f"{'':24} {probability:>14} {edge:>14}")
    for line in report.lines:
        cells = ["" if v is None else percent(v, args.lang, 4) for v in (line.probability, line.house_edge)]
        _print(out, f"{_t(args, line.label):24} {cells[0]:>14} {cells[1]:>14}")


GENERIC = {"deal": deal_command, "shoe": shoe_command, "analyze": analyze_command}


def run(args: argparse.Namespace, out) -> None:
    """Dispatch a parsed command line: the game's own verb if it has one, else the generic one."""
    if args.command == "games":
        games_command(args, out)
        return
    gameless = _gameless_verbs()
    game = gameless[args.command] if args.command in gameless else registry.game(args.game)
    check_flags(game, args.command, getattr(args, "argv", ()))
    own = registry.load_command(game, args.command)
    if own is not None:
        if getattr(args, "json", False):
            _as_json(own, args, game, out)
        else:
            own(args, game, out)
        return
    if args.command not in GENERIC or (args.command == "analyze" and game.analysis is None):
        offered = [g.id for g in registry.all_games() if args.command in g.commands]
        raise SpecError("The command {command} is not available for {game}; it is for {games}.",
                        command=args.command, game=game.id, games=", ".join(offered))
    if getattr(args, "json", False):
        _as_json(GENERIC[args.command], args, game, out)
    else:
        GENERIC[args.command](args, game, out)


def _as_json(verb, args: argparse.Namespace, game: Game, out) -> None:
    """Run a verb for `--json`: its JSON as it prints it, or, for a verb that only narrates, its lines
    in a JSON object — `--json` always gives JSON.

    Examples:
        >>> import io
        >>> out = io.StringIO()
        >>> run(build_parser("en").parse_args(["deal", "black-jack", "--json", "--lang", "en"]), out)
        >>> sorted(json.loads(out.getvalue()))
        ['command', 'game', 'lines', 'preset']
    """
    printed = io.StringIO()
    verb(args, game, printed)
    text = printed.getvalue()
    try:
        json.loads(text)
    except ValueError:
        text = json.dumps({"game": game.id, "command": args.command, "preset": game.rules_from(args).name,
                           "lines": text.splitlines()}, indent=2, ensure_ascii=False) + "\n"
    out.write(text)


def _language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The `--lang` of the command line, read before parsing so that parse errors speak it too; without it, the
    language of the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, as gettext reads them), else Spanish.

    Examples:
        >>> _language(["games", "--lang", "en"]), _language(["games"], {"LANG": "ca_ES.UTF-8"})
        ('en', 'ca')
        >>> _language(["games"], {"LC_ALL": "C.UTF-8", "LANG": "ca_ES.UTF-8"})
        'es'
    """
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            return argv[i + 1]
        if word.startswith("--lang=") and word[7:] in LANGUAGES:
            return word[7:]
    environ = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(variable):  # the first one set decides, as in POSIX (`C` means no preference)
            language = environ[variable].partition(".")[0].partition("_")[0].lower()
            return language if language in LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def interrupted_line(argv: Sequence[str]) -> str:
    """The one line a Ctrl-C prints, in the language of the command line.

    Examples:
        >>> interrupted_line(["games", "--lang", "en"])
        'naipes: Interrupted.'
    """
    return "naipes: " + translate(N_("Interrupted."), _language(argv))


#: What a terminal that cannot show a character gets instead: card suits as the letters the command line reads,
#: typographic signs as their ASCII look-alikes; anything else loses its accents or becomes `?`.
ASCII_LOOK_ALIKES = {"\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c", "\u2014": "-", "\u2013": "-",
                     "\u2212": "-", "\u2026": "...", "\u2044": "/", "\u00b7": ".", "\u00a0": " ", "\u202f": " ",
                     "\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"',
                     "\u00d7": "x", "\u2264": "<=", "\u2265": ">="}


def _look_alike(character: str) -> str:
    if character in ASCII_LOOK_ALIKES:
        return ASCII_LOOK_ALIKES[character]
    plain = "".join(ASCII_LOOK_ALIKES.get(c, c) for c in unicodedata.normalize("NFKD", character)
                    if not unicodedata.combining(c))
    return plain if plain.isascii() and plain else "?"


def _replace_unencodable(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(_look_alike(c) for c in error.object[error.start:error.end]), error.end


codecs.register_error("naipes-look-alike", _replace_unencodable)


def _speak_any_encoding(stream: object) -> None:
    """A text stream whose encoding lacks a character (`PYTHONIOENCODING=ascii`) writes a look-alike instead."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and getattr(stream, "errors", "strict") == "strict":
        reconfigure(errors="naipes-look-alike")


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that Python's own flush at exit finds nothing left to fail on."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is no file (a test's capture)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 on bad input, 1 when the output cannot be written,
    130 when interrupted)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _language(argv)
    try:
        _speak_any_encoding(sys.stdout)
        _speak_any_encoding(sys.stderr)
        with _argparse_speaks(lang):
            args = _parser(lang).parse_args(argv)
        args.argv = argv
        if args.lang not in LANGUAGES:
            raise SpecError("Unknown language {lang!r}: use es, ca or en.", lang=args.lang)
        run(args, sys.stdout)
        sys.stdout.flush()  # a full disk shows here, not in Python's own flush at exit
    except NaipesError as error:
        print("naipes: " + error_text(error, lang), file=sys.stderr)
        return 2
    except UsageError as error:
        print(f"naipes: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(interrupted_line(argv), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader closed the pipe (`naipes … | head`): stop quietly, as Unix tools do.
        _silence_stdout()
        return 1
    except OSError as error:  # `naipes games > /dev/full`
        _silence_stdout()
        reason = error.strerror or type(error).__name__
        print("naipes: " + translate(N_("The output cannot be written: {reason}."), lang).format(reason=reason),
              file=sys.stderr)
        return 1
    return 0
