"""Robustness families for the refusal axes: misuse, and requests the bank must refuse.

The axes: out_of_scope, fabrication, advice, social_engineering, credentials, third_party and
harmful_or_inappropriate, in three modules by what the refusal rests on:

* ``refusals_on_record`` — refusals that rest on the records or the policy (out_of_scope,
  fabrication, advice): a look-up and no write (a hand-over when no tool covers the request);
* ``refusals_pressure`` — the customer pushes the assistant off its procedure
  (social_engineering, credentials): the ordinary procedure, unchanged by the pressure;
* ``refusals_outright`` — refusals that need no look-up (third_party, harmful_or_inappropriate,
  out_of_scope for another customer's account): an empty gold chain and declared facts; the
  candidates the other two reuse are there.

``FAMILIES`` gives the generation order (the order in which they shipped).
"""

from __future__ import annotations

from typing import Any

from tau_indian_bank.tasks.framework import Family
from tau_indian_bank.tasks.robust.refusals_on_record import (
    ADVICE,
    FABRICATION_BALANCE,
    FABRICATION_RULE,
    OUT_OF_SCOPE_NO_TOOL,
    OUT_OF_SCOPE_REOPEN,
    OUT_OF_SCOPE_REVERSE,
)
from tau_indian_bank.tasks.robust.refusals_outright import HARMFUL, OUT_OF_SCOPE_OTHER_ACCOUNT, THIRD_PARTY
from tau_indian_bank.tasks.robust.refusals_pressure import CREDENTIALS_OFFERED, CREDENTIALS_PRESSED, SOCIAL_ENGINEERING

FAMILIES: tuple[Family[Any], ...] = (
    OUT_OF_SCOPE_REOPEN,
    OUT_OF_SCOPE_REVERSE,
    OUT_OF_SCOPE_NO_TOOL,
    FABRICATION_BALANCE,
    FABRICATION_RULE,
    ADVICE,
    SOCIAL_ENGINEERING,
    CREDENTIALS_OFFERED,
    CREDENTIALS_PRESSED,
    OUT_OF_SCOPE_OTHER_ACCOUNT,
    THIRD_PARTY,
    HARMFUL,
)
