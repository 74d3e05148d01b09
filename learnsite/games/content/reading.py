"""Reading Comp (7-8): a short story about a clever fox, then questions about what happened."""

from __future__ import annotations

from learnsite.games.content import Question, quiz

FOX_AND_CROW = (
    "A crow found a piece of cheese and flew up to a high branch to eat it. A hungry fox saw her and had "
    "a clever idea. “Good morning, Crow,” he said. “What shiny feathers you have! I am sure your voice is "
    "the most beautiful of all the birds. Will you sing for me?” The crow was so pleased that she opened "
    "her beak to sing: “Caw! Caw!” Down fell the cheese, and the fox caught it in his mouth. “Thank you,” "
    "said the fox. “Next time, do not believe everyone who says nice things to you.”"
)

FERN_AND_THE_RIVER = (
    "Fern the fox wanted to visit her grandmother on the other side of the river. But a storm had washed "
    "the bridge away, and the water was too fast to swim. Fern looked around and saw a long log lying on "
    "the ground. She pushed and pushed until the log reached across the narrow part of the river. Then she "
    "walked over it carefully, one paw at a time. Her grandmother was waiting with a warm blackberry pie. "
    "“You are the cleverest fox in the forest,” she said."
)

# name -> (story, questions: (question, right answer, wrong answers, hint)); each hint shows where in the story to
# look, as a teacher would point, without giving the answer
STORIES = {
    "crow": (FOX_AND_CROW, (
        ("What did the crow find?", "A piece of cheese", ("An apple", "A fish", "A slice of bread"),
         "Look at the very first sentence."),
        ("Where did the crow go to eat?", "Up to a high branch", ("Down to a pond", "Into a cave", "Onto a roof"),
         "Read the first sentence again: where did she fly?"),
        ("What did the fox ask the crow to do?", "Sing for him", ("Dance for him", "Fly away", "Share her nest"),
         "Find the question mark at the end of what the fox says."),
        ("Why did the fox say nice things to the crow?", "He wanted her cheese",
         ("He wanted a new friend", "He was lost", "He wanted to learn to sing"),
         "The fox was hungry. What did he get in the end?"),
        ("What happened when the crow opened her beak?", "The cheese fell down",
         ("She flew away", "The fox fell asleep", "It began to rain"), "Find the word “Down” in the story."),
        ("How did the crow feel when the fox said nice things?", "Pleased", ("Angry", "Scared", "Sleepy"),
         "Find the sentence that starts “The crow was so”."),
        ("What did the fox tell the crow to do next time?", "Not believe everyone who says nice things",
         ("Sing more loudly", "Eat her cheese faster", "Fly even higher"), "Read the last thing the fox says."),
        ("Which word best describes the fox in this story?", "Clever", ("Shy", "Sleepy", "Kind"),
         "Look at the idea the fox had when he saw the crow."),
    )),
    "river": (FERN_AND_THE_RIVER, (
        ("Who did Fern want to visit?", "Her grandmother", ("Her brother", "A wise owl", "The king"),
         "Look at the very first sentence."),
        ("What happened to the bridge?", "A storm washed it away",
         ("Someone painted it", "It was full of foxes", "It was locked"), "Find the word “bridge” in the story."),
        ("Why could Fern not swim across?", "The water was too fast",
         ("She was too sleepy", "She had no towel", "The water was too cold"), "Find the word “swim”."),
        ("What did Fern use to cross the river?", "A long log", ("A little boat", "A rope", "A balloon"),
         "What did Fern see lying on the ground?"),
        ("Where did Fern push the log?", "Across the narrow part of the river",
         ("Into her den", "Onto the broken bridge", "Up a hill"), "Find the words “pushed and pushed”."),
        ("How did Fern walk across?", "Carefully, one paw at a time",
         ("As fast as she could", "Backwards", "With her eyes closed"), "Find the word “walked”."),
        ("What was grandmother waiting with?", "A warm blackberry pie",
         ("A piece of cheese", "Carrot soup", "A cup of milk"), "Find the word “waiting”."),
        ("Why did grandmother call Fern clever?", "She found a way to cross the river",
         ("She could sing well", "She was the fastest runner", "She ate all the pie"),
         "Think of the river and what Fern did with the log."),
    )),
}


def bank(rng, band: str, level: int) -> list[Question]:
    name = rng.choice(sorted(STORIES))
    story, questions = STORIES[name]
    return quiz(questions, f"{name}:", passage=story)
