"""Service requests and complaints; also insurance, product offers, regulations and the hand-over to a human."""

# No ``from __future__ import annotations``: tau2 needs live annotations.

from typing import Any, Literal

from tau2.environment.toolkit import ToolType, is_tool

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import paise_to_rupees, percent
from tau_indian_bank.constants import SERVICE_REQUEST_SLA_DAYS
from tau_indian_bank.tools.arguments import FreeText, RelatedId, RequestId
from tau_indian_bank.tools.base import NotFoundError, RefusedError, ToolsBase

Category = Literal[
    "complaint",
    "dispute_transaction",
    "card_replacement",
    "kyc_update",
    "account_reactivation",
    "loan_foreclosure",
    "gold_loan_application",
    "insurance_claim",
    "nominee_update",
    "other",
]
OfferCategory = Literal["deposits", "loans", "cards", "insurance", "accounts"]

# Where a related id may point, among the logged-in customer's own records.
_RELATED = (
    ("accounts", "account_id"),
    ("deposits", "deposit_id"),
    ("loans", "loan_id"),
    ("cards", "card_id"),
    ("mandates", "mandate_id"),
    ("transactions", "txn_id"),
    ("insurance_policies", "policy_id"),
)


class ServiceRequestTools(ToolsBase):
    """Service requests and complaints; also insurance, product offers, regulations and the hand-over to a human."""

    @is_tool(ToolType.WRITE)
    def raise_service_request(self, category: Category, description: FreeText, related_id: RelatedId | None = None) -> dict[str, Any]:
        """Raise a service request or complaint for the customer, optionally about one of their records.

        Args:
            category: The kind of request, such as 'card_replacement' or 'complaint'.
            description: What the customer needs, in a sentence or two.
            related_id: The account, deposit, loan, card, mandate, transaction or policy it concerns, such as 'CDX4M2Q9TB'.

        Returns:
            The new request's reference and due date.
        """
        customer_id = self.customer_id  # refuses first if nobody is logged in
        if related_id is not None and not any(self.one(f"SELECT 1 FROM {table} WHERE {key} = ?", (related_id,)) for table, key in _RELATED):
            raise NotFoundError(
                f"{related_id} is not one of this customer's accounts, deposits, loans, cards, mandates, transactions or policies"
            )
        duplicate = self.one(
            "SELECT request_id FROM service_requests WHERE customer_id = ? AND category = ? AND related_id IS ? "
            "AND status IN ('open', 'in_progress')",
            (customer_id, category, related_id),
        )
        if duplicate is not None:
            raise RefusedError(f"request {duplicate['request_id']} for the same need is already open; share its status instead")
        request_id = self.new_id("SR", "service_requests", "request_id", [category, related_id])
        due = clock.add_days(clock.today(), SERVICE_REQUEST_SLA_DAYS[category]).isoformat()
        self.insert(
            "service_requests",
            {
                "request_id": request_id,
                "customer_id": customer_id,
                "category": category,
                "related_id": related_id,
                "description": description,
                "status": "open",
                "created_on": clock.today_iso(),
                "sla_due_on": due,
            },
        )
        return {"request_id": request_id, "category": category, "status": "open", "due_by": due}

    @is_tool(ToolType.READ)
    def get_service_request_status(self, request_id: RequestId) -> dict[str, Any]:
        """Get the status of one of the customer's service requests or complaints, and whether it is past its due date.

        Args:
            request_id: The request reference, such as 'SRM3K8Q2TZ'.

        Returns:
            The request's status.
        """
        r = self.service_request(request_id)
        open_now = r["status"] in ("open", "in_progress")
        return {
            "request_id": request_id,
            "category": r["category"],
            "related_id": r["related_id"],
            "status": r["status"],
            "created_on": r["created_on"],
            "due_by": r["sla_due_on"],
            "overdue": open_now and r["sla_due_on"] < clock.today_iso(),
            "resolution_note": r["resolution_note"],
        }

    @is_tool(ToolType.READ)
    def get_insurance_policies(self) -> dict[str, Any]:
        """List the insurance policies the customer holds through the bank, with premiums and due dates.

        Returns:
            The customer's policies.
        """
        rows = self.rows("SELECT * FROM insurance_policies WHERE customer_id = ? ORDER BY policy_id", (self.customer_id,))
        return {
            "policies": [
                {
                    "policy_id": p["policy_id"],
                    "policy_type": p["policy_type"],
                    "insurer": p["insurer"],
                    "plan": p["plan_name"],
                    "sum_assured": paise_to_rupees(p["sum_assured_paise"]),
                    "premium": paise_to_rupees(p["premium_paise"]),
                    "premium_frequency": p["premium_frequency"],
                    "next_due_date": p["next_due_date"],
                    "status": p["status"],
                    "nominee_name": p["nominee_name"],
                }
                for p in rows
            ]
        }

    @is_tool(ToolType.READ)
    def get_product_offers(self, category: OfferCategory | None = None) -> dict[str, Any]:
        """List the products and offers the logged-in customer is eligible for, optionally in one category.

        Args:
            category: 'deposits', 'loans', 'cards', 'insurance' or 'accounts'; leave out for all.

        Returns:
            The eligible offers.
        """
        segment = self.customer()["segment"]
        rows = self.rows(
            "SELECT * FROM product_offers WHERE eligible_segment IN ('all', ?) AND valid_until >= ? "
            "AND (? IS NULL OR category = ?) ORDER BY category, offer_id",
            (segment, clock.today_iso(), category, category),
        )
        return {
            "offers": [
                {
                    "offer_id": o["offer_id"],
                    "category": o["category"],
                    "name": o["name"],
                    "summary": o["summary"],
                    "rate": percent(o["rate_bps"]) if o["rate_bps"] is not None else None,
                    "valid_until": o["valid_until"],
                }
                for o in rows
            ]
        }

    @is_tool(ToolType.READ)
    def search_regulations(self, query: FreeText) -> dict[str, Any]:
        """Search the bank's regulation and rules knowledge base; returns the best-matching sections with their document id.

        Args:
            query: Keywords, such as 'UPI daily limit' or 'premature withdrawal penalty'.

        Returns:
            Up to three matching sections, best first.
        """
        return {"query": query, "results": self.db.search_knowledge(query)}

    @is_tool(ToolType.GENERIC)
    def transfer_to_human_agents(self, summary: FreeText) -> str:
        """Hand the conversation to a human staff member, with a summary of the customer's issue; use only as the policy allows.

        Args:
            summary: A short summary of the customer's issue and what has been done.

        Returns:
            Confirmation that the transfer was made.
        """
        handoff_id = self.new_id("HO", "handoffs", "handoff_id", ["handoff"])
        self.insert(
            "handoffs", {"handoff_id": handoff_id, "customer_id": self.customer_id, "summary": summary, "created_on": clock.today_iso()}
        )
        return "Transfer successful"
