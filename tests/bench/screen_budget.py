"""The game-screen row: the game screen, from the moment it is asked for to its first full
paint, against a bare Textual app showing the same widgets.

Two games are shown: a new 2-player game (Greece v Egypt, seed 3) and the 2-player example
(`saves/examples/`) at the middle of its steps, both with two people at the table in a
teaching game (every hand open: no curtain screen and no bot comes in between). Each is
shown in a fresh app at 160x50, headless, settled on its title screen; the time is CPU time
from `start_session` (what the new-game form and the Load list call) until the screen owes
nothing (`owes_nothing`: every message handled, the layout done, every widget painted),
with what was alive before frozen out of the garbage collector's passes on both sides (as
`monuments` freezes what it loads before its app runs), so that neither pays for walking
what earlier rounds left.

"The same widgets" means the bare screen is a copy of the game screen's widget tree as it
is once shown: the same number of widgets, nested the same, each with the same id and
classes, and each of a class of the same name standing on the same Textual widget (a
`HandPane` is a class named `HandPane`, under one named `TextPane`, over Textual's
`ScrollView`) that brings the same `DEFAULT_CSS`, component classes, key bindings and
focusability, but none of the game's code: no text, no watchers, no handlers. The focus
starts on the widget of the same id. The bare app loads the game's stylesheet file,
breakpoints, colours and app keys, and is pushed over a bare copy of the title screen, so
both apps' stylesheets hold the same rules (the same size) and match the same widgets. The
row checks that both screens show as many widgets of each class name at each depth, the
key bar's keys included, and that both stylesheets have as many rules. What the ratio
measures is then what the game's own code adds to Textual's cost of mounting, styling and
painting that screen: its panes' text, the map, the prompt, and any restyle or recompose
it causes.

Each round shows one game screen and then its bare copy, each in a fresh app; the row
keeps the fastest of each over the rounds (after a round of warming up, which pays the
imports) and reports the larger ratio of the two games.
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from tests.bench.app_budgets import _session, _steps
from tests.bench.budgets import Measured, budget

ROOT = Path(__file__).resolve().parents[2]
TWO_PLAYERS = ROOT / "saves" / "examples" / "two-players.jsonl"
SIZE = (160, 50)
COPIED = (
    "DEFAULT_CSS",
    "SCOPED_CSS",
    "DEFAULT_CLASSES",
    "COMPONENT_CLASSES",
    "BINDINGS",
    "can_focus",
    "can_focus_children",
)
"""What a stand-in class takes from the game's class of the same name: its styling, keys and focus."""


def _new_game():
    from monuments_tui.game.session import GameSession
    from monuments_tui.rules.config import GameConfig

    config = GameConfig(civs=("greece", "egypt"), seed=3)
    return GameSession.new(config, seats=("human", "human"), teaching=True, autosave=False)


def _mid_game():
    return _session(TWO_PLAYERS, len(_steps(TWO_PLAYERS)) // 2)


GAMES: dict[str, Callable[[], object]] = {"new 2-player game": _new_game, "mid-game save": _mid_game}


# -- the bare copy ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Shape:
    """A widget of the game screen as the bare screen copies it: its class, id, classes and children."""

    kind: type
    id: str | None
    classes: frozenset[str]
    children: tuple[Shape, ...]
    focused: str | None = None
    """A screen's: the id of the widget that has the focus."""


def shape_of(node: DOMNode) -> Shape:
    """The mounted tree under `node` (a key bar's keys are left to the bare key bar, which makes its own)."""
    children = () if isinstance(node, Footer) else tuple(shape_of(child) for child in node.children)
    focused = node.focused.id if isinstance(node, Screen) and node.focused is not None else None
    return Shape(type(node), node.id, frozenset(node.classes), children, focused)


@cache
def stand_in(cls: type) -> type:
    """A class named as `cls`, over stand-ins of its styled bases down to Textual's own class,
    with `cls`'s own styling, keys and focus and none of its code."""
    if cls.__module__.startswith("textual."):
        return cls
    base = next(b for b in cls.__bases__ if issubclass(b, DOMNode))  # the base Textual styles it by
    own = {name: cls.__dict__[name] for name in COPIED if name in cls.__dict__} | {"__module__": __name__}
    return type(cls.__name__, (stand_in(base),), own)


def _build(shape: Shape) -> Widget:
    widget = stand_in(shape.kind)(id=shape.id, classes=" ".join(sorted(shape.classes)))
    for child in shape.children:
        widget.compose_add_child(_build(child))
    return widget


class BareScreen(Screen):
    """A screen mounting a copy of the game screen's tree (`shape`), the focus on the same widget."""

    def __init__(self, shape: Shape):
        self.AUTO_FOCUS = f"#{shape.focused}" if shape.focused else None
        super().__init__(id=shape.id, classes=" ".join(sorted(shape.classes)))
        self.shape = shape

    def compose(self):
        for child in self.shape.children:
            yield _build(child)


def bare_screen(shape: Shape) -> Screen:
    """The bare screen, of a class named as the game's (so the stylesheet's rules for it apply)."""
    return _bare_screen_class(shape.kind)(shape)


@cache
def _bare_screen_class(kind: type) -> type[BareScreen]:
    return type(kind.__name__, (stand_in(kind), BareScreen), {"__module__": __name__})


def bare_app() -> App:
    return _bare_app_class()()


@cache
def _bare_app_class() -> type[App]:
    """An app with the game's stylesheet file, breakpoints, colours and keys, and no other code."""
    from monuments_tui.ui.app import MonumentsApp

    css = Path(inspect.getfile(MonumentsApp)).parent / str(MonumentsApp.CSS_PATH)
    colours = MonumentsApp.get_theme_variable_defaults

    class Bare(App):
        CSS_PATH = str(css)
        HORIZONTAL_BREAKPOINTS = MonumentsApp.HORIZONTAL_BREAKPOINTS
        VERTICAL_BREAKPOINTS = MonumentsApp.VERTICAL_BREAKPOINTS
        BINDINGS = MonumentsApp.BINDINGS

        def get_theme_variable_defaults(self) -> dict[str, str]:
            return colours(self)  # type: ignore[arg-type]

    return Bare


def kinds(screen: Screen) -> Counter[tuple[str, int]]:
    """Each widget of the screen by its class name and depth, key bar's keys included."""
    return Counter((type(w).__name__, len(w.ancestors)) for w in screen.query("*"))


# -- timing ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Shown:
    """A screen shown: the CPU seconds it took, its tree, its widgets by kind, the stylesheet's rules."""

    seconds: float
    screen: Screen
    shape: Shape
    kinds: Counter[tuple[str, int]]
    rules: int


async def _cpu_to_first_paint(
    app: App, show: Callable[[App], object], first: Shape | None = None
) -> tuple[Shape, Shown]:
    """The app's first screen (a bare copy of `first`, if given) settled, then the CPU seconds from
    `show(app)` to the app's screen owing nothing."""
    from tests.ui.helpers import owes_nothing

    async with app.run_test(size=SIZE) as pilot:
        if first is not None:
            app.push_screen(bare_screen(first))
        await _settled(pilot, owes_nothing)
        underneath = shape_of(app.screen)
        # What is alive by now (the modules, the session, what earlier rounds keep) is frozen out of
        # the collector's passes, as `monuments` freezes what it loads before the app runs: the time
        # is this screen's, not a walk of what happened to be alive before it.
        gc.collect()
        gc.freeze()
        try:
            start = time.process_time()
            show(app)
            await _settled(pilot, owes_nothing)
            spent = time.process_time() - start
        finally:
            gc.unfreeze()
        screen = app.screen
        return underneath, Shown(spent, screen, shape_of(screen), kinds(screen), len(app.stylesheet.rules))


async def _settled(pilot, owes_nothing: Callable[[App], bool]) -> None:
    """Pause until the app owes nothing, at most 400 pauses (a screen that never settles fails the row)."""
    await pilot.pause()
    for _ in range(400):
        if owes_nothing(pilot.app):
            return
        await pilot.pause(0.005)
    raise RuntimeError(f"{type(pilot.app.screen).__name__} never settled")


async def _round(make_session: Callable[[], object]) -> tuple[Shown, Shown]:
    """One game screen over the title screen, and a bare copy of it over a bare copy of the title screen."""
    from monuments_tui.ui.app import MonumentsApp
    from monuments_tui.ui.screens.game import GameScreen

    session = make_session()
    title, game = await _cpu_to_first_paint(MonumentsApp(saves_dir=None), lambda app: app.start_session(session))
    if not isinstance(game.screen, GameScreen):
        raise RuntimeError(f"the app showed {type(game.screen).__name__}, not the game screen")
    _, bare = await _cpu_to_first_paint(bare_app(), lambda app: app.push_screen(bare_screen(game.shape)), title)
    if game.kinds != bare.kinds:
        difference = sorted((game.kinds - bare.kinds) + (bare.kinds - game.kinds))
        raise RuntimeError(f"the bare screen's widgets differ from the game screen's: {difference}")
    if game.rules != bare.rules:
        raise RuntimeError(f"the bare app's stylesheet has {bare.rules} rules, the game's {game.rules}")
    return game, bare


async def _fastest(make_session: Callable[[], object], rounds: int) -> tuple[Shown, Shown]:
    """The fastest game screen and bare screen of `rounds` rounds, after a round of warming up."""
    await _round(make_session)
    shown = [await _round(make_session) for _ in range(rounds)]
    return min((g for g, _ in shown), key=lambda s: s.seconds), min((b for _, b in shown), key=lambda s: s.seconds)


@budget("game-screen: asked for to first paint vs a bare Textual app with the same widgets", at_most=1.3)
def game_screen(smoke: bool) -> Measured:
    rounds = 1 if smoke else 5
    ratios, details = [], []
    for name, make in GAMES.items():
        game, bare = asyncio.run(_fastest(make, rounds))
        ratios.append(game.seconds / bare.seconds)
        details.append(f"{name} {ratios[-1]:.2f}x ({game.seconds * 1e3:.0f} against {bare.seconds * 1e3:.0f} CPU ms)")
    keys = sum(n for (kind, _), n in game.kinds.items() if kind == "FooterKey")
    widgets = sum(game.kinds.values()) - keys
    return Measured(
        max(ratios),
        "; ".join(details) + f"; {widgets} widgets, {keys} keys and {game.rules} stylesheet rules on both sides",
    )
