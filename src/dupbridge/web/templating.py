"""The one Jinja2 environment of the web's templates: the pages a server answers with and
the static results site ``event publish`` writes (``web.site``) render the same files.

Nothing here knows a request or a server, so the CLI writes the static site without
starting one."""

from __future__ import annotations

from html import escape
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from dupbridge.web import lawlinks

TEMPLATES = Path(__file__).parent / "templates"


def quoted(value: object) -> Markup:
    """``value`` escaped as the results pages always escaped a player's name (``&quot;``
    for a double quote, where Jinja2 writes ``&#34;``): the published site's readers, and
    its tests, see the same markup whichever page shows the name."""
    return Markup(escape(str(value)))


def environment() -> Environment:
    """The templates with the law book's addresses (``lawlinks``) and ``quoted``,
    escaped in every .html file, as Starlette sets it up."""
    found = Environment(loader=FileSystemLoader(str(TEMPLATES)),
                        autoescape=select_autoescape())
    lawlinks.install(found)
    found.filters["quoted"] = quoted
    return found
