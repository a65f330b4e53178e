"""Static reference data for the seed generator: people's names by naming tradition, and e-mail domains.

Plain data, drawn from with the generator's seeded random generator.
"""

from __future__ import annotations

from typing import NamedTuple

from tau_indian_bank.seeding.places import comma_list as _names


class NamePool(NamedTuple):
    """Given names by gender and family names of one naming tradition."""

    male: tuple[str, ...]
    female: tuple[str, ...]
    surnames: tuple[str, ...]


NAMES: dict[str, NamePool] = {
    "hindi": NamePool(
        _names(
            "Rahul, Amit, Vikas, Rohit, Sanjay, Rajesh, Arjun, Manish, Deepak, Gaurav, Nitin, Ankit, Saurabh, "
            "Vivek, Alok, Pankaj, Ashok, Sunil, Ramesh, Mohit, Varun, Aditya, Abhishek, Shubham, Anil, Dinesh, "
            "Mukesh, Rakesh, Yogendra, Harsh"
        ),
        _names(
            "Priya, Neha, Pooja, Anjali, Sunita, Kavita, Ritu, Shalini, Swati, Komal, Rekha, Aarti, Nisha, "
            "Divya, Shweta, Anita, Meena, Sapna, Preeti, Kiran, Suman, Jyoti, Shikha, Radha, Savita"
        ),
        _names(
            "Sharma, Verma, Gupta, Singh, Yadav, Mishra, Tiwari, Chauhan, Agarwal, Saxena, Srivastava, Pandey, "
            "Tripathi, Dubey, Jain, Rastogi, Shukla, Chaturvedi, Bansal, Goyal, Mittal, Rathore, Chaudhary, "
            "Kumar, Sinha, Jha, Thakur, Prasad, Shekhawat, Khandelwal"
        ),
    ),
    "punjabi": NamePool(
        _names(
            "Gurpreet, Harpreet, Manpreet, Jaspreet, Harjit, Amarjeet, Kuldeep, Balwinder, Sukhwinder, "
            "Rajinder, Karan, Rohan, Vikram, Sahil, Tejinder"
        ),
        _names("Simran, Harleen, Navneet, Jasleen, Manjit, Gurleen, Amrita, Rupinder, Parminder, Sonia, Ritika, Mehak"),
        _names("Gill, Sandhu, Dhillon, Grewal, Sidhu, Bajwa, Brar, Arora, Malhotra, Khanna, Sethi, Kapoor, Bhatia, Chopra, Ahuja, Anand"),
    ),
    "marathi": NamePool(
        _names(
            "Sachin, Prasad, Omkar, Tushar, Nikhil, Hemant, Mahesh, Sandeep, Yogesh, Amol, Swapnil, Vinayak, "
            "Sagar, Aniket, Ganesh, Prashant, Shrikant, Ajinkya, Mangesh"
        ),
        _names(
            "Snehal, Madhuri, Ashwini, Sayali, Pallavi, Rupali, Shraddha, Manasi, Prajakta, Vaishali, Sneha, "
            "Aparna, Supriya, Gauri, Tejaswini"
        ),
        _names(
            "Patil, Deshmukh, Kulkarni, Joshi, Jadhav, Pawar, Shinde, Gokhale, Bhosale, More, Kale, Deshpande, "
            "Apte, Gaikwad, Chavan, Sawant, Kadam, Salunkhe, Phadke"
        ),
    ),
    "gujarati": NamePool(
        _names("Chirag, Hardik, Mehul, Parth, Ketan, Jayesh, Nilesh, Bhavesh, Hitesh, Jignesh, Dhaval, Kalpesh, Pranav, Tejas, Bhargav"),
        _names("Hetal, Krupa, Bhavna, Dhara, Mitali, Nidhi, Foram, Jinal, Payal, Riddhi, Urvashi, Khushbu, Falguni, Dimple"),
        _names("Patel, Shah, Mehta, Desai, Trivedi, Parekh, Modi, Vyas, Bhatt, Pandya, Dave, Thakkar, Soni, Amin, Joshi, Contractor"),
    ),
    "kannada": NamePool(
        _names(
            "Prakash, Manjunath, Raghavendra, Suresh, Girish, Harish, Naveen, Santosh, Praveen, Kiran, Sudeep, "
            "Vinay, Chetan, Shivakumar, Basavaraj, Nagaraj, Srinath, Mohan"
        ),
        _names("Lakshmi, Shilpa, Kavya, Deepa, Sowmya, Rashmi, Bhavya, Pavithra, Sahana, Shruthi, Nandini, Asha, Veena, Chaitra, Roopa"),
        _names("Gowda, Hegde, Shetty, Rao, Bhat, Kamath, Shenoy, Nayak, Kulkarni, Murthy, Acharya, Prabhu, Naik, Hiremath, Setty, Pai"),
    ),
    "tamil": NamePool(
        _names(
            "Karthik, Senthil, Murugan, Arun, Vignesh, Balaji, Ganesh, Saravanan, Dinesh, Prabhu, Rajkumar, "
            "Venkatesh, Sathish, Ashwin, Manikandan, Gokul, Harish, Ramesh"
        ),
        _names(
            "Divya, Meena, Kalaivani, Revathi, Anitha, Deepika, Sangeetha, Priya, Lakshmi, Gayathri, Janani, "
            "Keerthana, Nithya, Vidya, Sudha, Bhuvana"
        ),
        _names(
            "Iyer, Iyengar, Subramanian, Krishnan, Venkatesan, Ramasamy, Natarajan, Pillai, Sundaram, "
            "Raghavan, Srinivasan, Rajendran, Murugesan, Kannan, Chandrasekaran, Balasubramanian, Gopalan"
        ),
    ),
    "malayali": NamePool(
        _names("Anoop, Jithin, Sreejith, Vishnu, Rajeev, Arun, Sajeev, Biju, Manoj, Akhil, Nikhil, Harikrishnan, Sandeep, Pradeep, Ajith"),
        _names("Anjali, Reshma, Sreelakshmi, Aswathy, Neethu, Divya, Lakshmi, Anu, Athira, Soumya, Remya, Bindu, Sreeja"),
        _names("Nair, Menon, Pillai, Panicker, Kutty, Warrier, Nambiar, Kurup, Unnithan, Namboothiri, Krishnan"),
    ),
    "christian": NamePool(
        _names("Jose, Tomy, Thomas, Joseph, Antony, George, Sebastian, Francis, Roy, Jerome, Alwyn, Melvin"),
        _names("Mariya, Jincy, Annie, Teresa, Sheeba, Rosemary, Leena, Nancy, Elizabeth, Sonia, Reena"),
        _names("Varghese, Kurian, Mathew, Joseph, Chacko, Philip, Fernandes, Pereira, Rodrigues, Pinto, Gomes, Lobo, Menezes, Abraham"),
    ),
    "telugu": NamePool(
        _names(
            "Srinivas, Venkat, Ravi, Chaitanya, Naresh, Sai Kiran, Mahesh, Suresh, Krishna, Vamsi, Harsha, Praveen, Anil, Rajesh, Srikanth"
        ),
        _names("Swapna, Lavanya, Sravani, Padma, Haritha, Sirisha, Madhavi, Kalyani, Bhargavi, Sowjanya, Keerthi, Sindhu, Anusha"),
        _names("Reddy, Naidu, Rao, Chowdary, Varma, Raju, Goud, Sastry, Murthy, Babu, Kondapalli, Gadde"),
    ),
    "bengali": NamePool(
        _names(
            "Sourav, Arindam, Debashish, Subhajit, Anirban, Partha, Abhijit, Tanmoy, Sandip, Indranil, Rajib, "
            "Kaushik, Amitabha, Biswajit, Prosenjit"
        ),
        _names(
            "Moumita, Sudeshna, Rituparna, Ananya, Paromita, Tanushree, Sreeparna, Debjani, Mousumi, Sharmistha, Payel, Shampa, Madhumita"
        ),
        _names(
            "Banerjee, Chatterjee, Mukherjee, Ghosh, Bose, Das, Sen, Dutta, Roy, Chakraborty, Bhattacharya, "
            "Sarkar, Mitra, Basu, Ganguly, Majumdar, Saha, Pal"
        ),
    ),
    "odia": NamePool(
        _names("Debasis, Pradeep, Bibhuti, Subrat, Sushant, Manas, Prasanta, Satyajit, Jagannath, Rabindra, Sanjib"),
        _names("Sasmita, Sujata, Pragyan, Lopamudra, Itishree, Sipra, Subhashree, Mamata, Swagatika, Anupama"),
        _names("Mohanty, Patnaik, Sahoo, Behera, Panda, Nayak, Pradhan, Rout, Samal, Swain, Jena, Mohapatra, Dash"),
    ),
    "assamese": NamePool(
        _names("Bhaskar, Dhruba, Pranjal, Bikash, Rupam, Hiranya, Utpal, Manash, Jyotirmoy, Nayan"),
        _names("Pallavi, Dipanjali, Bornali, Junmoni, Rimpi, Anamika, Nilakshi, Kabita, Priyanka"),
        _names("Bora, Baruah, Gogoi, Saikia, Kalita, Hazarika, Deka, Bhuyan, Phukan, Chetia"),
    ),
    "muslim": NamePool(
        _names(
            "Mohammed Irfan, Imran, Salman, Faisal, Arif, Asif, Javed, Sameer, Rizwan, Aamir, Shahid, Nadeem, "
            "Tanveer, Zaheer, Abdul Rahman, Mohammed Yusuf"
        ),
        _names("Ayesha, Fatima, Nazia, Sana, Farheen, Shabana, Zoya, Rukhsar, Nasreen, Heena, Shaista, Tabassum, Afreen, Rubina"),
        _names("Khan, Shaikh, Qureshi, Ansari, Siddiqui, Hussain, Ahmed, Syed, Pathan, Mirza, Rizvi, Baig, Malik, Naqvi"),
    ),
}

EMAIL_DOMAINS: tuple[str, ...] = ("mailbox.in", "inboxmail.com", "postbox.in", "netmail.co.in", "webpost.in")
