"""Story Starter (7-8) and Creative Writing (9-10): what a child picks from, and the task it builds."""

STORY_STARTER = {
    "steps": (
        {"key": "hero", "question": "Pick a hero for your story.", "choices": (
            "a brave knight", "a curious cat", "a tiny dragon", "a clever robot", "a kind giant",
            "a pirate girl", "a shy unicorn", "a space explorer", "a talking tree", "a young wizard")},
        {"key": "place", "question": "Where does your story happen?", "choices": (
            "in a snowy mountain village", "on a pirate ship", "in a magical forest", "on the Moon",
            "under the sea", "in a busy city", "inside an old castle", "on a desert island",
            "in a jungle full of parrots", "at a funfair")},
        {"key": "problem", "question": "What problem does your hero have?", "choices": (
            "has lost a treasure map", "must find a missing friend", "cannot remember the way home",
            "has to stop a storm", "needs to fix a broken bridge", "must win a big race",
            "has found a mysterious egg", "must wake a sleeping giant")},
        {"key": "helper", "question": "Who helps your hero?", "choices": (
            "a wise old owl", "a friendly ghost", "a chatty parrot", "a little mouse",
            "a grumpy goblin", "a brave puppy", "a grandmother with a flying bicycle", "a lost penguin")},
    ),
    "write": "Now begin your story! Write the first lines, or start with one of ours.",
    "task": "Write a story about {hero} {place} who {problem}. {helper_cap} comes to help.",
    "first_lines": (
        "Once upon a time, {hero} lived {place}.",
        "Oh no! {hero_cap} {problem}!",
        "“Quick, follow me!” said {helper}.",
    ),
}

CREATIVE_WRITING = {
    "steps": (
        {"key": "form", "question": "What will you write today?", "choices": (
            "a poem", "a postcard", "a tiny tale", "a diary entry", "a letter to a friend", "a news report")},
        {"key": "hero", "question": "Who is it about?", "choices": (
            "a time-travelling tortoise", "a robot who loves to bake", "a dragon afraid of the dark",
            "a girl who can talk to whales", "an astronaut's cat", "a knight with a squeaky horse",
            "a snowman on holiday", "a detective hedgehog")},
        {"key": "place", "question": "Where does it happen?", "choices": (
            "in a cloud city", "on a volcano island", "in a library at midnight", "deep in the rainforest",
            "on a train across the desert", "at the bottom of the ocean", "inside a giant's pocket",
            "in an ancient pyramid")},
        {"key": "words", "question": "Pick three fun words to use.", "choices": (
            "sparkle, whisper, pancake", "thunder, giggle, lantern", "crunchy, moonlight, kazoo",
            "zigzag, marshmallow, echo", "glimmer, squelch, compass", "wobble, starlight, pickle",
            "rumble, feather, jelly", "shimmer, hiccup, rocket")},
    ),
    "write": "Time to write! Begin your piece, or start with one of our first lines.",
    # one of the words in the first lines (all the check asks); the rest as the piece goes on, on paper
    "task": "Write {form} about {hero} {place}. Use the words {words}: one in your first lines, the others "
            "as you go on.",
    # the first line offered first fits the piece picked ("Dear friend" began a poem and a news report too)
    "form_lines": {
        "a poem": "{first_word_cap}, {first_word}, {place},",
        "a postcard": "I am writing this postcard {place}!",
        "a tiny tale": "Once upon a time, {hero} lived {place}.",
        "a diary entry": "Dear Diary, today I met {hero} {place}.",
        "a letter to a friend": "Dear friend, you will never believe what happened to {hero}.",
        "a news report": "{hero_cap} seen {place}! Our reporter has the story.",
    },
    "first_lines": (
        "Nobody expected to find {hero} {place}.",
        "It all began with one funny word: {first_word}!",
    ),
}

STYLES = {"story": STORY_STARTER, "creative": CREATIVE_WRITING}
