"""Piquet's own JSON endpoint: the stateless declaration checker (docs/api.md "Declaration checker")."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from ...api.openapi import Reply, describe
from ...api.requests import object_body, rule_error
from ...games.schemas import ref
from ...rules.errors import RuleError
from ...rules.piquet.check import check_hands
from .kind import check_object

bp = Blueprint("piquet_api", __name__, url_prefix="/api/v1/piquet")
bp.register_error_handler(RuleError, rule_error)


@bp.post("/check")
@describe("Check Piquet declarations (stateless)", tag="piquet", body=ref("PiquetCheck"), replies={
    200: Reply("Who is good in each class, and the combinations found in each hand.", ref("PiquetCheckResult")),
})
def check_declarations() -> Response:
    """The stateless declaration checker: two 12-card hands, every combination found and compared."""
    data = object_body()
    return jsonify(check_object(check_hands(data.get("elder"), data.get("younger"), data.get("carte_blanche"))))
