"""Write docs/rule-index.md: which function of the rules core enforces each rulebook section.

    .venv/bin/python scripts/rule_index.py            # rewrite docs/rule-index.md
    .venv/bin/python scripts/rule_index.py --check    # exit 1 if it is out of date

The index is built from the registrations (`@rule` in `rules/registry.py`, `@opener` in
`rules/actions/opening.py`, the solo AI's `RESOLVERS` in `rules/solo/turn.py`), the public
functions of set-up, turn flow and scoring, and every function or method of the rules core
whose docstring cites the rulebook (`[Section, l.N]`). Each is listed under the sections
its cited lines fall in, in rulebook order. Registered or public functions citing no line
are listed apart, so they get a citation; so are citations whose section name is not the
rulebook's heading for that line.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
INDEX = ROOT / "docs" / "rule-index.md"
REGENERATE = ".venv/bin/python scripts/rule_index.py"

RULEBOOK_LINES = 553
"""The rulebook text (monuments-rulebook.txt) has 553 lines; a citation past it is wrong."""

HEADINGS = (
    (52, 0, "Components"),
    (54, 1, "Game board and monuments"),
    (63, 1, "Cards"),
    (76, 1, "Tokens and pieces"),
    (91, 1, "Per player"),
    (101, 0, "Story"),
    (118, 0, "Set-up"),
    (122, 1, "2 players, using Greece and Egypt"),
    (128, 1, "2 players, using Maya and Inca"),
    (134, 1, "3 players"),
    (140, 1, "4 players"),
    (150, 1, "Player set-up"),
    (168, 1, "Monument costs"),
    (176, 1, "Unit and building costs"),
    (186, 0, "Goal of the game and flow of play"),
    (204, 1, "In a turn, a player can either"),
    (211, 0, "Action cards"),
    (213, 1, "Upgrade an action"),
    (219, 1, "Movement"),
    (227, 1, "Production"),
    (238, 1, "Build a building"),
    (244, 2, "Buildings"),
    (246, 3, "Fort"),
    (248, 3, "Town"),
    (250, 3, "Factory"),
    (252, 3, "Bridge"),
    (254, 3, "Ferry"),
    (258, 1, "Build a building"),
    (262, 1, "Populate"),
    (268, 1, "Build a layer of your monument"),
    (290, 2, "So to summarize, when building a monument"),
    (305, 1, "Train a military unit"),
    (313, 2, "Navy"),
    (317, 2, "Army"),
    (321, 2, "Air force"),
    (325, 2, "Weapons"),
    (331, 1, "Attack"),
    (343, 2, "The defender divides damage"),
    (351, 2, "The attacker divides damage"),
    (357, 2, "Retreat and take over"),
    (365, 1, "Draw quest cards"),
    (383, 1, "Trade"),
    (389, 0, "Game end"),
    (411, 0, "Solo rules Monuments"),
    (413, 1, "Components"),
    (420, 1, "Introduction"),
    (430, 1, "Set-up"),
    (448, 1, "Gameplay"),
    (463, 1, "Production"),
    (467, 1, "Movement"),
    (476, 1, "Population"),
    (480, 1, "Special"),
    (498, 1, "Upgrade a card"),
    (504, 1, "Build a building"),
    (514, 1, "Draw quest card"),
    (518, 1, "Build your Monument"),
    (551, 1, "Game end"),
)
"""(first line, depth, heading) of each rulebook section, in order: the rulebook's headings,
with Attack and the labelled paragraphs Fort to Ferry (its sub-headings the table of contents
leaves out). Build a building appears twice: its card text goes on after the buildings (l.258)."""

SOLO_FROM = 411
"""Solo citations may name their section with a "Solo" prefix (e.g. "Solo set-up")."""


class Section(NamedTuple):
    first: int
    last: int
    path: tuple[str, ...]

    @property
    def title(self) -> str:
        return " › ".join(self.path)


def sections() -> list[Section]:
    """Every heading of HEADINGS with the lines it covers and the headings above it."""
    out, stack = [], []
    for i, (line, depth, name) in enumerate(HEADINGS):
        stack = stack[:depth] + [name]
        last = HEADINGS[i + 1][0] - 1 if i + 1 < len(HEADINGS) else RULEBOOK_LINES
        out.append(Section(line, last, tuple(stack)))
    return out


def section_of(line: int) -> Section | None:
    """The innermost section holding `line`, or None before the first heading or past the end."""
    return next((s for s in sections() if s.first <= line <= s.last), None)


class Citation(NamedTuple):
    first: int
    last: int
    name: str | None
    """The section named right before the line ("Movement" in "Movement, l.221"), if any."""

    def covers(self, s: Section) -> bool:
        """True if the cited lines reach into section `s`."""
        return self.first <= s.last and self.last >= s.first

    @property
    def text(self) -> str:
        lines = f"l.{self.first}" if self.first == self.last else f"l.{self.first}-{self.last}"
        return f"{self.name}, {lines}" if self.name else lines


CITATION = re.compile(r"(?:(?:(?<=[\[(])|(?<=; ))([A-Z][^\[\]();,.:\"`]*?), )?\bl\.(\d+)(?:-(\d+))?")
"""`l.N` or `l.N-M`, with the section name when one opens a bracket or follows a `;`."""


def citations(doc: str | None) -> list[Citation]:
    """The rulebook lines a docstring cites, in order of appearance."""
    return [Citation(int(a), int(b or a), name.strip() if name else None) for name, a, b in CITATION.findall(doc or "")]


def names_its_section(c: Citation) -> bool:
    """True if the citation names no section, or the heading (or a heading above it) of its line."""
    s = section_of(c.first)
    if c.name is None or s is None:
        return c.name is None
    name = c.name.lower()
    if c.first >= SOLO_FROM and name.startswith("solo"):
        name = name.removeprefix("solo").strip() or "solo rules monuments"
    return any(h.lower().startswith(name) for h in s.path) or name in ("solo rules", "rules monuments")


class Entry(NamedTuple):
    module: str
    name: str
    roles: tuple[str, ...]
    """How the function is registered or why it is an entry point; empty for a cited helper."""
    cites: tuple[Citation, ...]


def _pairs_text(pairs: list[tuple[type, type]]) -> str:
    by_command: dict[str, list[str]] = {}
    for pending, command in pairs:
        by_command.setdefault(command.__name__, []).append(pending.__name__)
    parts = []
    for command, pendings in sorted(by_command.items()):
        at = ", ".join(f"`{p}`" for p in pendings) if len(pendings) <= 3 else f"{len(pendings)} decisions"
        parts.append(f"rule `{command}` at {at}")
    return "; ".join(parts)


ENTRY_MODULES = {
    "monuments_tui.rules.setup": "set-up",
    "monuments_tui.rules.flow": "turn flow",
    "monuments_tui.rules.scoring": "scoring",
}
"""Modules whose public functions are entry points of the rules, registered or not."""


def registrations() -> dict[object, list[str]]:
    """Each registered or entry-point function, with what it is registered as."""
    import monuments_tui.rules.legal  # noqa: F401  (importing legal registers every handler)
    from monuments_tui.rules.actions.opening import OPENERS
    from monuments_tui.rules.registry import RULES
    from monuments_tui.rules.solo.turn import RESOLVERS

    roles: dict[object, list[str]] = {}
    pairs: dict[object, list[tuple[type, type]]] = {}
    for pair, fn in RULES.items():
        pairs.setdefault(fn, []).append(pair)
    for fn, fn_pairs in pairs.items():
        roles.setdefault(fn, []).append(_pairs_text(fn_pairs))
    for card, fn in OPENERS.items():
        roles.setdefault(fn, []).append(f"opens the `{card}` card")
    for card, fn in RESOLVERS.items():
        roles.setdefault(fn, []).append(f"solo AI card `{card}`")
    for module, role in ENTRY_MODULES.items():
        for name, fn in vars(importlib.import_module(module)).items():
            if inspect.isfunction(fn) and fn.__module__ == module and not name.startswith("_"):
                roles.setdefault(fn, []).append(role)
    return roles


def rules_functions():
    """(module, qualified name, function) for every function and method defined in the rules core."""
    import monuments_tui.rules as core

    modules = [core] + [
        importlib.import_module(m.name) for m in pkgutil.walk_packages(core.__path__, "monuments_tui.rules.")
    ]
    for module in modules:
        for name, obj in vars(module).items():
            if inspect.isfunction(obj) and obj.__module__ == module.__name__:
                yield module.__name__, name, obj
            elif inspect.isclass(obj) and obj.__module__ == module.__name__:
                for attr, member in vars(obj).items():
                    member = getattr(member, "__func__", member)
                    if inspect.isfunction(member):
                        yield module.__name__, f"{name}.{attr}", member


def entries() -> list[Entry]:
    """Every registered, entry-point or citing function of the rules core."""
    roles = registrations()
    found = []
    for module, name, fn in rules_functions():
        cites = tuple(citations(fn.__doc__))
        if fn in roles or cites:
            found.append(Entry(module.removeprefix("monuments_tui."), name, tuple(roles.get(fn, ())), cites))
    return sorted(found, key=lambda e: (e.module, e.name))


def _row(e: Entry, cites) -> str:
    role = "; ".join(e.roles)
    return f"| `{e.module}` | `{e.name}` | {role} | {', '.join(c.text for c in cites)} |"


TABLE_HEAD = "| Module | Function | Registered as | Cites |\n| --- | --- | --- | --- |"


def by_section(found: list[Entry]) -> list[str]:
    """The part of the index that follows the rulebook, one table per cited section."""
    out = []
    for s in sections():
        rows = []
        for e in found:
            here = [c for c in e.cites if c.covers(s)]
            if here:
                rows.append((here[0].first, e.module, e.name, _row(e, here)))
        if rows:
            out += [f"## {s.title} (l.{s.first}-{s.last})", "", TABLE_HEAD]
            out += [row for *_, row in sorted(rows)]
            out.append("")
    return out


def render() -> str:
    """The text of docs/rule-index.md."""
    found = entries()
    uncited = [e for e in found if not e.cites]
    misnamed = [(e, c) for e in found for c in e.cites if not names_its_section(c)]
    silent = [s for s in sections() if not any(c.covers(s) for e in found for c in e.cites)]
    out = [
        "# Rule index",
        "",
        "Which function of the rules core (`monuments_tui/rules/`) enforces each section of the",
        "rulebook, in rulebook order. Line numbers are those of `monuments-rulebook.txt`; Bnn are",
        "the gaps of the rules review, settled in [rules-decisions.md](rules-decisions.md).",
        "",
        "Generated by `scripts/rule_index.py` from the registrations (`@rule`, `@opener`, the",
        "solo AI's `RESOLVERS`), the public functions of set-up, turn flow and scoring, and the",
        "rulebook citations in the docstrings. Do not edit it by hand: after changing a rule or",
        f"its docstring, run `{REGENERATE}` (`tests/test_rule_index.py` fails until then).",
        "A function citing lines of several sections appears under each of them.",
        "",
        f"{len(found)} functions; {sum(1 for e in found if e.roles)} registered or entry points.",
        "",
    ]
    out += by_section(found)
    out += ["## Registered or entry points citing no rulebook line", ""]
    if uncited:
        out += [TABLE_HEAD] + [_row(e, ()) for e in uncited]
    else:
        out.append("None.")
    out += ["", "## Citations naming another section than the rulebook's", ""]
    if misnamed:
        out += ["| Module | Function | Citation | The line is in |", "| --- | --- | --- | --- |"]
        for e, c in misnamed:
            where = section_of(c.first)
            out.append(f"| `{e.module}` | `{e.name}` | {c.text} | {where.title if where else 'no section'} |")
    else:
        out.append("None.")
    out += ["", "## Sections no docstring cites", ""]
    out += [f"- {s.title} (l.{s.first}-{s.last})" for s in silent] or ["None."]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if argv == ["--check"]:
        if INDEX.exists() and INDEX.read_text() == text:
            return 0
        print(f"{INDEX.relative_to(ROOT)} is out of date: run `{REGENERATE}`", file=sys.stderr)
        return 1
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    INDEX.write_text(text)
    print(f"wrote {INDEX.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
