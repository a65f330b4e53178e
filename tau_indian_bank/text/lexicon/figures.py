"""The figures a tool's output gives, and the words with which a customer's request asks for each.

A figure (an amount, a date or a rate of a tool's output) is a fact the customer must be told
only when the request needs it (:func:`tau_indian_bank.evaluation.request_needs.needs`): when the
scenario's request (its reason, opening line and known info) holds one of the words below for
that tool and output field, or when the servicing policy says to tell it (:data:`POLICY_TOLD`:
when a closed deposit was closed and what was paid, when a cheque cleared). A quote asks for
nothing on its own: it answers a request to make the change it quotes (a closure quote answers
"close my deposit", a maturity calculation "open a deposit"), so its words are the change's
words. Also, for every tool of the catalogue: the nouns of the records it reads
(:data:`READ_RECORDS`).
"""

from __future__ import annotations

from tau_indian_bank.text.lexicon.words import Words

_BALANCE = Words(
    en=(r"balances?", r"how much (?:money )?(?:is|do i have|have i got)", r"funds?", "enough", r"holds?", r"has\s*₹", r"have\s*₹"),
    hinglish=(r"kitna paisa", r"kitne paise"),
    hindi=("बैलेंस", "शेष राशि", "कितना पैसा", "कितने पैसे"),
)
_MATURITY_WHEN = Words(
    en=(
        r"(?:when (?:does|will|is|would)|(?:know|tell me|ask|check) when)\b.{0,60}\bmatur",
        r"maturity date",
        r"date of maturity",
        r"matures? on",
    ),
    hinglish=(r"kab matur",),
    hindi=("कब परिपक्व", "परिपक्वता की तारीख", "मैच्योरिटी की तारीख"),
)
_MATURITY_HOW_MUCH = Words(
    en=(r"how much (?:will|would|do|shall) i (?:get|receive)", r"maturity (?:amount|value)", r"mature,? and for how much", r"for how much"),
    hinglish=(r"kitna milega",),
    hindi=("कितना मिलेगा", "परिपक्वता राशि"),
)
_OPENING = Words(
    en=(r"open", r"book", r"start", r"invest", r"put", r"would (?:give|get|earn)", r"compare", r"matur", r"interest", r"returns?"),
    hinglish=("khol", "kitna milega"),
    hindi=("खोल", "कितना मिलेगा", "ब्याज"),
)
_CLOSING = Words(
    en=(r"clos(?:e|ing|ure)", r"break", r"premature", r"payout", r"encash", r"liquidat"), hinglish=("band", "tod"), hindi=("बंद", "तोड")
)
_RATES = Words(
    en=(r"rates?", r"interest", r"returns?", r"earn", r"recommend", r"put (?:it|my money)", r"invest"),
    hinglish=("byaj", "dar"),
    hindi=("ब्याज", "दर", "दरें"),
)
_EMI = Words(en=(r"emis?", r"instal?ments?"), hinglish=("kist",), hindi=("ईएमआई", "किस्त"))
_EMI_WHEN = Words(
    en=(r"when .{0,40}\b(?:emi|instal?ment)", r"next emi", r"emi (?:date|due)", r"due date"),
    hinglish=(r"emi kab",),
    hindi=("ईएमआई कब", "किस्त कब"),
)
_FORECLOSURE = Words(
    en=(r"foreclos", r"pre-?clos", r"repay .{0,20}\bin full", r"pay (?:it )?off", r"total (?:amount )?payable", r"close .{0,20}\bloan"),
    hinglish=("foreclos", "loan band"),
    hindi=("फोरक्लोज", "लोन बंद"),
)
_EXPIRY = Words(
    en=(r"expir", r"valid (?:till|until|upto|up to)", r"validity"), hinglish=(r"kab tak valid",), hindi=("एक्सपायरी", "समाप्ति", "कब तक वैध")
)
_WHEN_CHEQUE = Words(
    en=(r"(?:when|which date|what date|on what date) .{0,40}\b(?:clear|paid|present|return|encash|bounc)",),
    hinglish=(r"kab (?:clear|pass)",),
    hindi=("कब क्लियर", "कब पास"),
)
_WHEN_CLOSED = Words(
    en=(r"when .{0,40}\bclosed", r"clos(?:ing|ure) date", r"date .{0,20}\bclosed", r"closed on"), hinglish=(r"kab band",), hindi=("कब बंद",)
)
_WHEN_RESOLVED = Words(
    en=(
        r"when .{0,40}\b(?:resolv|done|complet|ready|due|closed|sorted|fixed)",
        r"due date",
        r"deadline",
        r"by when",
        r"how long",
        r"timeline",
    ),
    hinglish=(r"kab tak",),
    hindi=("कब तक",),
)
_PREMIUM = Words(en=(r"premiums?",), hinglish=("premium",), hindi=("प्रीमियम",))
_WHEN_DUE = Words(
    en=(r"when .{0,40}\bdue", r"due date", r"next (?:premium|payment)"),
    hinglish=(r"kab (?:due|dena)",),
    hindi=("कब देना", "कब देय", "देय तिथि"),
)
_GOLD_RATE = Words(
    en=(
        r"gold rate",
        r"rate .{0,20}\bgold",
        r"rate per gram",
        r"price of gold",
        r"gold prices?",
        r"carat rate",
        r"(?:what is|what's) (?:the|today's) rate",
        r"rate today",
    ),
    hinglish=("sone ka rate", "sone ka bhav"),
    hindi=("सोने का भाव", "सोने की दर", "गोल्ड रेट"),
)
_GOLD_LOAN = Words(
    en=(r"how much (?:gold )?loan", r"maximum", r"eligib", r"apply", r"gold loan"),
    hinglish=("kitna loan",),
    hindi=("कितना लोन", "गोल्ड लोन"),
)
_LIMIT = Words(en=(r"limits?", r"maximum"), hinglish=("limit",), hindi=("लिमिट", "सीमा"))
_RULE_FIGURE = Words(
    en=(r"what (?:\w+ )?(?:amount|figure|limit|rate|percentage)", r"how much", r"(?:exact|the) figure", r"limit", r"rate"),
    hinglish=("kitna", "kitni"),
    hindi=("कितना", "कितनी", "सीमा"),
)
_RENEWAL_WHEN = Words(en=_MATURITY_WHEN.en, hinglish=_MATURITY_WHEN.hinglish, hindi=_MATURITY_WHEN.hindi)

#: Tool -> output field -> words with which a request asks for that figure.
FIGURES: dict[str, dict[str, Words]] = {
    "get_account_details": {"balance": _BALANCE},
    "get_deposit_details": {
        "closure_amount": _WHEN_CLOSED,
        "maturity_date": _MATURITY_WHEN,
        "maturity_amount": Words(
            en=(*_MATURITY_HOW_MUCH.en, *_MATURITY_WHEN.en), hinglish=_MATURITY_HOW_MUCH.hinglish, hindi=_MATURITY_HOW_MUCH.hindi
        ),
        "closed_on": _WHEN_CLOSED,
        "rate": _RATES,
    },
    "get_deposit_closure_quote": {"payout": _CLOSING, "rate_applied": _CLOSING},
    "close_deposit": {"payout": _CLOSING},
    "calculate_deposit_maturity": {"maturity_amount": _OPENING, "maturity_date": _OPENING, "rate": _OPENING, "periodic_interest": _OPENING},
    "open_deposit": {"maturity_amount": _OPENING, "maturity_date": _OPENING, "rate": _OPENING},
    "set_deposit_maturity_instruction": {"maturity_date": _RENEWAL_WHEN},
    "get_deposit_rates": {"general": _RATES, "senior_citizen": _RATES},
    "get_card_details": {"expiry": _EXPIRY},
    "update_card_controls": {"daily_limit": _LIMIT},
    "get_cheque_status": {"status_date": _WHEN_CHEQUE},
    "get_service_request_status": {"due_by": _WHEN_RESOLVED},
    "get_gold_rate": {"rate_per_gram": _GOLD_RATE},
    "check_gold_loan_eligibility": {"maximum_loan": _GOLD_LOAN},
    "get_loan_details": {"emi": _EMI, "next_emi_date": _EMI_WHEN},
    "get_loan_foreclosure_quote": {"total_payable": _FORECLOSURE},
    "calculate_loan_emi": {"emi": _EMI, "annual_rate": Words(en=(*_EMI.en, *_RATES.en), hinglish=_RATES.hinglish, hindi=_RATES.hindi)},
    "get_insurance_policies": {"premium": _PREMIUM, "next_due_date": _WHEN_DUE},
    "search_regulations": {"text": _RULE_FIGURE},
}

#: Figures the servicing policy tells the assistant to tell whenever a look-up shows them, asked for or not:
#: §4.6 when a closed deposit was closed and what was paid; §7.2 when a cheque cleared, was returned or was stopped.
POLICY_TOLD: dict[str, frozenset[str]] = {
    "get_deposit_details": frozenset({"closed_on", "closure_amount"}),
    "get_cheque_status": frozenset({"status_date"}),
}

#: Read tool -> the nouns of the records it reads.
READ_RECORDS: dict[str, Words] = {
    "get_customer_profile": Words(en=("profile", "details", "kyc"), hindi=("प्रोफाइल", "विवरण")),
    "get_account_details": Words(en=(r"accounts?", "balance"), hinglish=("khata", "khaata"), hindi=("खाता", "खाते")),
    "get_transactions": Words(en=(r"transactions?", r"payments?", r"debits?", r"credits?"), hindi=("लेनदेन", "भुगतान")),
    "list_deposits": Words(en=(r"deposits?", r"fds?", r"rds?"), hindi=("एफडी", "डिपॉजिट", "जमा")),
    "get_deposit_details": Words(en=(r"deposits?", r"fds?", r"rds?"), hindi=("एफडी", "डिपॉजिट", "जमा")),
    "get_deposit_closure_quote": Words(en=(r"deposits?", "payout", "closure"), hindi=("एफडी", "डिपॉजिट")),
    "calculate_deposit_maturity": Words(en=(r"deposits?", "maturity"), hindi=("एफडी", "परिपक्वता")),
    "get_deposit_rates": Words(en=(r"rates?", "interest"), hindi=("ब्याज दर",)),
    "get_card_details": Words(en=(r"cards?",), hindi=("कार्ड",)),
    "list_mandates": Words(en=(r"mandates?", "auto-?pay", r"auto-?debits?"), hindi=("मैंडेट", "ऑटोपे")),
    "get_cheque_status": Words(en=(r"cheques?",), hindi=("चेक",)),
    "get_service_request_status": Words(en=(r"requests?", r"complaints?"), hindi=("अनुरोध", "शिकायत")),
    "get_product_offers": Words(en=(r"offers?", r"schemes?", r"products?"), hindi=("ऑफर", "योजना")),
    "get_gold_rate": Words(en=("gold rate", "gold"), hindi=("सोना", "सोने")),
    "check_gold_loan_eligibility": Words(en=("gold loan",), hindi=("गोल्ड लोन",)),
    "get_loan_details": Words(en=(r"loans?", "emi"), hindi=("लोन", "ऋण")),
    "get_loan_foreclosure_quote": Words(en=(r"loans?", "foreclosure"), hindi=("लोन",)),
    "calculate_loan_emi": Words(en=(r"loans?", "emi"), hindi=("लोन", "ईएमआई")),
    "get_insurance_policies": Words(en=(r"insurance", r"polic(?:y|ies)", "premium"), hindi=("बीमा", "पॉलिसी")),
    "search_regulations": Words(en=(r"rules?", r"regulations?", "rbi", r"circulars?"), hindi=("नियम",)),
    "find_branches": Words(en=(r"branch(?:es)?", "ifsc"), hindi=("शाखा", "ब्रांच")),
    "get_emi_schedule": Words(en=(r"emis?", r"instal?ments?", "schedule"), hinglish=("kist",), hindi=("ईएमआई", "किस्त")),
    "get_prepayment_options": Words(en=(r"prepay(?:ment)?s?", r"part[- ]payments?", r"loans?"), hindi=("लोन", "प्रीपेमेंट")),
    "get_upi_usage": Words(en=("upi", r"limits?", "usage"), hindi=("यूपीआई",)),
}
