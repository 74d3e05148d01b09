"""Reading Comp (7-8): a short story (three retold fables, two tales of our own), then questions about what
happened. A game reads one story; Play Again may bring another."""

from __future__ import annotations

from learnsite.games.content.base import Question, quiz

FOX_AND_CROW = (
    "A crow found a piece of cheese and flew up to a high branch to eat it. A hungry fox saw her and had "
    "a clever idea. “Good morning, Crow,” he said. “What shiny feathers you have! I am sure you have "
    "the most beautiful voice of all the birds. Will you sing for me?” The crow was so pleased that she opened "
    "her beak to sing: “Caw! Caw!” Down fell the cheese, and the fox caught it in his mouth. “Thank you,” "
    "said the fox. “Next time, do not believe everyone who says nice things to you.”"
)

FERN_AND_THE_RIVER = (
    "Fern the fox wanted to visit her grandmother on the other side of the river. But a storm had washed "
    "the bridge away, and the water was too fast to swim across. Fern looked around and saw a long log lying on "
    "the ground. She pushed and pushed until the log reached across the narrow part of the river. Then she "
    "walked over it carefully, one paw at a time. Her grandmother was waiting with a warm blackberry pie. "
    "“You are the cleverest fox in the forest,” she said."
)

LION_AND_MOUSE = (
    "A lion was sleeping in the sun when a little mouse ran across his nose. The lion woke up and caught the "
    "mouse in his big paw. “Please let me go,” squeaked the mouse. “One day I will help you.” The lion "
    "laughed. How could a tiny mouse help the king of the animals? But he let the mouse go. A few days later, the lion was "
    "caught in a hunter's net. He roared and pulled, but he could not get free. The mouse heard him and came "
    "running. She nibbled the ropes with her sharp teeth until the lion was free. “Thank you, little friend,” "
    "said the lion. “Now I know that small friends can be great friends.”"
)

ANT_AND_GRASSHOPPER = (
    "All summer long, a grasshopper sang and danced in the warm sun. Every day he saw an ant walking past with "
    "a heavy seed on her back. “Why work so hard?” laughed the grasshopper. “Come and play with me!” “I am "
    "storing food for the winter,” said the ant, and she kept on working. Soon the leaves fell and snow "
    "covered the fields. The grasshopper was cold and hungry, and he had nothing to eat. He knocked on the "
    "ant's door. The kind ant gave him some seeds and a warm seat by the fire. “Next summer,” said the "
    "grasshopper, “I will work as well as play.”"
)

THE_LOST_KITE = (
    "On a windy Saturday, Maya took her red kite to the park. The kite flew higher and higher, until a strong "
    "gust pulled the string out of her hands. The kite landed at the top of a tall oak tree. Maya felt like "
    "crying. Then her little brother Leo had an idea. “Let's ask the park keeper,” he said. The park keeper "
    "came with a long ladder. He climbed up slowly and brought the kite down. “Thank you for helping,” Maya "
    "told the park keeper, and she gave Leo a big hug. After that, she always held the string tightly with both hands."
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
        ("How did the crow feel when the fox said nice things?", "Pleased", ("Angry", "Scared", "Sleepy"),
         "Find the sentence that starts “The crow was so”."),
        ("What happened when the crow opened her beak?", "The cheese fell down",
         ("She flew away", "The fox fell asleep", "It began to rain"), "Find the word “Down” in the story."),
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
    "lion": (LION_AND_MOUSE, (
        ("What was the lion doing at the start of the story?", "Sleeping in the sun",
         ("Eating his lunch", "Hunting for food", "Swimming in a river"), "Look at the very first sentence."),
        ("What woke the lion up?", "A mouse ran across his nose",
         ("A bird sang loudly", "It started to rain", "A hunter shouted"),
         "Read the first sentence again: what happened while he slept?"),
        ("What did the mouse promise?", "To help the lion one day",
         ("To bring him some cheese", "To leave the forest", "To never squeak again"),
         "Find the word “squeaked”, then read what the mouse says."),
        ("Why did the lion laugh?", "He did not think a tiny mouse could help him",
         ("The mouse told a joke", "The mouse tickled his paw", "He was happy to see a friend"),
         "Read the sentence after “The lion laughed.”"),
        ("What caught the lion a few days later?", "A hunter's net",
         ("A deep hole", "A locked cage", "A falling tree"), "Find the words “A few days later”."),
        ("How did the mouse know the lion needed help?", "She heard him roar",
         ("A bird told her", "She saw the hunter", "The lion sent a letter"),
         "What did the lion do when he could not get free?"),
        ("How did the mouse set the lion free?", "She nibbled the ropes",
         ("She lifted the net", "She called the other lions", "She scared the hunter away"),
         "Find the words “sharp teeth”."),
        ("What did the lion learn?", "Small friends can be great friends",
         ("Mice are very tasty", "Never sleep in the sun", "Nets are fun to play in"),
         "Read the last thing the lion says."),
    )),
    "ant": (ANT_AND_GRASSHOPPER, (
        ("What did the grasshopper do all summer?", "He sang and danced",
         ("He built a house", "He slept in a hole", "He carried seeds"), "Look at the very first sentence."),
        ("What did the ant carry on her back?", "A heavy seed",
         ("A green leaf", "A drop of water", "Her baby"), "Find the words “on her back”."),
        ("Why did the ant work so hard?", "She was storing food for the winter",
         ("She wanted to win a race", "The grasshopper told her to", "She was building a boat"),
         "Read what the ant says to the grasshopper."),
        ("What covered the fields when winter came?", "Snow",
         ("Flowers", "Sand", "Sunshine"), "Find the word “fields”."),
        ("How did the grasshopper feel in the winter?", "Cold and hungry",
         ("Warm and happy", "Sleepy and full", "Proud and busy"),
         "Find the sentence that starts “The grasshopper was”."),
        ("Where did the grasshopper go for help?", "To the ant's door",
         ("To a farmer's barn", "To the river", "To his mother's nest"), "Find the word “knocked”."),
        ("What did the ant give the grasshopper?", "Some seeds and a warm seat by the fire",
         ("A new coat", "A map of the fields", "Nothing at all"), "Find the words “The kind ant”."),
        ("What will the grasshopper do next summer?", "Work as well as play",
         ("Sing even louder", "Sleep all summer", "Never play again"),
         "Read the last thing the grasshopper says."),
    )),
    "kite": (THE_LOST_KITE, (
        ("What colour was Maya's kite?", "Red", ("Blue", "Green", "Yellow"), "Look at the very first sentence."),
        ("What was the weather like that Saturday?", "Windy", ("Rainy", "Snowy", "Very still"),
         "Find the word “Saturday”."),
        ("Why did the kite fly away from Maya?", "A strong gust pulled the string out of her hands",
         ("She let go to wave", "Leo took it", "A dog bit the string"),
         "Find the word “gust”: it means a sudden push of wind."),
        ("Where did the kite land?", "At the top of a tall tree",
         ("In a pond", "On a roof", "Under a bench"), "Find the word “landed”."),
        ("How did Maya feel when her kite was stuck?", "Sad",
         ("Proud", "Sleepy", "Excited"), "Find the words “Maya felt”."),
        ("Whose idea was it to ask the park keeper?", "Leo's",
         ("Maya's", "Mum's", "The park keeper's"), "Find the word “idea”."),
        ("What did the park keeper bring?", "A long ladder",
         ("A big net", "A rope", "A trampoline"), "Find the words “The park keeper came”."),
        ("What did Maya do after that, so it would not happen again?", "She held the string tightly with both hands",
         ("She stayed at home", "She gave the kite away", "She bought a new kite"),
         "Read the last sentence."),
    )),
}


def bank(rng, band: str, level: int) -> list[Question]:
    name = rng.choice(sorted(STORIES))
    story, questions = STORIES[name]
    return quiz(questions, f"{name}:", passage=story)
