"""Static reference data for the seed generator: cities, branches, states and address parts.

Everything here is plain data (tuples and mappings); the generator draws from it with its
own seeded random generator, so changing an entry changes the seed files deliberately.
People's names are in ``people_names``; employers, merchants, billers and other
counterparties in ``counterparties``.
"""

from __future__ import annotations

from typing import NamedTuple


def comma_list(text: str) -> tuple[str, ...]:
    """'a, b, c' -> ('a', 'b', 'c'): the data below is written as comma-separated text."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


class City(NamedTuple):
    """A city: state, first pincode of its range, range width, tier and localities."""

    name: str
    state: str
    pin_base: int
    pin_span: int
    tier: str  # metro | urban | semi_urban
    localities: tuple[str, ...]


CITIES: tuple[City, ...] = (
    City(
        "Bengaluru",
        "Karnataka",
        560001,
        99,
        "metro",
        ("Koramangala", "Indiranagar", "Jayanagar", "Whitefield", "Malleshwaram", "HSR Layout", "Basavanagudi"),
    ),
    City("Mysuru", "Karnataka", 570001, 30, "urban", ("Vijayanagar", "Kuvempunagar", "Saraswathipuram")),
    City("Mangaluru", "Karnataka", 575001, 30, "urban", ("Hampankatta", "Kadri", "Bejai")),
    City("Udupi", "Karnataka", 576101, 20, "semi_urban", ("Manipal", "Kunjibettu", "Ambalpady")),
    City("Hubballi", "Karnataka", 580020, 12, "urban", ("Vidyanagar", "Keshwapur", "Gokul Road")),
    City("Chennai", "Tamil Nadu", 600001, 99, "metro", ("T Nagar", "Adyar", "Anna Nagar", "Mylapore", "Velachery", "Tambaram")),
    City("Coimbatore", "Tamil Nadu", 641001, 40, "urban", ("RS Puram", "Gandhipuram", "Peelamedu")),
    City("Madurai", "Tamil Nadu", 625001, 20, "urban", ("KK Nagar", "Tallakulam", "SS Colony")),
    City("Thanjavur", "Tamil Nadu", 613001, 10, "semi_urban", ("Srinivasapuram", "Nanjikottai Road", "Medical College Road")),
    City("Kochi", "Kerala", 682001, 40, "urban", ("Edappally", "Kakkanad", "Panampilly Nagar", "Kaloor")),
    City("Thiruvananthapuram", "Kerala", 695001, 40, "urban", ("Pattom", "Kowdiar", "Vazhuthacaud")),
    City("Kottayam", "Kerala", 686001, 20, "semi_urban", ("Nagampadam", "Kanjikuzhy", "Kumaranalloor")),
    City(
        "Hyderabad", "Telangana", 500001, 99, "metro", ("Banjara Hills", "Madhapur", "Kukatpally", "Secunderabad", "Gachibowli", "Ameerpet")
    ),
    City("Visakhapatnam", "Andhra Pradesh", 530001, 40, "urban", ("MVP Colony", "Dwaraka Nagar", "Seethammadhara")),
    City("Vijayawada", "Andhra Pradesh", 520001, 15, "urban", ("Benz Circle", "Labbipet", "Governorpet")),
    City(
        "Mumbai", "Maharashtra", 400001, 99, "metro", ("Andheri West", "Dadar", "Powai", "Borivali West", "Bandra West", "Chembur", "Fort")
    ),
    City("Thane", "Maharashtra", 400601, 15, "urban", ("Naupada", "Ghodbunder Road", "Vartak Nagar")),
    City("Pune", "Maharashtra", 411001, 60, "urban", ("Kothrud", "Aundh", "Viman Nagar", "Hinjewadi", "Baner")),
    City("Nagpur", "Maharashtra", 440001, 35, "urban", ("Dharampeth", "Sitabuldi", "Sadar")),
    City("Nashik", "Maharashtra", 422001, 12, "urban", ("College Road", "Gangapur Road", "Indira Nagar")),
    City("Satara", "Maharashtra", 415001, 10, "semi_urban", ("Sadar Bazar", "Shahupuri", "Karanje")),
    City("Panaji", "Goa", 403001, 10, "urban", ("Altinho", "Miramar", "Campal")),
    City("Ahmedabad", "Gujarat", 380001, 60, "urban", ("Navrangpura", "Satellite", "Maninagar", "Bodakdev")),
    City("Surat", "Gujarat", 395001, 10, "urban", ("Adajan", "Athwalines", "Vesu")),
    City("Vadodara", "Gujarat", 390001, 25, "urban", ("Alkapuri", "Fatehgunj", "Karelibaug")),
    City("Anand", "Gujarat", 388001, 5, "semi_urban", ("Vallabh Vidyanagar", "Station Road", "Bakrol")),
    City("Jaipur", "Rajasthan", 302001, 40, "urban", ("Malviya Nagar", "Vaishali Nagar", "C Scheme", "Mansarovar")),
    City("Bhilwara", "Rajasthan", 311001, 10, "semi_urban", ("Azad Nagar", "Shastri Nagar", "Pur Road")),
    City(
        "New Delhi",
        "Delhi",
        110001,
        96,
        "metro",
        ("Connaught Place", "Karol Bagh", "Lajpat Nagar", "Dwarka", "Rohini", "Saket", "Janakpuri"),
    ),
    City("Gurugram", "Haryana", 122001, 18, "urban", ("DLF Phase 2", "Sector 56", "Sohna Road")),
    City("Noida", "Uttar Pradesh", 201301, 10, "urban", ("Sector 18", "Sector 62", "Sector 50")),
    City("Lucknow", "Uttar Pradesh", 226001, 30, "urban", ("Hazratganj", "Gomti Nagar", "Aliganj", "Indira Nagar")),
    City("Varanasi", "Uttar Pradesh", 221001, 12, "urban", ("Lanka", "Sigra", "Mahmoorganj")),
    City("Dehradun", "Uttarakhand", 248001, 10, "urban", ("Rajpur Road", "Vasant Vihar", "Clement Town")),
    City("Chandigarh", "Chandigarh", 160001, 40, "urban", ("Sector 17", "Sector 35", "Sector 8")),
    City("Ludhiana", "Punjab", 141001, 15, "urban", ("Sarabha Nagar", "Model Town", "Civil Lines")),
    City("Hoshiarpur", "Punjab", 146001, 5, "semi_urban", ("Model Town", "Civil Lines", "Bassi Khawaju")),
    City("Bhopal", "Madhya Pradesh", 462001, 40, "urban", ("Arera Colony", "MP Nagar", "Kolar Road")),
    City("Indore", "Madhya Pradesh", 452001, 18, "urban", ("Vijay Nagar", "Palasia", "Rajendra Nagar")),
    City("Raipur", "Chhattisgarh", 492001, 12, "urban", ("Shankar Nagar", "Civil Lines", "Telibandha")),
    City("Kolkata", "West Bengal", 700001, 99, "metro", ("Park Street", "Salt Lake", "Ballygunge", "Behala", "Gariahat", "New Town")),
    City("Siliguri", "West Bengal", 734001, 10, "urban", ("Hakimpara", "Pradhan Nagar", "Sevoke Road")),
    City("Bhubaneswar", "Odisha", 751001, 30, "urban", ("Saheed Nagar", "Nayapalli", "Patia")),
    City("Cuttack", "Odisha", 753001, 14, "urban", ("Buxi Bazar", "College Square", "Link Road")),
    City("Patna", "Bihar", 800001, 30, "urban", ("Boring Road", "Kankarbagh", "Rajendra Nagar")),
    City("Ranchi", "Jharkhand", 834001, 10, "urban", ("Lalpur", "Harmu", "Doranda")),
    City("Guwahati", "Assam", 781001, 40, "urban", ("Zoo Road", "Dispur", "Beltola", "Paltan Bazaar")),
)

#: Branches as (city, locality); each becomes "Locality, City" with its own IFSC.
BRANCH_SITES: tuple[tuple[str, str], ...] = (
    ("Bengaluru", "Koramangala"),
    ("Bengaluru", "Indiranagar"),
    ("Bengaluru", "Jayanagar"),
    ("Bengaluru", "Whitefield"),
    ("Mumbai", "Andheri West"),
    ("Mumbai", "Dadar"),
    ("Mumbai", "Powai"),
    ("New Delhi", "Connaught Place"),
    ("New Delhi", "Karol Bagh"),
    ("Chennai", "T Nagar"),
    ("Chennai", "Adyar"),
    ("Chennai", "Anna Nagar"),
    ("Hyderabad", "Banjara Hills"),
    ("Hyderabad", "Madhapur"),
    ("Kolkata", "Park Street"),
    ("Kolkata", "Salt Lake"),
    ("Pune", "Kothrud"),
    ("Pune", "Aundh"),
    ("Satara", "Sadar Bazar"),
    ("Panaji", "Altinho"),
    ("Ahmedabad", "Navrangpura"),
    ("Surat", "Adajan"),
    ("Anand", "Vallabh Vidyanagar"),
    ("Jaipur", "Malviya Nagar"),
    ("Bhilwara", "Azad Nagar"),
    ("Gurugram", "DLF Phase 2"),
    ("Lucknow", "Hazratganj"),
    ("Chandigarh", "Sector 17"),
    ("Ludhiana", "Sarabha Nagar"),
    ("Hoshiarpur", "Model Town"),
    ("Kochi", "Edappally"),
    ("Thiruvananthapuram", "Pattom"),
    ("Kottayam", "Nagampadam"),
    ("Coimbatore", "RS Puram"),
    ("Thanjavur", "Srinivasapuram"),
    ("Mysuru", "Vijayanagar"),
    ("Udupi", "Manipal"),
    ("Visakhapatnam", "MVP Colony"),
    ("Bhopal", "Arera Colony"),
    ("Bhubaneswar", "Saheed Nagar"),
    ("Patna", "Boring Road"),
    ("Guwahati", "Zoo Road"),
)

#: Which name tradition is most common among customers of a state's branches.
STATE_CULTURE: dict[str, str] = {
    "Karnataka": "kannada",
    "Tamil Nadu": "tamil",
    "Kerala": "malayali",
    "Telangana": "telugu",
    "Andhra Pradesh": "telugu",
    "Maharashtra": "marathi",
    "Goa": "christian",
    "Gujarat": "gujarati",
    "Rajasthan": "hindi",
    "Delhi": "hindi",
    "Haryana": "hindi",
    "Uttar Pradesh": "hindi",
    "Uttarakhand": "hindi",
    "Chandigarh": "punjabi",
    "Punjab": "punjabi",
    "Madhya Pradesh": "hindi",
    "Chhattisgarh": "hindi",
    "West Bengal": "bengali",
    "Odisha": "odia",
    "Bihar": "hindi",
    "Jharkhand": "hindi",
    "Assam": "assamese",
}

#: Home states of each tradition (for permanent addresses of people who moved).
CULTURE_HOME_STATES: dict[str, tuple[str, ...]] = {
    "hindi": ("Uttar Pradesh", "Madhya Pradesh", "Rajasthan", "Bihar", "Jharkhand", "Delhi", "Haryana", "Uttarakhand", "Chhattisgarh"),
    "punjabi": ("Punjab", "Chandigarh", "Delhi"),
    "marathi": ("Maharashtra",),
    "gujarati": ("Gujarat",),
    "kannada": ("Karnataka",),
    "tamil": ("Tamil Nadu",),
    "malayali": ("Kerala",),
    "christian": ("Kerala", "Goa"),
    "telugu": ("Telangana", "Andhra Pradesh"),
    "bengali": ("West Bengal",),
    "odia": ("Odisha",),
    "assamese": ("Assam",),
    "muslim": (),
}


BUILDINGS: tuple[str, ...] = comma_list(
    "Sunrise, Green Valley, Lake View, Sai Krupa, Shanti Niketan, Shree Ganesh, Royal Palms, Silver Oak, "
    "Riverdale, Kaveri, Ganga, Nilgiri, Ashirwad, Gokul, Vrindavan, Sapphire, Orchid, Sahyadri, Maple Heights"
)
STREETS: tuple[str, ...] = comma_list(
    "MG Road, Station Road, Temple Street, Gandhi Road, Nehru Street, Church Road, Main Road, Market Road, "
    "Park Road, Hospital Road, College Road, Bazaar Street"
)
LANDMARKS: tuple[str, ...] = comma_list(
    "City Hospital, Bus Stand, Shiva Temple, Govt School, Railway Station, Water Tank, Post Office, Hanuman Mandir, Central Library"
)
