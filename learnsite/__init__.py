"""Learnsite: a learning library for children aged 3-10 and their parents."""
