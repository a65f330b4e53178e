"""Static reference data for the seed generator: employers, merchants, billers, banks, insurers, payees.

Plain data, drawn from with the generator's seeded random generator.
"""

from __future__ import annotations

from typing import NamedTuple

from tau_indian_bank.seeding.places import comma_list

EMPLOYERS: tuple[str, ...] = comma_list(
    "Infosys Ltd, Tata Consultancy Services Ltd, Wipro Ltd, HCL Technologies Ltd, Tech Mahindra Ltd, "
    "Larsen and Toubro Ltd, Mahindra and Mahindra Ltd, Asian Paints Ltd, Deccan Auto Components Pvt Ltd, "
    "Sunrise Textiles Pvt Ltd, Kaveri Logistics Pvt Ltd, Apollo Hospitals Enterprise Ltd, "
    "Bharat Electronics Ltd, Indus Pharma Pvt Ltd, Coromandel Software Pvt Ltd, Sahyadri Foods Pvt Ltd, "
    "Vista Retail Pvt Ltd, Orion Engineering Works Pvt Ltd"
)

#: Electricity distributors by state (counterparty of electricity bill payments).
ELECTRICITY_BOARDS: dict[str, str] = {
    "Karnataka": "BESCOM",
    "Tamil Nadu": "TNPDCL",
    "Kerala": "KSEB",
    "Telangana": "TGSPDCL",
    "Andhra Pradesh": "APEPDCL",
    "Maharashtra": "MSEDCL",
    "Goa": "Goa Electricity Dept",
    "Gujarat": "Torrent Power",
    "Rajasthan": "JVVNL",
    "Delhi": "BSES Rajdhani",
    "Haryana": "DHBVN",
    "Uttar Pradesh": "UPPCL",
    "Uttarakhand": "UPCL",
    "Chandigarh": "Chandigarh Electricity Dept",
    "Punjab": "PSPCL",
    "Madhya Pradesh": "MPMKVVCL",
    "Chhattisgarh": "CSPDCL",
    "West Bengal": "CESC",
    "Odisha": "TPCODL",
    "Bihar": "SBPDCL",
    "Jharkhand": "JBVNL",
    "Assam": "APDCL",
}


class Spend(NamedTuple):
    """A kind of discretionary debit: counterparty, rupee range, channels and weight."""

    counterparty: str
    low: int
    high: int
    channels: tuple[str, ...]
    weight: float


SPENDS: tuple[Spend, ...] = (
    Spend("Swiggy", 150, 1200, ("upi",), 8),
    Spend("Zomato", 150, 1500, ("upi",), 7),
    Spend("BigBasket", 300, 4500, ("upi",), 5),
    Spend("Blinkit", 150, 2500, ("upi",), 5),
    Spend("Zepto", 150, 2000, ("upi",), 3),
    Spend("DMart", 500, 6000, ("pos", "upi"), 5),
    Spend("More Supermarket", 300, 4000, ("pos",), 2),
    Spend("Amazon", 300, 12000, ("upi", "pos"), 6),
    Spend("Flipkart", 300, 15000, ("upi",), 4),
    Spend("Myntra", 500, 6000, ("upi",), 2),
    Spend("Nykaa", 300, 4000, ("upi",), 1.5),
    Spend("IRCTC", 300, 5000, ("upi",), 4),
    Spend("MakeMyTrip", 2000, 35000, ("upi", "pos"), 1.5),
    Spend("Uber", 100, 900, ("upi",), 4),
    Spend("Ola", 100, 900, ("upi",), 2),
    Spend("Rapido", 50, 300, ("upi",), 2),
    Spend("Indian Oil Petrol Pump", 500, 4000, ("pos", "upi"), 4),
    Spend("HP Petrol Pump", 500, 4000, ("pos", "upi"), 2),
    Spend("Apollo Pharmacy", 150, 3000, ("pos", "upi"), 3),
    Spend("MedPlus", 150, 2500, ("upi",), 2),
    Spend("PVR Cinemas", 300, 1800, ("upi",), 2),
    Spend("Cafe Coffee Day", 150, 800, ("pos",), 1.5),
    Spend("Croma", 2000, 60000, ("pos",), 0.7),
    Spend("Reliance Digital", 1500, 45000, ("pos",), 0.7),
    Spend("Decathlon", 500, 8000, ("pos",), 1),
    Spend("Tanishq", 15000, 150000, ("pos",), 0.3),
    Spend("Jio Prepaid", 199, 999, ("upi",), 2),
    Spend("Airtel Prepaid", 199, 999, ("upi",), 2),
    Spend("Indane Gas", 850, 1100, ("upi",), 1.5),
    Spend("ACT Fibernet", 700, 1500, ("upi",), 1),
    Spend("Apollo Hospitals", 1000, 25000, ("pos", "upi"), 0.6),
    Spend("Sri Lakshmi General Stores", 100, 1500, ("upi",), 3),
    Spend("Gupta Kirana Store", 100, 1500, ("upi",), 3),
    Spend("Annapoorna Stores", 100, 1500, ("upi",), 2),
)

#: Business counterparties for current accounts (receipts and supplier payments).
BUSINESS_PARTIES: tuple[str, ...] = comma_list(
    "Shree Balaji Enterprises, Om Sai Traders, Ganesh Hardware, Laxmi Textiles, Sri Venkateswara Agencies, "
    "Royal Packaging Co, Maruti Steel Suppliers, New India Printers, Bharat Electricals, Annapurna Caterers, "
    "Metro Cash and Carry, Kaveri Distributors, Sapna Book House, Moti Mahal Foods, Deccan Logistics"
)

OTHER_BANKS: tuple[tuple[str, str], ...] = (
    ("HDFC", "HDFC Bank"),
    ("ICIC", "ICICI Bank"),
    ("SBIN", "State Bank of India"),
    ("UTIB", "Axis Bank"),
    ("KKBK", "Kotak Mahindra Bank"),
    ("PUNB", "Punjab National Bank"),
    ("CNRB", "Canara Bank"),
    ("BARB", "Bank of Baroda"),
)

SUBSCRIPTIONS: tuple[tuple[str, int, str], ...] = (
    ("Netflix", 649, "monthly"),
    ("Netflix", 199, "monthly"),
    ("Spotify", 119, "monthly"),
    ("JioHotstar", 299, "monthly"),
    ("YouTube Premium", 149, "monthly"),
    ("Amazon Prime", 1499, "yearly"),
    ("Jio Postpaid", 599, "monthly"),
    ("Airtel Postpaid", 449, "monthly"),
    ("Airtel Xstream Fiber", 999, "monthly"),
)
MUTUAL_FUNDS: tuple[str, ...] = comma_list(
    "HDFC Mutual Fund, ICICI Prudential Mutual Fund, Axis Mutual Fund, Nippon India Mutual Fund, "
    "Parag Parikh Mutual Fund, SBI Mutual Fund, Mirae Asset Mutual Fund"
)
OTHER_LENDERS: tuple[str, ...] = comma_list("Bajaj Finance Ltd, HDFC Bank Ltd, Tata Capital Ltd, Shriram Finance Ltd")

INSURERS: dict[str, tuple[tuple[str, str], ...]] = {
    "life": (
        ("Bharat Life Insurance Co.", "Jeevan Raksha Term Plan"),
        ("Suraksha Life Insurance Co.", "Family Secure Term Plan"),
        ("Bharat Life Insurance Co.", "Smart Savings Endowment Plan"),
    ),
    "health": (
        ("Arogya Health Insurance Co.", "Family Health Shield"),
        ("Arogya Health Insurance Co.", "Senior Care Health Plan"),
        ("Sanjeevani Health Insurance Ltd.", "Comprehensive Floater Plus"),
    ),
    "motor": (("Sarathi General Insurance Co.", "Motor Secure Comprehensive"), ("Griha General Insurance Co.", "Two Wheeler Protect")),
    "home": (("Griha General Insurance Co.", "Home Protect Plus"), ("Sarathi General Insurance Co.", "Householder Package Policy")),
}

CHEQUE_PAYEES: tuple[str, ...] = comma_list(
    "LIC of India, Delhi Public School, St Xaviers High School, Sunrise Builders Pvt Ltd, Kaveri Motors Pvt Ltd, "
    "Apollo Hospitals, Municipal Corporation Property Tax, Shree Balaji Enterprises, Sai Interiors, "
    "Manipal Academy of Higher Education, Green Valley Housing Society"
)
BIG_CHEQUE_PAYEES: tuple[str, ...] = comma_list(
    "Sunrise Builders Pvt Ltd, Kaveri Motors Pvt Ltd, Skyline Homes Pvt Ltd, Manipal Academy of Higher Education, Lakeview Developers LLP"
)
STOP_REASONS: tuple[str, ...] = ("cheque lost", "cheque stolen", "wrong amount written", "payment not required", "dispute with payee")
