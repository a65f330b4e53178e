"""Mandates (UPI AutoPay, NACH) and cheques: status, stop payment, cheque books."""

# No ``from __future__ import annotations``: tau2 needs live annotations.

import sqlite3
from typing import Any, Literal

from tau2.environment.toolkit import ToolType, is_tool

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import paise_to_rupees
from tau_indian_bank.tools.arguments import AccountId, ChequeNumber, MandateId
from tau_indian_bank.tools.base import NotFoundError, RefusedError, ToolsBase, last4

StopReason = Literal["lost", "stolen", "payment_dispute", "issued_in_error", "other"]


class PaymentTools(ToolsBase):
    """Mandates (UPI AutoPay, NACH) and cheques: status, stop payment, cheque books."""

    @is_tool(ToolType.READ)
    def list_mandates(self, account_id: AccountId) -> dict[str, Any]:
        """List the UPI AutoPay and NACH mandates registered on one of the customer's accounts, active and cancelled.

        Args:
            account_id: The account number, such as '501004412345'.

        Returns:
            The mandates on the account.
        """
        self.account(account_id)
        mandates = self.rows("SELECT * FROM mandates WHERE account_id = ? ORDER BY start_date, mandate_id", (account_id,))
        return {
            "account_id": account_id,
            "mandates": [
                {
                    "mandate_id": m["mandate_id"],
                    "mandate_type": m["mandate_type"],
                    "payee": m["payee"],
                    "max_amount": paise_to_rupees(m["max_amount_paise"]),
                    "frequency": m["frequency"],
                    "start_date": m["start_date"],
                    "end_date": m["end_date"],
                    "status": m["status"],
                    "last_debit_on": m["last_debit_on"],
                    "cancelled_on": m["cancelled_on"],
                }
                for m in mandates
            ],
        }

    @is_tool(ToolType.WRITE)
    def cancel_mandate(self, mandate_id: MandateId) -> dict[str, Any]:
        """Cancel an active UPI AutoPay or NACH mandate so that no further debits are taken under it.

        Args:
            mandate_id: The mandate's id from list_mandates, such as 'MDQ4T7K2LB'.

        Returns:
            The cancelled mandate.
        """
        mandate = self.mandate(mandate_id)
        if mandate["status"] != "active":
            raise RefusedError(f"mandate {mandate_id} to {mandate['payee']} is already {mandate['status']}")
        self.update("mandates", {"mandate_id": mandate_id}, {"status": "cancelled", "cancelled_on": clock.today_iso()})
        return {
            "mandate_id": mandate_id,
            "payee": mandate["payee"],
            "account_last4": last4(mandate["account_id"]),
            "status": "cancelled",
            "cancelled_on": clock.today_iso(),
        }

    def _leaf_book(self, account_id: str, cheque_number: str) -> sqlite3.Row:
        number = int(cheque_number)
        book = self.one(
            "SELECT * FROM cheque_books WHERE account_id = ? AND status = 'issued' AND ? BETWEEN first_leaf AND first_leaf + leaves - 1",
            (account_id, number),
        )
        if book is None:
            raise NotFoundError(
                f"cheque {cheque_number} was not issued on account ending {last4(account_id)}; "
                "check the cheque number and the account with the customer"
            )
        return book

    @is_tool(ToolType.READ)
    def get_cheque_status(self, account_id: AccountId, cheque_number: ChequeNumber) -> dict[str, Any]:
        """Check whether a cheque from one of the customer's cheque books has been cleared, returned, stopped or not yet presented.

        Args:
            account_id: The account the cheque is drawn on, such as '501004412345'.
            cheque_number: The six-digit cheque number, such as '004127'.

        Returns:
            The cheque's status.
        """
        self.account(account_id)
        book = self._leaf_book(account_id, cheque_number)
        cheque = self.one("SELECT * FROM cheques WHERE account_id = ? AND cheque_number = ?", (account_id, cheque_number))
        if cheque is None:
            return {
                "account_id": account_id,
                "cheque_number": cheque_number,
                "cheque_book_id": book["cheque_book_id"],
                "status": "not_presented",
            }
        return {
            "account_id": account_id,
            "cheque_number": cheque_number,
            "cheque_book_id": book["cheque_book_id"],
            "status": cheque["status"],
            "status_date": cheque["status_date"],
            "payee": cheque["payee"],
            "amount": paise_to_rupees(cheque["amount_paise"]) if cheque["amount_paise"] is not None else None,
            "stop_reason": cheque["stop_reason"],
        }

    @is_tool(ToolType.WRITE)
    def stop_cheque_payment(self, account_id: AccountId, cheque_number: ChequeNumber, reason: StopReason) -> dict[str, Any]:
        """Stop payment of a cheque that has not been cleared, so that it is returned if presented.

        Args:
            account_id: The account the cheque is drawn on, such as '501004412345'.
            cheque_number: The six-digit cheque number, such as '004127'.
            reason: 'lost', 'stolen', 'payment_dispute', 'issued_in_error' or 'other'.

        Returns:
            The stop-payment record.
        """
        self.account(account_id)
        self._leaf_book(account_id, cheque_number)
        cheque = self.one("SELECT * FROM cheques WHERE account_id = ? AND cheque_number = ?", (account_id, cheque_number))
        today = clock.today_iso()
        if cheque is None:
            self.insert(
                "cheques",
                {
                    "account_id": account_id,
                    "cheque_number": cheque_number,
                    "status": "stopped",
                    "status_date": today,
                    "stop_reason": reason,
                },
            )
        elif cheque["status"] == "cleared":
            raise RefusedError(f"cheque {cheque_number} was already cleared on {cheque['status_date']}; it cannot be stopped")
        elif cheque["status"] == "stopped":
            raise RefusedError(f"payment of cheque {cheque_number} is already stopped (since {cheque['status_date']})")
        else:
            self.update(
                "cheques",
                {"account_id": account_id, "cheque_number": cheque_number},
                {"status": "stopped", "status_date": today, "stop_reason": reason},
            )
        return {
            "account_id": account_id,
            "cheque_number": cheque_number,
            "status": "stopped",
            "stop_reason": reason,
            "effective_from": today,
        }

    @is_tool(ToolType.WRITE)
    def request_cheque_book(self, account_id: AccountId, leaves: Literal[25, 50] = 25) -> dict[str, Any]:
        """Order a new cheque book for an account with the cheque facility, delivered to the communication address.

        Args:
            account_id: The account number, such as '501004412345'.
            leaves: Number of cheque leaves: 25 or 50.

        Returns:
            The cheque-book request.
        """
        account = self.operable_account(account_id, "a cheque book can be issued")
        if not account["cheque_facility"]:
            raise RefusedError(f"account ending {last4(account_id)} has no cheque facility")
        pending = self.one("SELECT cheque_book_id FROM cheque_books WHERE account_id = ? AND status = 'requested'", (account_id,))
        if pending is not None:
            raise RefusedError(f"a cheque book ({pending['cheque_book_id']}) is already on its way for this account")
        last_leaf = self.scalar("SELECT MAX(first_leaf + leaves - 1) FROM cheque_books WHERE account_id = ?", (account_id,))
        first_leaf = (last_leaf or 0) + 1
        book_id = self.new_id("CHQB", "cheque_books", "cheque_book_id", [account_id, first_leaf, leaves])
        self.insert(
            "cheque_books",
            {
                "cheque_book_id": book_id,
                "account_id": account_id,
                "first_leaf": first_leaf,
                "leaves": leaves,
                "requested_on": clock.today_iso(),
                "status": "requested",
            },
        )
        return {
            "cheque_book_id": book_id,
            "account_id": account_id,
            "leaves": leaves,
            "first_cheque_number": f"{first_leaf:06d}",
            "status": "requested",
        }
