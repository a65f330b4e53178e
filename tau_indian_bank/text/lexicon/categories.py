"""Service-request categories: how the oracle names each, how a fact label names it, the words that show it.

* ``name`` — the oracle's words for the request it raises ("raise a KYC update request");
* ``short`` — the fact label's words ("KYC update request number");
* ``words`` — words any of which show that a proposal names a request of this category
  (gate S2; matched inside words, in any form).
"""

from __future__ import annotations

from dataclasses import dataclass

from tau_indian_bank.text.lexicon.words import Words


@dataclass(frozen=True)
class Category:
    """One category of service request."""

    key: str
    name: str
    short: str
    words: Words


CATEGORIES: dict[str, Category] = {
    c.key: c
    for c in (
        Category("complaint", "complaint", "complaint", Words(en=("complaint", "complain"), hinglish=("shikayat",), hindi=("शिकायत",))),
        Category(
            "dispute_transaction",
            "transaction dispute",
            "dispute",
            Words(en=("dispute", "chargeback"), hinglish=("dispute",), hindi=("विवाद", "डिस्प्यूट")),
        ),
        Category(
            "card_replacement",
            "replacement card request",
            "card replacement",
            Words(en=("replacement", "replace", "new card"), hinglish=("naya card",), hindi=("नया कार्ड", "रिप्लेसमेंट")),
        ),
        Category("kyc_update", "KYC update request", "KYC update", Words(en=("kyc", "know your customer"), hindi=("केवाईसी",))),
        Category(
            "account_reactivation",
            "account reactivation request",
            "reactivation",
            Words(en=("reactivat", "activate"), hinglish=("chalu",), hindi=("चालू", "सक्रिय")),
        ),
        Category(
            "loan_foreclosure",
            "loan foreclosure request",
            "foreclosure",
            Words(en=("foreclos", "pre-clos", "preclos"), hinglish=("foreclos",), hindi=("फोरक्लोज", "लोन बंद")),
        ),
        Category(
            "gold_loan_application",
            "gold loan application",
            "gold loan",
            Words(en=("gold loan", "application", "apply"), hinglish=("gold loan",), hindi=("गोल्ड लोन", "स्वर्ण ऋण")),
        ),
        Category(
            "insurance_claim",
            "insurance claim request",
            "insurance claim",
            Words(en=("claim",), hinglish=("claim",), hindi=("क्लेम", "दावा")),
        ),
        Category(
            "nominee_update", "nominee update request", "nominee update", Words(en=("nominee", "nomination"), hindi=("नॉमिनी", "नामांकन"))
        ),
        Category("other", "service request", "service", Words(en=("request",), hindi=("अनुरोध", "रिक्वेस्ट"))),
    )
}
