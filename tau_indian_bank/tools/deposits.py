"""Fixed and recurring deposits: rates, calculators, booking, closure quote, closure, renewal."""

# No ``from __future__ import annotations``: tau2 needs live annotations.

import sqlite3
from typing import Annotated, Any, Literal

from tau2.environment.toolkit import ToolType, is_tool

from tau_indian_bank.bank import clock, interest
from tau_indian_bank.bank.clock import add_months
from tau_indian_bank.bank.money import format_rupees, paise_to_rupees, percent
from tau_indian_bank.constants import (
    DEPOSIT_MAX_TENURE_MONTHS,
    DEPOSIT_RATE_SLABS,
    FD_MIN_AMOUNT_PAISE,
    FD_MIN_TENURE_MONTHS,
    RD_INSTALMENT_STEP_PAISE,
    RD_MIN_INSTALMENT_PAISE,
    RD_MIN_TENURE_MONTHS,
    SENIOR_CITIZEN_UPLIFT_BPS,
)
from tau_indian_bank.tools.arguments import AccountId, DepositId, IntArg, Rupees
from tau_indian_bank.tools.base import RefusedError, ToolsBase, last4

DepositType = Literal["fixed", "recurring"]
PayoutType = Literal["cumulative", "monthly", "quarterly"]
MaturityInstruction = Literal["credit_to_account", "renew_principal", "renew_principal_and_interest"]
TenureMonths = Annotated[int, IntArg(1, DEPOSIT_MAX_TENURE_MONTHS)]


def _summary(d: sqlite3.Row) -> dict[str, Any]:
    return {
        "deposit_id": d["deposit_id"],
        "deposit_type": d["deposit_type"],
        "amount": paise_to_rupees(d["amount_paise"]),
        "amount_is": "monthly instalment" if d["deposit_type"] == "recurring" else "principal",
        "opened_on": d["opened_on"],
        "maturity_date": d["maturity_date"],
        "status": d["status"],
        "linked_account_last4": last4(d["linked_account_id"]),
    }


def _check_terms(deposit_type: str, amount: int, tenure_months: int, payout_type: str) -> None:
    if deposit_type == "fixed":
        if amount < FD_MIN_AMOUNT_PAISE:
            raise RefusedError(f"the minimum fixed deposit is {format_rupees(FD_MIN_AMOUNT_PAISE)}")
        if tenure_months < FD_MIN_TENURE_MONTHS:
            raise RefusedError(f"a fixed deposit runs at least {FD_MIN_TENURE_MONTHS} months")
    else:
        if amount < RD_MIN_INSTALMENT_PAISE or amount % RD_INSTALMENT_STEP_PAISE:
            raise RefusedError(
                f"an RD instalment must be at least {format_rupees(RD_MIN_INSTALMENT_PAISE)} "
                f"and a multiple of {format_rupees(RD_INSTALMENT_STEP_PAISE)}"
            )
        if tenure_months < RD_MIN_TENURE_MONTHS:
            raise RefusedError(f"a recurring deposit runs at least {RD_MIN_TENURE_MONTHS} months")
        if payout_type != "cumulative":
            raise RefusedError("recurring deposits are cumulative only; use payout_type 'cumulative'")


def _maturity(deposit_type: str, amount: int, rate_bps: int, tenure_months: int, payout_type: str) -> tuple[str, int]:
    opened = clock.today()
    maturity = add_months(opened, tenure_months)
    if deposit_type == "fixed":
        return maturity.isoformat(), interest.fd_maturity_paise(amount, rate_bps, opened, maturity, payout_type)
    return maturity.isoformat(), interest.rd_maturity_paise(amount, rate_bps, opened, tenure_months)


def _opening_receipt(deposit: dict[str, Any], balance_after: int) -> dict[str, Any]:
    """What the customer is told of a deposit just opened: its terms, the account it was debited from, that account's balance."""
    return {
        "deposit_id": deposit["deposit_id"],
        "deposit_type": deposit["deposit_type"],
        "amount": paise_to_rupees(deposit["amount_paise"]),
        "rate": percent(deposit["rate_bps"]),
        "maturity_date": deposit["maturity_date"],
        "maturity_amount": paise_to_rupees(deposit["maturity_amount_paise"]),
        "debited_from_last4": last4(deposit["linked_account_id"]),
        "balance_after": paise_to_rupees(balance_after),
        "status": deposit["status"],
    }


class DepositTools(ToolsBase):
    """Fixed and recurring deposits: rates, calculators, booking, closure quote, closure, renewal."""

    @is_tool(ToolType.READ)
    def list_deposits(self) -> dict[str, Any]:
        """List all of the logged-in customer's fixed and recurring deposits, with opening and maturity dates and status.

        Returns:
            The customer's deposits, oldest first.
        """
        rows = self.rows("SELECT * FROM deposits WHERE customer_id = ? ORDER BY opened_on, deposit_id", (self.customer_id,))
        return {"deposits": [_summary(d) for d in rows]}

    @is_tool(ToolType.READ)
    def get_deposit_details(self, deposit_id: DepositId) -> dict[str, Any]:
        """Get a deposit's full terms: rate, tenure, payout type, maturity amount and instruction, nominee and status.

        Args:
            deposit_id: The deposit number, such as 'FDK2M4Q7ZP'.

        Returns:
            The deposit's details.
        """
        d = self.deposit(deposit_id)
        details = _summary(d)
        details.update(
            {
                "rate": percent(d["rate_bps"]),
                "tenure_months": d["tenure_months"],
                "payout_type": d["payout_type"],
                "maturity_amount": paise_to_rupees(d["maturity_amount_paise"]),
                "maturity_instruction": d["maturity_instruction"],
                "instalments_paid": d["instalments_paid"] if d["deposit_type"] == "recurring" else None,
                "nominee_name": d["nominee_name"],
                "closed_on": d["closed_on"],
                "closure_amount": paise_to_rupees(d["closure_amount_paise"]) if d["closure_amount_paise"] is not None else None,
            }
        )
        return details

    @is_tool(ToolType.READ)
    def get_deposit_rates(self, deposit_type: DepositType) -> dict[str, Any]:
        """Get today's interest-rate card for fixed or recurring deposits, for the general public and senior citizens.

        Args:
            deposit_type: 'fixed' or 'recurring'.

        Returns:
            The rate for each tenure band, in percent per year.
        """
        shortest = FD_MIN_TENURE_MONTHS if deposit_type == "fixed" else RD_MIN_TENURE_MONTHS
        return {
            "deposit_type": deposit_type,
            "as_of": clock.today_iso(),
            "senior_citizen_extra": percent(SENIOR_CITIZEN_UPLIFT_BPS),
            "slabs": [
                {
                    "tenure_months_from": max(s.min_months, shortest),
                    "tenure_months_to": s.max_months,
                    "general": percent(s.rate_bps),
                    "senior_citizen": percent(s.rate_bps + SENIOR_CITIZEN_UPLIFT_BPS),
                }
                for s in DEPOSIT_RATE_SLABS
                if s.max_months >= shortest
            ],
        }

    @is_tool(ToolType.READ)
    def calculate_deposit_maturity(
        self,
        deposit_type: DepositType,
        amount: Rupees,
        tenure_months: TenureMonths,
        payout_type: PayoutType = "cumulative",
    ) -> dict[str, Any]:
        """Calculate the rate, maturity date and maturity amount of a deposit the logged-in customer might open today.

        The senior-citizen rate applies automatically when the customer is a senior citizen.

        Args:
            deposit_type: 'fixed' or 'recurring'.
            amount: Principal (fixed) or monthly instalment (recurring) in rupees, such as 100000.
            tenure_months: Tenure in months, such as 12.
            payout_type: 'cumulative' (interest paid at maturity), 'monthly' or 'quarterly' (fixed deposits only).

        Returns:
            The quote for the deposit.
        """
        _check_terms(deposit_type, amount, tenure_months, payout_type)
        rate = interest.card_rate_bps(tenure_months, self.is_senior())
        assert rate is not None
        maturity_date, maturity_amount = _maturity(deposit_type, amount, rate, tenure_months, payout_type)
        return {
            "deposit_type": deposit_type,
            "amount": paise_to_rupees(amount),
            "tenure_months": tenure_months,
            "payout_type": payout_type,
            "rate": percent(rate),
            "senior_citizen_rate_applied": self.is_senior(),
            "maturity_date": maturity_date,
            "maturity_amount": paise_to_rupees(maturity_amount),
            "periodic_interest": paise_to_rupees(interest.fd_periodic_interest_paise(amount, rate, payout_type)),
        }

    def _closure_terms(self, d: sqlite3.Row) -> interest.ClosureTerms:
        """What closing a deposit today would pay (refused if it is already closed)."""
        if d["status"] == "closed":
            raise RefusedError(f"deposit {d['deposit_id']} was already closed on {d['closed_on']}")
        return interest.closure_terms(
            d["deposit_type"],
            d["amount_paise"],
            d["rate_bps"],
            d["payout_type"],
            clock.parse_iso(d["opened_on"]),
            clock.today(),
            d["instalments_paid"],
            clock.parse_iso(d["maturity_date"]),
            d["maturity_amount_paise"],
            self.is_senior(),
        )

    @is_tool(ToolType.READ)
    def get_deposit_closure_quote(self, deposit_id: DepositId) -> dict[str, Any]:
        """Quote what closing a deposit today would pay: principal, interest at the reduced rate, penalty and payout.

        Args:
            deposit_id: The deposit number, such as 'FDK2M4Q7ZP'.

        Returns:
            The closure quote, valid today.
        """
        d = self.deposit(deposit_id)
        terms = self._closure_terms(d)
        # rate_applied = applicable_rate (the card rate for the period run, or the contracted
        # rate if lower) less the penalty (§4.5); at maturity the contracted rate, no penalty.
        return {
            "deposit_id": deposit_id,
            "quote_date": clock.today_iso(),
            "premature": terms.premature,
            "contracted_rate": percent(d["rate_bps"]),
            "applicable_rate": percent(terms.applicable_bps),
            "penalty": percent(terms.applicable_bps - terms.rate_bps),
            "rate_applied": percent(terms.rate_bps),
            "principal": paise_to_rupees(terms.principal),
            "interest": paise_to_rupees(terms.interest),
            "interest_recovered": paise_to_rupees(terms.recovered),
            "payout": paise_to_rupees(terms.payout),
            "payout_display": format_rupees(terms.payout),
        }

    @is_tool(ToolType.WRITE)
    def open_deposit(
        self,
        deposit_type: DepositType,
        source_account_id: AccountId,
        amount: Rupees,
        tenure_months: TenureMonths,
        payout_type: PayoutType = "cumulative",
        maturity_instruction: MaturityInstruction = "credit_to_account",
    ) -> dict[str, Any]:
        """Open a fixed or recurring deposit funded from one of the customer's accounts (debits it today).

        Args:
            deposit_type: 'fixed' or 'recurring'.
            source_account_id: The account to debit and to credit at maturity, such as '501004412345'.
            amount: Principal (fixed) or monthly instalment (recurring) in rupees, such as 100000.
            tenure_months: Tenure in months, such as 12.
            payout_type: 'cumulative', 'monthly' or 'quarterly' (recurring deposits are cumulative).
            maturity_instruction: What happens at maturity: 'credit_to_account', 'renew_principal' or 'renew_principal_and_interest'.

        Returns:
            The new deposit.
        """
        customer = self.customer()
        if customer["kyc_status"] != "verified":
            raise RefusedError(
                f"the customer's KYC is overdue (was due {customer['kyc_due_date']}); no new deposit can be opened until KYC is updated"
            )
        _check_terms(deposit_type, amount, tenure_months, payout_type)
        account = self.operable_account(source_account_id, "it can fund a deposit")
        rate = interest.card_rate_bps(tenure_months, self.is_senior())
        assert rate is not None
        maturity_date, maturity_amount = _maturity(deposit_type, amount, rate, tenure_months, payout_type)
        prefix = "FD" if deposit_type == "fixed" else "RD"
        content = [deposit_type, source_account_id, amount, tenure_months, payout_type, maturity_instruction]
        deposit_id = self.new_id(prefix, "deposits", "deposit_id", content)
        balance = self.post(source_account_id, "debit", amount, "OWN DEPOSIT", f"TO {prefix} {deposit_id}")
        deposit: dict[str, Any] = {
            "deposit_id": deposit_id,
            "customer_id": self.customer_id,
            "deposit_type": deposit_type,
            "linked_account_id": source_account_id,
            "amount_paise": amount,
            "tenure_months": tenure_months,
            "rate_bps": rate,
            "payout_type": payout_type,
            "maturity_instruction": maturity_instruction,
            "opened_on": clock.today_iso(),
            "maturity_date": maturity_date,
            "maturity_amount_paise": maturity_amount,
            "instalments_paid": 1 if deposit_type == "recurring" else 0,
            "status": "active",
            "nominee_name": account["nominee_name"],
        }
        self.insert("deposits", deposit)
        return _opening_receipt(deposit, balance)

    @is_tool(ToolType.WRITE)
    def close_deposit(self, deposit_id: DepositId, credit_account_id: AccountId) -> dict[str, Any]:
        """Close a deposit today (prematurely if before maturity) and credit the payout to one of the customer's accounts.

        Args:
            deposit_id: The deposit number, such as 'FDK2M4Q7ZP'.
            credit_account_id: The account to credit the payout to, such as '501004412345'.

        Returns:
            The closure, with the amount credited.
        """
        d = self.deposit(deposit_id)
        terms = self._closure_terms(d)
        account = self.account(credit_account_id)
        if account["status"] == "closed":
            raise RefusedError(f"account ending {last4(credit_account_id)} is closed; choose an open account for the payout")
        balance = self.post(credit_account_id, "credit", terms.payout, "OWN DEPOSIT", f"CLOSURE {deposit_id}")
        self.update(
            "deposits",
            {"deposit_id": deposit_id},
            {"status": "closed", "closed_on": clock.today_iso(), "closure_amount_paise": terms.payout},
        )
        return {
            "deposit_id": deposit_id,
            "status": "closed",
            "premature": terms.premature,
            "payout": paise_to_rupees(terms.payout),
            "credited_to_last4": last4(credit_account_id),
            "balance_after": paise_to_rupees(balance),
        }

    @is_tool(ToolType.WRITE)
    def set_deposit_maturity_instruction(self, deposit_id: DepositId, maturity_instruction: MaturityInstruction) -> dict[str, Any]:
        """Change what happens to an active deposit at maturity (payout to the linked account, or renewal).

        Args:
            deposit_id: The deposit number, such as 'FDK2M4Q7ZP'.
            maturity_instruction: 'credit_to_account', 'renew_principal' or 'renew_principal_and_interest'.

        Returns:
            The deposit's new maturity instruction.
        """
        d = self.deposit(deposit_id)
        if d["status"] != "active":
            raise RefusedError(f"deposit {deposit_id} is {d['status']}; maturity instructions apply to active deposits only")
        if d["maturity_instruction"] == maturity_instruction:
            raise RefusedError(f"deposit {deposit_id} already has the instruction '{maturity_instruction}'")
        self.update("deposits", {"deposit_id": deposit_id}, {"maturity_instruction": maturity_instruction})
        return {
            "deposit_id": deposit_id,
            "maturity_date": d["maturity_date"],
            "maturity_instruction": maturity_instruction,
            "previous_instruction": d["maturity_instruction"],
        }
