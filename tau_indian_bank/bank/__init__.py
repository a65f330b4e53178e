"""The synthetic bank: schema, seed, template database, money, clock and ids."""
