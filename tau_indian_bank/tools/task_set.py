"""The task-set-only tools: reads the policy does not describe, offered only where a robustness task enables them.

Each is a read with several typed arguments whose meaning is in its docstring (the only place
the assistant can learn it, ``unseen_tool``): a branch finder by city, a loan's coming EMIs split
into principal and interest, what a part-prepayment would do to a floating-rate loan, and how
much of the day's UPI limit an account has used. ``tools.staging.enable_tool`` offers one in a
session; elsewhere the agent is not offered it and a call to it is refused
(``plugin.environment``). Their specs are ``tools.catalogue.TASK_SET_SPECS``, apart from the 34.
"""

# No ``from __future__ import annotations``: tau2 needs the tools' live annotations.

import datetime as dt
from typing import Annotated, Any, Literal

from tau2.environment.toolkit import ToolType, is_tool

from tau_indian_bank.bank import clock, interest
from tau_indian_bank.bank.money import format_rupees, paise_to_rupees
from tau_indian_bank.constants import UPI_DAILY_LIMIT_PAISE
from tau_indian_bank.tools.arguments import AccountId, IntArg, IsoDate, LoanId, PlainText, Rupees
from tau_indian_bank.tools.base import NotFoundError, RefusedError, ToolsBase

#: How many EMIs one schedule look-up lists at most.
EmiCount = Annotated[int, IntArg(1, 12)]
Reduce = Literal["emi", "tenure"]


def _instalment(outstanding: int, rate_bps: int, emi: int) -> tuple[int, int]:
    """(principal part, interest part) of one EMI on a reducing balance (interest rounded half up to the paisa)."""
    charged = (outstanding * rate_bps + 60_000) // 120_000
    return min(max(emi - charged, 0), outstanding), charged


def schedule(outstanding: int, rate_bps: int, emi: int, first_due: dt.date, emis_left: int) -> list[dict[str, Any]]:
    """Every remaining EMI of a loan: due date, EMI, principal and interest parts, principal outstanding after it."""
    rows = []
    for k in range(emis_left):
        if outstanding <= 0:
            break
        principal, charged = _instalment(outstanding, rate_bps, emi)
        if k == emis_left - 1:  # the last EMI clears what is left
            principal = outstanding
        outstanding -= principal
        rows.append(
            {
                "due_date": clock.add_months(first_due, k).isoformat(),
                "emi": principal + charged,
                "principal": principal,
                "interest": charged,
                "outstanding_after": outstanding,
            }
        )
    return rows


def _months_to_repay(outstanding: int, rate_bps: int, emi: int, limit: int) -> int:
    """How many EMIs of ``emi`` clear ``outstanding`` (at most ``limit``)."""
    months = 0
    while outstanding > 0 and months < limit:
        principal, _ = _instalment(outstanding, rate_bps, emi)
        outstanding -= max(principal, 1)
        months += 1
    return months


def _rupees(row: dict[str, Any]) -> dict[str, Any]:
    return {key: paise_to_rupees(value) if isinstance(value, int) else value for key, value in row.items()}


class TaskSetTools(ToolsBase):
    """The task-set-only reads (offered only when a task enables them)."""

    @is_tool(ToolType.READ)
    def find_branches(self, city: PlainText) -> dict[str, Any]:
        """Find the bank's branches in a city, with each branch's IFSC code (for a transfer, a cheque or a visit).

        Args:
            city: The city to look in, such as 'Pune'.

        Returns:
            The branches in that city (name, IFSC code, state), by IFSC code.
        """
        rows = self.rows("SELECT * FROM branches WHERE lower(city) = lower(?) ORDER BY ifsc", (city.strip(),))
        if not rows:
            raise NotFoundError(f"the bank has no branch in {city.strip()!r}; check the city's spelling")
        return {
            "city": rows[0]["city"],
            "branches": [{"branch_name": r["branch_name"], "ifsc": r["ifsc"], "state": r["state"]} for r in rows],
        }

    def _active_loan(self, loan_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        loan = dict(self.loan(loan_id))
        if loan["status"] != "active":
            raise RefusedError(f"loan {loan_id} is closed; it has no EMIs to come")
        left = max(loan["tenure_months"] - loan["emis_paid"], 0)
        rows = schedule(loan["outstanding_paise"], loan["rate_bps"], loan["emi_paise"], clock.parse_iso(loan["next_emi_date"]), left)
        return loan, rows

    @is_tool(ToolType.READ)
    def get_emi_schedule(self, loan_id: LoanId, from_date: IsoDate, count: EmiCount = 3) -> dict[str, Any]:
        """List a loan's coming EMIs from a date, each split into the principal and the interest it repays.

        Args:
            loan_id: The loan number, such as 'LNB7Q2M5XK'.
            from_date: List the EMIs due on or after this date, such as '2026-08-01' (EMIs already paid are never listed).
            count: How many EMIs to list, from 1 to 12, such as 3.

        Returns:
            The EMIs in due-date order: due date, EMI, principal part, interest part, principal outstanding after it.
        """
        loan, rows = self._active_loan(loan_id)
        listed = [r for r in rows if r["due_date"] >= from_date.isoformat()][:count]
        if not listed:
            raise NotFoundError(
                f"loan {loan_id} has no EMI due on or after {from_date.isoformat()}; its last EMI is due on "
                f"{rows[-1]['due_date'] if rows else loan['next_emi_date']}"
            )
        return {"loan_id": loan_id, "rate": f"{loan['rate_bps'] / 100:.2f}%", "emis": [_rupees(r) for r in listed]}

    @is_tool(ToolType.READ)
    def get_prepayment_options(self, loan_id: LoanId, amount: Rupees, reduce: Reduce) -> dict[str, Any]:
        """Work out what a part-prepayment would do to a floating-rate loan; nothing is paid or changed.

        Args:
            loan_id: The loan number, such as 'LNB7Q2M5XK'.
            amount: The lump sum the customer would pay towards the principal, in rupees, such as 200000.
            reduce: 'emi' to keep the remaining tenure and lower the EMI, or 'tenure' to keep the EMI and finish sooner.

        Returns:
            The principal after the prepayment, and the new EMI ('emi') or the EMIs left and the last EMI's date ('tenure').
        """
        loan, rows = self._active_loan(loan_id)
        if loan["rate_type"] != "floating":
            raise RefusedError(
                "part-prepayment figures are given in chat for floating-rate loans only; a fixed-rate loan's "
                "prepayment terms are in its key facts statement"
            )
        if amount >= loan["outstanding_paise"]:
            raise RefusedError(f"{format_rupees(amount)} would repay the whole loan: that is a foreclosure, with its own quote")
        after, left = loan["outstanding_paise"] - amount, len(rows)
        result = {
            "loan_id": loan_id,
            "prepayment": paise_to_rupees(amount),
            "principal_after": paise_to_rupees(after),
            "emi_now": paise_to_rupees(loan["emi_paise"]),
            "emis_left_now": left,
            "reduce": reduce,
        }
        if reduce == "emi":
            result["new_emi"] = paise_to_rupees(interest.emi_paise(after, loan["rate_bps"], left))
        else:
            months = _months_to_repay(after, loan["rate_bps"], loan["emi_paise"], left)
            result.update({"emis_left_after": months, "last_emi_date": rows[months - 1]["due_date"]})
        return result

    @is_tool(ToolType.READ)
    def get_upi_usage(self, account_id: AccountId, on_date: IsoDate) -> dict[str, Any]:
        """Total the UPI payments made from an account on one day, and what was left of that day's UPI limit.

        Args:
            account_id: The account number, such as '501004412345'.
            on_date: The day, such as '2026-07-12' (today at the latest).

        Returns:
            The day's successful UPI debits (how many, and their total), the daily UPI limit and what was left of it.
        """
        self.account(account_id)
        if on_date > clock.today():
            raise RefusedError(f"{on_date.isoformat()} is after today; no payments are recorded for it")
        paid = self.rows(
            "SELECT amount_paise FROM transactions WHERE account_id = ? AND posted_on = ? AND channel = 'upi' "
            "AND direction = 'debit' AND status = 'success' ORDER BY txn_id",
            (account_id, on_date.isoformat()),
        )
        total = sum(r["amount_paise"] for r in paid)
        return {
            "account_id": account_id,
            "date": on_date.isoformat(),
            "upi_payments": len(paid),
            "total_paid": paise_to_rupees(total),
            "daily_limit": paise_to_rupees(UPI_DAILY_LIMIT_PAISE),
            "limit_left": paise_to_rupees(max(UPI_DAILY_LIMIT_PAISE - total, 0)),
        }
