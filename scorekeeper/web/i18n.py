"""The players' languages: choosing one per request, translating, and formatting numbers.

Pages take the language from `?lang=xx` (remembered in the `lang` cookie),
then that cookie, then `Accept-Language`. The JSON API follows
`Accept-Language` alone: a client states its language on every request.
The languages offered are English and every catalog in `translations/`.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import localcontext
from functools import lru_cache
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlencode, urlsplit

from babel.lists import format_list
from babel.numbers import format_decimal, get_minus_sign_symbol
from flask import Flask, Response, current_app, g, request
from flask_babel import get_locale, get_translations
from werkzeug.datastructures import MultiDict

from ..extensions import babel
from ..rules.phrases import Listed, Phrase, Signed
from .htmx import is_fragment_request
from .vary import vary_on

DEFAULT_LANGUAGE = "en"
# Each language named in itself, in the order the menu shows them.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}
COOKIE = "lang"
COOKIE_MAX_AGE = 365 * 24 * 3600
TYPOGRAPHIC_MINUS = "\N{MINUS SIGN}"


def catalog_languages(directory: Path) -> list[str]:
    """English, then every language that has a catalog in `directory`, in menu order."""
    present = {path.parent.parent.name for path in directory.glob("*/LC_MESSAGES/messages.po")}
    return [code for code in LANGUAGE_NAMES if code == DEFAULT_LANGUAGE or code in present]


def languages() -> list[str]:
    return current_app.config["LANGUAGES"]


def is_api_request() -> bool:
    return request.path.startswith("/api/")


def chosen_language() -> str | None:
    """The language this request asks for by `?lang=`, if the app has it."""
    wanted = request.args.get("lang")
    return wanted if wanted in languages() else None


def select_locale() -> str:
    if not is_api_request():
        remembered = request.cookies.get(COOKIE)
        explicit = chosen_language() or (remembered if remembered in languages() else None)
        if explicit:
            return explicit
    return request.accept_languages.best_match(languages(), default=DEFAULT_LANGUAGE)


def language() -> str:
    """The language of this request's text, e.g. "fr" (looked up once: every number written asks for it)."""
    if "language" not in g:
        g.language = str(get_locale() or DEFAULT_LANGUAGE)
    return cast(str, g.language)


def remember_language(response: Response) -> Response:
    """A page asked for with `?lang=xx` keeps that language in a cookie for the pages after it.

    Only page loads set it: an htmx fragment or the live poll (which names the
    page's language in its URL) must not change what the other tabs show.
    """
    wanted = chosen_language()
    if (wanted and request.endpoint != "live.changes" and not is_fragment_request() and not is_api_request()
            and request.cookies.get(COOKIE) != wanted):
        response.set_cookie(
            COOKIE, wanted, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True, secure=request.is_secure
        )
    return response


def vary_on_language(response: Response) -> Response:
    """Caches must key on what picks the language: the header, and for pages the cookie."""
    if request.endpoint == "static":
        return response
    vary_on(response, "Accept-Language")
    if not is_api_request():
        vary_on(response, "Cookie")
    return response


def _switch_target() -> str:
    """The page a language link reloads: this one, or after a form post the page that held the form."""
    if request.method == "GET":
        return request.path
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host and referrer.path:
        return referrer.path
    return "/"


def language_links() -> list[dict[str, Any]]:
    """The footer's language menu: one link per language, named in that language."""
    target = _switch_target()
    query = MultiDict(request.args) if request.method == "GET" else MultiDict()
    current = language()
    links = []
    for code in languages():
        query.setlist("lang", [code])
        url = f"{target}?{urlencode(list(query.items(multi=True)))}"
        links.append({"code": code, "name": LANGUAGE_NAMES[code], "url": url, "current": code == current})
    return links


# The app's English writes lists as its sentences do, without a comma before "and" ("tables 1, 2 and 3"): CLDR's
# British English lists so, its plain English does not.
LIST_LOCALES = {"en": "en_GB"}


def listed(items: list[str], language: str) -> str:
    """Items as `language` lists them: "1, 2 and 3", "1, 2 und 3", "1, 2 et 3"."""
    return format_list(items, locale=LIST_LOCALES.get(language, language))


def minus_sign() -> str:
    """The locale's minus sign, typeset: CLDR gives these languages the hyphen-minus."""
    symbol = get_minus_sign_symbol(language())
    return TYPOGRAPHIC_MINUS if symbol == "-" else symbol


def number(value: int | float) -> str:
    """A whole number or score as the reader writes it: "1 234" in French, "−40"."""
    return _written(value, language())


@lru_cache(maxsize=8192)
def _written(value: int | float, language: str) -> str:
    """`number` in one language, remembered: Babel formats slowly, and a page writes the same scores again."""
    symbol = get_minus_sign_symbol(language)
    with localcontext() as context:  # Babel rounds in the current context, of 28 digits: a 26-digit hand number
        if isinstance(value, int):  # sent by a client still gets written in a message
            context.prec = max(context.prec, len(str(abs(value))) + 8)  # and the 3 decimals it keeps room for
        text = format_decimal(abs(value), locale=language)
    return f"{TYPOGRAPHIC_MINUS if symbol == '-' else symbol}{text}" if value < 0 else text


def signed(value: int) -> str:
    """A change in score with its sign: "+52", "−100", and a plain "0" (no gain, no loss)."""
    return _signed(value, language())


def _signed(value: int, language: str) -> str:
    text = _written(value, language)
    return f"+{text}" if value > 0 else text


def _writer(language: str) -> Callable[[Any], Any]:
    """How a phrase's values are written in `language` (the language looked up once a phrase, not once a value)."""
    def write(value: Any) -> Any:
        if isinstance(value, Signed):
            return _signed(value.value, language)
        if isinstance(value, Listed):
            return listed([str(write(item)) for item in value.items], language)
        if isinstance(value, int) and not isinstance(value, bool):
            return _written(value, language)
        return value

    return write


def _translate() -> Callable[[str], str]:
    """This request's gettext, looked up once (a page renders hundreds of phrases)."""
    if "translate" not in g:
        g.translate = get_translations().gettext
    return g.translate


def say(phrase: Phrase) -> str:
    """An engine phrase in the reader's language, its numbers written the reader's way."""
    return phrase.render(_translate(), _writer(language()), get_translations().ngettext)


def init_app(app: Flask, translations: Path) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(translations))
    app.config.setdefault("LANGUAGES", catalog_languages(translations))
    babel.init_app(app, locale_selector=select_locale)
    app.after_request(remember_language)
    app.after_request(vary_on_language)
    # Templates call _() hundreds of times a page: use the request's cached gettext
    # instead of Flask-Babel's, which looks the translations up on every call.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by Jinja's i18n extension
        gettext=lambda string: _translate()(string),
        ngettext=lambda singular, plural, n: get_translations().ngettext(singular, plural, n),
        pgettext=lambda context, string: get_translations().pgettext(context, string),
        newstyle=True,
    )
    app.jinja_env.filters["say"] = say
    app.jinja_env.filters["number"] = number
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.globals.update(language=language, language_links=language_links, language_names=LANGUAGE_NAMES)
