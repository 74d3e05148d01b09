"""The library: activities, videos, songs, presentations, storybooks, audiobooks, flipbooks.

Every id is slugify(title). Pictures live under assets/art/<kind>/ and are served at /art/<kind>/...;
slides and pages reuse a few themed pictures per item (<id>.svg, <id>-2.svg, <id>-3.svg, ...).
"""

from __future__ import annotations

from typing import Iterable, TypeVar

from learnsite.catalogue.types import (
    Activity, Audiobook, BuiltinWorksheet, Flipbook, Page, Presentation, Song, Storybook, Video,
    slugify,
)


# The sad face shown by the not-found states.
NOT_FOUND_ART = "/art/flipbook/not-found.svg"


def _art(kind: str, id_: str, n: int = 1) -> str:
    return f"/art/{kind}/{id_}.svg" if n == 1 else f"/art/{kind}/{id_}-{n}.svg"


def _activity(title: str, description: str) -> Activity:
    id_ = slugify(title)
    return Activity(id_, title, description, _art("activity", id_))


def _pages(kind: str, title: str, pages: Iterable[tuple[int, str, str]]) -> tuple[Page, ...]:
    """(picture number, what the picture shows, text) -> Page entries."""
    id_ = slugify(title)
    return tuple(Page(_art(kind, id_, n), alt, text) for n, alt, text in pages)


# ---------------------------------------------------------------- activities

ACTIVITIES: tuple[Activity, ...] = (
    # Ages 3-4
    _activity("Color Matching", "Find the friends who wear the same colour! Match red with red and blue with blue."),
    _activity("Shape Sorting", "Circles, squares and triangles are all mixed up. Help each shape find its home."),
    _activity("Number Counting", "Count the balls, the busy bees and the shiny stars: one, two, three, four, five!"),
    _activity("Animal Sounds", "Moo, baa, quack! Listen to the animals and guess which one is saying hello."),
    # Ages 5-6
    _activity("Letter Tracing",
              "Follow the dots with your finger to write a big letter, then its small letter. New letters every game!"),
    _activity("Sight Words", "Spot the little words we read every day, like ‘the’, ‘and’ and ‘look’."),
    _activity("Addition Fun", "Some apples are in the basket and more are coming! How many will there be altogether?"),
    _activity("Number Friends", "Which two numbers hold hands to make ten? Find all the number friends."),
    # Ages 7-8
    _activity("Reading Comp", "Read one of our short stories, from a clever fox to a brave little mouse, then answer questions."),
    _activity("Math Whiz",
              "Quick-fire sums and take-aways against a friendly clock. How many can you solve first time?"),
    _activity("Story Starter", "Pick a hero, a place and a problem, then tell the story of what happens next."),
    _activity("Science Facts", "Why is the sky blue? Where does rain come from? Discover amazing facts."),
    # Ages 9-10
    _activity("Multi Masters", "Become a times-table master: climb the tower one multiplication at a time."),
    _activity("Creative Writing", "Write a poem, a postcard or a tiny tale using fun word prompts."),
    _activity("Science Lab",
              "Mix, measure and observe: solve the puzzles of real experiments, from slime recipes to melting ice."),
    _activity("History Quest", "Travel back in time to meet pharaohs, knights and explorers on a quest."),
    # Today's Special Activities
    _activity("Rainbow Math", "Solve colourful sums to paint every stripe of the rainbow."),
    _activity("Animal Alphabet", "Meet an animal for every letter, from Ant to Zebra."),
    _activity("Shape Safari", "Go on a safari and spot the circles, stars, diamonds and more shapes hiding in the wild."),
)

# ---------------------------------------------------------------- videos and songs

VIDEOS: tuple[Video, ...] = tuple(
    Video(slugify(t), t, _art("video", slugify(t)), d)
    for t, d in (
        ("ABC Adventure", "Sing and dance through the alphabet with Alfie the Alligator."),
        ("Counting with Animals", "Count from one to ten with cheeky monkeys, hopping frogs and sleepy owls."),
        ("Colors of the Rainbow", "Red, orange, yellow, green, blue, indigo and violet: meet every colour."),
        ("How Plants Grow", "Watch a tiny seed drink water, soak up sunshine and grow into a flower."),
    )
)

SONGS: tuple[Song, ...] = tuple(
    Song(slugify(t), t, _art("song", slugify(t)), d)
    for t, d in (
        ("The Alphabet Song", "A, B, C, D... sing all twenty-six letters with a happy tune."),
        ("Five Little Ducks", "Five little ducks went out one day. How many came back? Count along!"),
        ("Days of the Week", "Sunday, Monday, Tuesday... a clap-along song for every day."),
        ("Phonics Fun", "Sing the sounds letters make: a says /a/ as in apple, b says /b/ as in ball!"),
    )
)

# ---------------------------------------------------------------- presentations (4-6 slides)

PRESENTATIONS: tuple[Presentation, ...] = (
    Presentation("solar-system-tour", "Solar System Tour", _pages("presentation", "Solar System Tour", (
        (1, "The bright yellow Sun with planets circling around it",
         "Welcome aboard! Our Solar System is a big family: the Sun in the middle and eight planets going round and round."),
        (2, "A glowing Sun with warm orange rays",
         "The Sun is a star. It is so big that a million Earths could fit inside it! It gives us light and keeps us warm."),
        (3, "The blue and green Earth with a small grey Moon",
         "Earth is our home. It has air to breathe and water to drink, "
         "and the Moon travels around it, keeping it company."),
        (4, "A big rusty-red Mars with dark craters and a small rover driving on it",
         "Mars is called the Red Planet because its dust is rusty red. Robots called rovers are exploring it right now."),
        (5, "A huge striped Jupiter with its Great Red Spot, and a smaller Saturn with its rings",
         "Jupiter is the biggest planet of all, and Saturn wears beautiful rings made of ice and rock."),
        (3, "A rocket flying past the stars back to Earth",
         "Our tour is over! Which planet would you like to visit one day?"),
    ))),
    Presentation("dinosaur-facts", "Dinosaur Facts", _pages("presentation", "Dinosaur Facts", (
        (1, "A friendly green dinosaur standing among ferns",
         "Long, long ago, before there were people, dinosaurs roamed the Earth for millions of years."),
        (2, "A long-necked dinosaur eating leaves from a tall tree",
         "Some dinosaurs, like Brachiosaurus, had very long necks to reach the leaves at the tops of trees."),
        (3, "A dinosaur with plates on its back and spikes on its tail",
         "Stegosaurus had big plates on its back, and sharp spikes on its tail that it swung to keep itself safe."),
        (4, "A friendly T. rex on two big legs, with a mouth full of pointed teeth and two tiny arms",
         "Tyrannosaurus rex had huge teeth but tiny arms. It was one of the biggest meat-eaters ever to walk on land."),
        (2, "A cracked dinosaur egg beside a long-necked dinosaur",
         "Baby dinosaurs hatched from eggs, just like baby birds do today. Birds are living dinosaurs!"),
    ))),
    Presentation("world-of-insects", "World of Insects", _pages("presentation", "World of Insects", (
        (1, "A ladybird, a bee and a butterfly in a sunny garden",
         "Insects are tiny creatures with six legs. There are more kinds of insect than of any other animal!"),
        (2, "A busy bee visiting a pink flower",
         "Bees fly from flower to flower collecting nectar to make honey. "
         "They carry pollen too, which helps plants make seeds and fruit."),
        (4, "A butterfly's life in a circle: an egg on a leaf, a caterpillar, a hanging chrysalis and a butterfly",
         "A butterfly starts life as a tiny egg. "
         "Out comes a caterpillar, which turns into a chrysalis, then a butterfly!"),
        (3, "A red ladybird with black spots on a green leaf, with two tiny green aphids beside it",
         "Ladybirds are a gardener's friend: they eat the little bugs that nibble on plants."),
        (5, "A line of ants marching home to their anthill, the first one carrying a leaf much bigger than itself",
         "Ants work together as a team. An ant can carry something much heavier than itself!"),
    ))),
    Presentation("ancient-egypt", "Ancient Egypt", _pages("presentation", "Ancient Egypt", (
        (1, "Three golden pyramids in the desert under a bright sun",
         "Thousands of years ago, people in Ancient Egypt built amazing cities beside the River Nile."),
        (2, "A sailing boat on the blue River Nile with palm trees",
         "The River Nile gave the Egyptians water for drinking, for farming and for travelling by boat."),
        (4, "One giant pyramid made of rows of stone blocks, with a tiny person and camel at its foot",
         "The pyramids are giant tombs built for kings called pharaohs. "
         "The biggest used over two million heavy stones."),
        (3, "A scroll with picture writing: an eye, wavy water and simple shapes",
         "Egyptians wrote with little pictures called hieroglyphs. Can you invent your own picture alphabet?"),
    ))),
)

# ---------------------------------------------------------------- storybooks (5-6 pages)

STORYBOOKS: tuple[Storybook, ...] = (
    Storybook("the-magical-forest", "The Magical Forest", _pages("storybook", "The Magical Forest", (
        (1, "A sunny path leading into a forest of tall, friendly trees",
         "Once upon a time, a curious girl called Mia found a path that sparkled in the sunshine."),
        (2, "Red and purple mushrooms and an owl in the forest at night",
         "She followed it into the forest, where the mushrooms glowed and the fireflies danced like tiny stars."),
        (2, "A wise old owl in a tree at night",
         "“Welcome, Mia,” hooted a wise old owl. “This forest is magical, but only for kind hearts.”"),
        (5, "Mia kneeling on the grass, holding the little white bunny's sore paw and the thorn she pulled out",
         "Soon Mia met a little bunny with a thorn in its paw. Gently, she pulled the thorn out. “Thank you!” squeaked the bunny."),
        (3, "Colourful flowers blooming under a rainbow",
         "Because of her kindness, flowers bloomed wherever Mia walked, in every colour of the rainbow."),
        (4, "Mia waving goodbye to the bunny and the owl as the sun sets over the forest",
         "When it was time to go home, Mia waved goodbye to her new friends and promised to come back soon. The End."),
    ))),
    Storybook("the-brave-knight", "The Brave Knight", _pages("storybook", "The Brave Knight", (
        (1, "A small knight in shiny armour in front of a castle",
         "In a castle on a hill lived Sir Leo, the smallest knight in the whole kingdom."),
        (2, "Three worried villagers by their cottage pointing at a dark cave on the mountain with smoke curling out",
         "One day the villagers cried, “A dragon is in the mountain cave! Who will be brave?”"),
        (6, "Two big knights shaking with fear while the little knight marches up the mountain path with his shield",
         "The big knights trembled, but Sir Leo picked up his shield and marched up the mountain."),
        (4, "A sad green dragon crying by its cave, holding its sore tummy, with the little knight and two red peppers",
         "Inside the cave he found a dragon... crying! “I ate too many spicy peppers,” it sniffed."),
        (5, "The little knight holding up a cup of cool water to a smiling green dragon at its cave",
         "Sir Leo shared his cool water, and the dragon smiled. Being brave can also mean being kind."),
        (3, "The knight riding on the smiling dragon's back over the castle",
         "From then on, the dragon and Sir Leo were best friends, and they flew over the kingdom together. The End."),
    ))),
    Storybook("mystery-of-the-stars", "Mystery of the Stars", _pages("storybook", "Mystery of the Stars", (
        (1, "A boy looking at the night sky through a telescope",
         "Every night, Sam looked through his telescope at the twinkling stars."),
        (2, "A dark sky with one star missing from its pattern",
         "But one night he gasped: a star was missing from the Plough, the stars shaped like a big saucepan! Where could it have gone?"),
        (3, "A tiny star sitting in the garden, glowing softly",
         "Sam tiptoed into the garden and found a tiny star hiding under the rose bush, glowing softly."),
        (3, "The little star resting by the rose bush",
         "“I fell while I was playing,” said the star. “Now I'm too tired to climb back up to the sky.”"),
        (4, "Sam holding a kite string, with the smiling little star riding on his kite high in the night sky",
         "Sam had an idea. He tied the star to his kite and let it fly higher and higher into the night."),
        (1, "Sam smiling under a sky full of twinkling stars",
         "The star twinkled back in its place, and every night since, it has winked at Sam. The End."),
    ))),
    Storybook("jungle-friends", "Jungle Friends", _pages("storybook", "Jungle Friends", (
        (1, "A monkey, a parrot, an elephant and a tiger among tall jungle trees",
         "Deep in the green jungle lived four friends: "
         "Tiko the monkey, Lulu the parrot, Bongo the elephant and Tara the tiger."),
        (2, "The monkey's vine snapping in two as he swings, "
            "and the monkey falling towards the river with a surprised face",
         "Tiko loved swinging on vines. “Whee!” he laughed, but one day his vine snapped!"),
        (3, "The elephant on the bank with his long trunk curled around the monkey in the splashing river, "
            "and the parrot flying above",
         "Splash! Tiko landed in the river. Bongo reached out his long trunk and pulled him safely to the bank."),
        (5, "The parrot flying in with a bunch of bananas to the wet, smiling monkey on the river bank, "
            "with the elephant beside him",
         "Lulu flew off and came back with the sweetest bananas to cheer Tiko up."),
        (4, "The monkey, elephant, parrot and tiger sharing a picnic of fruit on a checked blanket at sunset",
         "That evening the friends shared a picnic and agreed: with good friends, every day is an adventure. The End."),
    ))),
)

# ---------------------------------------------------------------- audiobooks

AUDIOBOOKS: tuple[Audiobook, ...] = (
    Audiobook(
        "the-lion-and-the-mouse", "The Lion and the Mouse", "Aesop",
        "A tiny mouse wakes a mighty lion, who lets her go. One day the little mouse repays "
        "his kindness: nobody is too small to help a friend.",
        _art("audiobook", "the-lion-and-the-mouse"), 180,
    ),
    Audiobook(
        "the-tortoise-and-the-hare", "The Tortoise and the Hare", "Aesop",
        "The speedy hare laughs at the slow tortoise, who challenges him to a race. "
        "Who will win? Listen and find out!",
        _art("audiobook", "the-tortoise-and-the-hare"), 240,
    ),
)

# ---------------------------------------------------------------- flipbooks (even page counts)

FLIPBOOKS: tuple[Flipbook, ...] = (
    Flipbook("ocean-explorers", "Ocean Explorers", _pages("flipbook", "Ocean Explorers", (
        (1, "Waves rolling on a blue sea under a smiling sun", "Ocean Explorers: let's dive into the big blue sea!"),
        (2, "Colourful fish swimming between bubbles", "Fish breathe underwater with gills. Blub, blub, blub!"),
        (3, "A smiling orange octopus spreading out its eight curly arms",
         "The octopus has eight wiggly arms. Can you count them?"),
        (1, "A blue whale spouting water in the waves",
         "The blue whale is the biggest animal in the ocean. Humpback whales sing songs to each other."),
        (2, "Colourful fish swimming above pink and orange coral",
         "Coral reefs are like busy underwater cities full of colourful neighbours."),
        (5, "A red crab with big claws and eyes on stalks, scuttling sideways across the sand",
         "Crabs walk sideways on the sandy sea floor. Click, click!"),
        (4, "A sea turtle gliding through the water",
         "Sea turtles swim thousands of miles, and mother turtles come back to lay their eggs on the beach where "
         "they hatched."),
        (1, "A whale in the waves and a treasure chest on the sea floor",
         "The End. Thank you for exploring the ocean with us!"),
    ))),
    Flipbook("farm-friends", "Farm Friends", _pages("flipbook", "Farm Friends", (
        (1, "A red barn on a green hill with a sunny sky", "Farm Friends: welcome to Sunny Hill Farm!"),
        (2, "A white cow with black patches and a pink nose, next to a fluffy sheep",
         "Moo! The cow gives us milk for our breakfast."),
        (3, "A pink pig rolling in mud", "Oink! The pig loves rolling in cool, squishy mud."),
        (4, "A hen sitting on a nest of eggs", "Cluck! The hen lays eggs in her cosy nest."),
        (2, "A fluffy white sheep with a dark face, next to a spotty cow",
         "Baa! The sheep's wool is made into cosy jumpers to keep us warm in winter."),
        (5, "A white mother duck swimming across a pond with three yellow ducklings in a row",
         "Quack! Mother duck takes her ducklings for a swim."),
        (6, "A farmer driving a green tractor that pulls a trailer of round hay bales",
         "The farmer drives the tractor to bring hay for all the animals."),
        (1, "The red barn on the green hill", "The End. Goodnight, farm friends!"),
    ))),
    Flipbook("space-adventure", "Space Adventure", _pages("flipbook", "Space Adventure", (
        (1, "A rocket blasting off into a starry sky", "Space Adventure: 3, 2, 1... blast off!"),
        (2, "An astronaut floating in space near the Earth",
         "Astronauts float because they and their spaceship are falling around the Earth together."),
        (3, "The Moon with round craters", "The Moon is covered in craters. Astronauts left footprints there!"),
        (4, "Red planet Mars with a little rover",
         "On Mars, a little rover drives around taking pictures of red rocks."),
        (6, "A big striped Saturn with wide rings dotted with bits of ice and rock",
         "Saturn's rings are made of billions of pieces of ice and rock."),
        (5, "A space station with blue solar panels circling the Earth",
         "The space station goes around the Earth about sixteen times every day!"),
        (7, "An icy white comet with a long glowing tail streaking across the stars",
         "A comet is a giant snowball with a sparkly tail."),
        (1, "A rocket zooming up into the starry sky",
         "Scientists think there are more stars in space than grains of sand on all the beaches on Earth."),
        (2, "An astronaut looking back at the blue Earth", "From space, the Earth looks like a beautiful blue marble."),
        (1, "The rocket standing safely back home among the clouds", "The End. Welcome home, space explorer!"),
    ))),
    Flipbook("my-first-shapes", "My First Shapes", _pages("flipbook", "My First Shapes", (
        (1, "A circle, a square and a triangle smiling together", "My First Shapes: let's meet some shape friends!"),
        (2, "A round red circle like a ball", "This is a circle. It is round like a coin and has no corners."),
        (3, "A blue square like a window", "This is a square. It has four sides that are all the same length, and four square corners."),
        (4, "A yellow triangle like a slice of pizza",
         "This is a triangle. It has three sides and three pointy corners."),
        (5, "A tall green rectangle with a smiling face, shaped like a door",
         "This is a rectangle. It has four straight sides and four square corners, like a door."),
        (6, "A big purple five-pointed star with a smiling face",
         "This is a star. It has five points, like the stars we draw."),
        (7, "A big pink heart with a smiling face", "This is a heart. We draw hearts for the people we love."),
        (8, "A big orange oval, shaped like an egg, with a smiling face",
         "This is an oval. It looks like an egg, or a stretched circle."),
        (9, "A house made of a blue square with a yellow triangle roof",
         "Shapes can work together! A square and a triangle make a house."),
        (1, "A circle, a square and a triangle smiling together", "The End. Can you find shapes around your home?"),
    ))),
)

# ---------------------------------------------------------------- ages

# The ages each built-in item suits ("3-6": 3 to 6), shown where a grown-up picks one (the category and list
# popups): a grandparent could not tell which story was for a 4-year-old (a review). Activities take theirs from
# their game's age band (games/activities.py). Every item has one (tests/unit/test_catalogue_library.py).
AGES: dict[str, str] = {
    # videos
    "abc-adventure": "3-5", "counting-with-animals": "3-5", "colors-of-the-rainbow": "3-6", "how-plants-grow": "4-7",
    # songs
    "the-alphabet-song": "3-5", "five-little-ducks": "3-5", "days-of-the-week": "4-6", "phonics-fun": "4-6",
    # presentations
    "solar-system-tour": "5-8", "dinosaur-facts": "4-8", "world-of-insects": "4-7", "ancient-egypt": "7-10",
    # storybooks
    "the-magical-forest": "3-6", "the-brave-knight": "4-7", "mystery-of-the-stars": "4-7", "jungle-friends": "3-6",
    # audiobooks
    "the-lion-and-the-mouse": "4-8", "the-tortoise-and-the-hare": "4-8",
    # flipbooks
    "ocean-explorers": "3-6", "farm-friends": "3-5", "space-adventure": "5-8", "my-first-shapes": "3-5",
}


def ages_tag(ages: str) -> str:
    """ "Ages 3-6" for the range "3-6", as every card and list shows a range of ages; "" for none."""
    return f"Ages {ages}" if ages else ""


def ages_label(title: str) -> str:
    """ "Ages 3-6" for a built-in item's title (as the category popups name it), "" for one without ages."""
    return ages_tag(AGES.get(slugify(title), ""))


# Printable worksheets are database rows (worksheets issue); none are built in.
WORKSHEETS: tuple[BuiltinWorksheet, ...] = ()

T = TypeVar("T")


def find(collection: Iterable[T], id_: str | None) -> T | None:
    """The entry of `collection` whose id is `id_`, or None (unknown ids are a normal case)."""
    if not id_:
        return None
    return next((item for item in collection if getattr(item, "id", None) == id_), None)
