"""Static reference data for the seed generator: places, names, merchants and products.

Everything here is plain data (tuples and mappings); the generator draws from it with its
own seeded random generator, so changing an entry changes the seed files deliberately.
"""

from __future__ import annotations

from typing import NamedTuple


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


class NamePool(NamedTuple):
    """Given names by gender and family names of one naming tradition."""

    male: tuple[str, ...]
    female: tuple[str, ...]
    surnames: tuple[str, ...]


def _split(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


NAMES: dict[str, NamePool] = {
    "hindi": NamePool(
        _split(
            "Rahul, Amit, Vikas, Rohit, Sanjay, Rajesh, Arjun, Manish, Deepak, Gaurav, Nitin, Ankit, Saurabh, "
            "Vivek, Alok, Pankaj, Ashok, Sunil, Ramesh, Mohit, Varun, Aditya, Abhishek, Shubham, Anil, Dinesh, "
            "Mukesh, Rakesh, Yogendra, Harsh"
        ),
        _split(
            "Priya, Neha, Pooja, Anjali, Sunita, Kavita, Ritu, Shalini, Swati, Komal, Rekha, Aarti, Nisha, "
            "Divya, Shweta, Anita, Meena, Sapna, Preeti, Kiran, Suman, Jyoti, Shikha, Radha, Savita"
        ),
        _split(
            "Sharma, Verma, Gupta, Singh, Yadav, Mishra, Tiwari, Chauhan, Agarwal, Saxena, Srivastava, Pandey, "
            "Tripathi, Dubey, Jain, Rastogi, Shukla, Chaturvedi, Bansal, Goyal, Mittal, Rathore, Chaudhary, "
            "Kumar, Sinha, Jha, Thakur, Prasad, Shekhawat, Khandelwal"
        ),
    ),
    "punjabi": NamePool(
        _split(
            "Gurpreet, Harpreet, Manpreet, Jaspreet, Harjit, Amarjeet, Kuldeep, Balwinder, Sukhwinder, "
            "Rajinder, Karan, Rohan, Vikram, Sahil, Tejinder"
        ),
        _split("Simran, Harleen, Navneet, Jasleen, Manjit, Gurleen, Amrita, Rupinder, Parminder, Sonia, Ritika, Mehak"),
        _split("Gill, Sandhu, Dhillon, Grewal, Sidhu, Bajwa, Brar, Arora, Malhotra, Khanna, Sethi, Kapoor, Bhatia, Chopra, Ahuja, Anand"),
    ),
    "marathi": NamePool(
        _split(
            "Sachin, Prasad, Omkar, Tushar, Nikhil, Hemant, Mahesh, Sandeep, Yogesh, Amol, Swapnil, Vinayak, "
            "Sagar, Aniket, Ganesh, Prashant, Shrikant, Ajinkya, Mangesh"
        ),
        _split(
            "Snehal, Madhuri, Ashwini, Sayali, Pallavi, Rupali, Shraddha, Manasi, Prajakta, Vaishali, Sneha, "
            "Aparna, Supriya, Gauri, Tejaswini"
        ),
        _split(
            "Patil, Deshmukh, Kulkarni, Joshi, Jadhav, Pawar, Shinde, Gokhale, Bhosale, More, Kale, Deshpande, "
            "Apte, Gaikwad, Chavan, Sawant, Kadam, Salunkhe, Phadke"
        ),
    ),
    "gujarati": NamePool(
        _split("Chirag, Hardik, Mehul, Parth, Ketan, Jayesh, Nilesh, Bhavesh, Hitesh, Jignesh, Dhaval, Kalpesh, Pranav, Tejas, Bhargav"),
        _split("Hetal, Krupa, Bhavna, Dhara, Mitali, Nidhi, Foram, Jinal, Payal, Riddhi, Urvashi, Khushbu, Falguni, Dimple"),
        _split("Patel, Shah, Mehta, Desai, Trivedi, Parekh, Modi, Vyas, Bhatt, Pandya, Dave, Thakkar, Soni, Amin, Joshi, Contractor"),
    ),
    "kannada": NamePool(
        _split(
            "Prakash, Manjunath, Raghavendra, Suresh, Girish, Harish, Naveen, Santosh, Praveen, Kiran, Sudeep, "
            "Vinay, Chetan, Shivakumar, Basavaraj, Nagaraj, Srinath, Mohan"
        ),
        _split("Lakshmi, Shilpa, Kavya, Deepa, Sowmya, Rashmi, Bhavya, Pavithra, Sahana, Shruthi, Nandini, Asha, Veena, Chaitra, Roopa"),
        _split("Gowda, Hegde, Shetty, Rao, Bhat, Kamath, Shenoy, Nayak, Kulkarni, Murthy, Acharya, Prabhu, Naik, Hiremath, Setty, Pai"),
    ),
    "tamil": NamePool(
        _split(
            "Karthik, Senthil, Murugan, Arun, Vignesh, Balaji, Ganesh, Saravanan, Dinesh, Prabhu, Rajkumar, "
            "Venkatesh, Sathish, Ashwin, Manikandan, Gokul, Harish, Ramesh"
        ),
        _split(
            "Divya, Meena, Kalaivani, Revathi, Anitha, Deepika, Sangeetha, Priya, Lakshmi, Gayathri, Janani, "
            "Keerthana, Nithya, Vidya, Sudha, Bhuvana"
        ),
        _split(
            "Iyer, Iyengar, Subramanian, Krishnan, Venkatesan, Ramasamy, Natarajan, Pillai, Sundaram, "
            "Raghavan, Srinivasan, Rajendran, Murugesan, Kannan, Chandrasekaran, Balasubramanian, Gopalan"
        ),
    ),
    "malayali": NamePool(
        _split("Anoop, Jithin, Sreejith, Vishnu, Rajeev, Arun, Sajeev, Biju, Manoj, Akhil, Nikhil, Harikrishnan, Sandeep, Pradeep, Ajith"),
        _split("Anjali, Reshma, Sreelakshmi, Aswathy, Neethu, Divya, Lakshmi, Anu, Athira, Soumya, Remya, Bindu, Sreeja"),
        _split("Nair, Menon, Pillai, Panicker, Kutty, Warrier, Nambiar, Kurup, Unnithan, Namboothiri, Krishnan"),
    ),
    "christian": NamePool(
        _split("Jose, Tomy, Thomas, Joseph, Antony, George, Sebastian, Francis, Roy, Jerome, Alwyn, Melvin"),
        _split("Mariya, Jincy, Annie, Teresa, Sheeba, Rosemary, Leena, Nancy, Elizabeth, Sonia, Reena"),
        _split("Varghese, Kurian, Mathew, Joseph, Chacko, Philip, Fernandes, Pereira, Rodrigues, Pinto, Gomes, Lobo, Menezes, Abraham"),
    ),
    "telugu": NamePool(
        _split(
            "Srinivas, Venkat, Ravi, Chaitanya, Naresh, Sai Kiran, Mahesh, Suresh, Krishna, Vamsi, Harsha, Praveen, Anil, Rajesh, Srikanth"
        ),
        _split("Swapna, Lavanya, Sravani, Padma, Haritha, Sirisha, Madhavi, Kalyani, Bhargavi, Sowjanya, Keerthi, Sindhu, Anusha"),
        _split("Reddy, Naidu, Rao, Chowdary, Varma, Raju, Goud, Sastry, Murthy, Babu, Kondapalli, Gadde"),
    ),
    "bengali": NamePool(
        _split(
            "Sourav, Arindam, Debashish, Subhajit, Anirban, Partha, Abhijit, Tanmoy, Sandip, Indranil, Rajib, "
            "Kaushik, Amitabha, Biswajit, Prosenjit"
        ),
        _split(
            "Moumita, Sudeshna, Rituparna, Ananya, Paromita, Tanushree, Sreeparna, Debjani, Mousumi, Sharmistha, Payel, Shampa, Madhumita"
        ),
        _split(
            "Banerjee, Chatterjee, Mukherjee, Ghosh, Bose, Das, Sen, Dutta, Roy, Chakraborty, Bhattacharya, "
            "Sarkar, Mitra, Basu, Ganguly, Majumdar, Saha, Pal"
        ),
    ),
    "odia": NamePool(
        _split("Debasis, Pradeep, Bibhuti, Subrat, Sushant, Manas, Prasanta, Satyajit, Jagannath, Rabindra, Sanjib"),
        _split("Sasmita, Sujata, Pragyan, Lopamudra, Itishree, Sipra, Subhashree, Mamata, Swagatika, Anupama"),
        _split("Mohanty, Patnaik, Sahoo, Behera, Panda, Nayak, Pradhan, Rout, Samal, Swain, Jena, Mohapatra, Dash"),
    ),
    "assamese": NamePool(
        _split("Bhaskar, Dhruba, Pranjal, Bikash, Rupam, Hiranya, Utpal, Manash, Jyotirmoy, Nayan"),
        _split("Pallavi, Dipanjali, Bornali, Junmoni, Rimpi, Anamika, Nilakshi, Kabita, Priyanka"),
        _split("Bora, Baruah, Gogoi, Saikia, Kalita, Hazarika, Deka, Bhuyan, Phukan, Chetia"),
    ),
    "muslim": NamePool(
        _split(
            "Mohammed Irfan, Imran, Salman, Faisal, Arif, Asif, Javed, Sameer, Rizwan, Aamir, Shahid, Nadeem, "
            "Tanveer, Zaheer, Abdul Rahman, Mohammed Yusuf"
        ),
        _split("Ayesha, Fatima, Nazia, Sana, Farheen, Shabana, Zoya, Rukhsar, Nasreen, Heena, Shaista, Tabassum, Afreen, Rubina"),
        _split("Khan, Shaikh, Qureshi, Ansari, Siddiqui, Hussain, Ahmed, Syed, Pathan, Mirza, Rizvi, Baig, Malik, Naqvi"),
    ),
}

EMAIL_DOMAINS: tuple[str, ...] = ("mailbox.in", "inboxmail.com", "postbox.in", "netmail.co.in", "webpost.in")

BUILDINGS: tuple[str, ...] = _split(
    "Sunrise, Green Valley, Lake View, Sai Krupa, Shanti Niketan, Shree Ganesh, Royal Palms, Silver Oak, "
    "Riverdale, Kaveri, Ganga, Nilgiri, Ashirwad, Gokul, Vrindavan, Sapphire, Orchid, Sahyadri, Maple Heights"
)
STREETS: tuple[str, ...] = _split(
    "MG Road, Station Road, Temple Street, Gandhi Road, Nehru Street, Church Road, Main Road, Market Road, "
    "Park Road, Hospital Road, College Road, Bazaar Street"
)
LANDMARKS: tuple[str, ...] = _split(
    "City Hospital, Bus Stand, Shiva Temple, Govt School, Railway Station, Water Tank, Post Office, Hanuman Mandir, Central Library"
)

EMPLOYERS: tuple[str, ...] = _split(
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
BUSINESS_PARTIES: tuple[str, ...] = _split(
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
MUTUAL_FUNDS: tuple[str, ...] = _split(
    "HDFC Mutual Fund, ICICI Prudential Mutual Fund, Axis Mutual Fund, Nippon India Mutual Fund, "
    "Parag Parikh Mutual Fund, SBI Mutual Fund, Mirae Asset Mutual Fund"
)
OTHER_LENDERS: tuple[str, ...] = _split("Bajaj Finance Ltd, HDFC Bank Ltd, Tata Capital Ltd, Shriram Finance Ltd")

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

CHEQUE_PAYEES: tuple[str, ...] = _split(
    "LIC of India, Delhi Public School, St Xaviers High School, Sunrise Builders Pvt Ltd, Kaveri Motors Pvt Ltd, "
    "Apollo Hospitals, Municipal Corporation Property Tax, Shree Balaji Enterprises, Sai Interiors, "
    "Manipal Academy of Higher Education, Green Valley Housing Society"
)
BIG_CHEQUE_PAYEES: tuple[str, ...] = _split(
    "Sunrise Builders Pvt Ltd, Kaveri Motors Pvt Ltd, Skyline Homes Pvt Ltd, Manipal Academy of Higher Education, Lakeview Developers LLP"
)
STOP_REASONS: tuple[str, ...] = ("cheque lost", "cheque stolen", "wrong amount written", "payment not required", "dispute with payee")
