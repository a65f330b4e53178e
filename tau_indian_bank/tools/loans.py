"""Loans: details, foreclosure quote, EMI calculator, gold rate and gold-loan eligibility."""

# No ``from __future__ import annotations``: tau2 needs live annotations.

from typing import Any, Literal

from tau2.environment.toolkit import ToolType, is_tool

from tau_indian_bank.bank import clock, interest
from tau_indian_bank.bank.money import format_rupees, paise_to_rupees, percent
from tau_indian_bank.constants import (
    FIXED_RATE_FORECLOSURE_CHARGE_BPS,
    FORECLOSURE_MIN_EMIS_PAID,
    GOLD_LOAN_LTV_BPS,
    GOLD_LOAN_MIN_PAISE,
    GST_BPS,
    gold_rate_per_gram_paise,
)
from tau_indian_bank.tools.arguments import AnnualRate, Grams, LoanId, Months, Rupees
from tau_indian_bank.tools.base import RefusedError, ToolsBase

Karat = Literal[18, 22, 24]


class LoanTools(ToolsBase):
    """Loans: details, foreclosure quote, EMI calculator, gold rate and gold-loan eligibility."""

    @is_tool(ToolType.READ)
    def get_loan_details(self, loan_id: LoanId) -> dict[str, Any]:
        """Get a loan's type, rate, outstanding principal, EMI, EMIs paid and next due date (and pledged gold for gold loans).

        Args:
            loan_id: The loan number, such as 'LNB7Q2M5XK'.

        Returns:
            The loan's details.
        """
        loan = self.loan(loan_id)
        details = {
            "loan_id": loan_id,
            "loan_type": loan["loan_type"],
            "status": loan["status"],
            "rate_type": loan["rate_type"],
            "rate": percent(loan["rate_bps"]),
            "sanctioned": paise_to_rupees(loan["sanctioned_paise"]),
            "outstanding_principal": paise_to_rupees(loan["outstanding_paise"]),
            "emi": paise_to_rupees(loan["emi_paise"]),
            "tenure_months": loan["tenure_months"],
            "emis_paid": loan["emis_paid"],
            "emis_remaining": max(loan["tenure_months"] - loan["emis_paid"], 0),
            "disbursed_on": loan["disbursed_on"],
            "next_emi_date": loan["next_emi_date"] if loan["status"] == "active" else None,
        }
        if loan["loan_type"] == "gold":
            details["gold_weight_grams"] = loan["gold_weight_mg"] / 1000
            details["gold_purity_karat"] = loan["gold_purity_karat"]
        return details

    @is_tool(ToolType.READ)
    def get_loan_foreclosure_quote(self, loan_id: LoanId) -> dict[str, Any]:
        """Quote the amount needed today to repay a loan in full, with any foreclosure charge, or say why it is not yet allowed.

        Args:
            loan_id: The loan number, such as 'LNB7Q2M5XK'.

        Returns:
            The foreclosure quote.
        """
        loan = self.loan(loan_id)
        if loan["status"] != "active":
            raise RefusedError(f"loan {loan_id} is already closed")
        quote: dict[str, Any] = {"loan_id": loan_id, "quote_date": clock.today_iso(), "rate_type": loan["rate_type"]}
        fixed_rate = loan["rate_type"] == "fixed" and loan["loan_type"] != "gold"
        if fixed_rate and loan["emis_paid"] < FORECLOSURE_MIN_EMIS_PAID:
            quote.update(
                {
                    "eligible": False,
                    "reason": (
                        f"fixed-rate loans can be foreclosed after {FORECLOSURE_MIN_EMIS_PAID} EMIs; {loan['emis_paid']} paid so far"
                    ),
                }
            )
            return quote
        # Interest accrues from the last EMI date (one month before the next) to today.
        last_emi = clock.add_months(clock.parse_iso(loan["next_emi_date"]), -1)
        accrued = interest.simple_interest_paise(loan["outstanding_paise"], loan["rate_bps"], max((clock.today() - last_emi).days, 0))
        charge = loan["outstanding_paise"] * FIXED_RATE_FORECLOSURE_CHARGE_BPS // 10_000 if fixed_rate else 0
        gst = charge * GST_BPS // 10_000
        total = loan["outstanding_paise"] + accrued + charge + gst
        quote.update(
            {
                "eligible": True,
                "outstanding_principal": paise_to_rupees(loan["outstanding_paise"]),
                "interest_accrued": paise_to_rupees(accrued),
                "foreclosure_charge": paise_to_rupees(charge),
                "gst_on_charge": paise_to_rupees(gst),
                "total_payable": paise_to_rupees(total),
                "total_payable_display": format_rupees(total),
            }
        )
        return quote

    @is_tool(ToolType.READ)
    def calculate_loan_emi(self, principal: Rupees, annual_rate: AnnualRate, tenure_months: Months) -> dict[str, Any]:
        """Calculate the monthly EMI, total interest and total repayment for a loan amount, rate and tenure.

        Args:
            principal: Loan amount in rupees, such as 500000.
            annual_rate: Interest rate in percent per year, such as 10.5.
            tenure_months: Tenure in months, such as 36.

        Returns:
            The EMI and totals.
        """
        emi = interest.emi_paise(principal, annual_rate, tenure_months)
        total = emi * tenure_months
        return {
            "principal": paise_to_rupees(principal),
            "annual_rate": percent(annual_rate),
            "tenure_months": tenure_months,
            "emi": paise_to_rupees(emi),
            "total_interest": paise_to_rupees(total - principal),
            "total_payable": paise_to_rupees(total),
        }

    @is_tool(ToolType.READ)
    def get_gold_rate(self, purity_karat: Karat = 22) -> dict[str, Any]:
        """Get today's gold rate per gram that the bank uses to value gold for gold loans.

        Args:
            purity_karat: Purity in carats: 18, 22 or 24.

        Returns:
            Today's rate per gram.
        """
        return {
            "purity_karat": purity_karat,
            "rate_per_gram": paise_to_rupees(gold_rate_per_gram_paise(purity_karat)),
            "as_of": clock.today_iso(),
        }

    @is_tool(ToolType.READ)
    def check_gold_loan_eligibility(self, gold_weight_grams: Grams, purity_karat: Karat) -> dict[str, Any]:
        """Work out the largest gold loan the customer can get against gold of a given weight and purity.

        Args:
            gold_weight_grams: Net weight of the gold in grams, such as 42.5.
            purity_karat: Purity in carats: 18, 22 or 24.

        Returns:
            The gold's value, the loan-to-value ratio and the maximum loan.
        """
        value = gold_rate_per_gram_paise(purity_karat) * gold_weight_grams // 1000
        maximum = value * GOLD_LOAN_LTV_BPS // 10_000
        return {
            "gold_weight_grams": gold_weight_grams / 1000,
            "purity_karat": purity_karat,
            "gold_value": paise_to_rupees(value),
            "loan_to_value": percent(GOLD_LOAN_LTV_BPS),
            "maximum_loan": paise_to_rupees(maximum),
            "eligible": maximum >= GOLD_LOAN_MIN_PAISE,
            "minimum_loan": paise_to_rupees(GOLD_LOAN_MIN_PAISE),
        }
