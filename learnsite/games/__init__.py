"""Learnsite's game engine: plain Python, no Reflex.

- kinds/: one module per game kind (choose, count, match, sort, type, prompt, trace), each a round
  generator from a seeded random.Random and an answer checker;
- content/: the learning content the kinds draw from (questions, words, animals...);
- activities.py: which kind, age band and parameters each catalogue activity uses (data);
- session.py: one game being played: start, the public view of a round, answer, finish -> stars.
"""
