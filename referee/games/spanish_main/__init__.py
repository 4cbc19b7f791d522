"""Pirates of the Spanish Main (WizKids): its card data (S-DATA), read and checked here."""
