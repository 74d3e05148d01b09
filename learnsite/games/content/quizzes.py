"""Science Facts (7-8), Science Lab (9-10, experiments and multi-step measuring) and History Quest (9-10)."""

from __future__ import annotations

from learnsite.games.content import Question, fixed, quiz

SCIENCE_FACTS = (
    ("Why is the sky blue?", "Air scatters the blue part of sunlight all over the sky",
     ("The sea paints it blue", "The clouds are full of blue paint", "The Sun is blue"),
     "Sunlight is made of many colours. Which colour does the air spread around the most?"),
    ("Where does rain come from?", "Water drops in clouds that get too heavy",
     ("Holes in the sky", "Birds splashing in puddles", "The Moon"),
     "Think of the water cycle: water rises, makes clouds, then..."),
    ("What do plants need to make their food?", "Sunlight, water and air",
     ("Sand and stones", "Milk and sugar", "Darkness and cold"), "Plants love a sunny window and a drink."),
    ("What is the closest star to Earth?", "The Sun", ("The Moon", "Mars", "The North Star"),
     "It is a star you see in the daytime."),
    ("How many legs does an insect have?", "6", ("4", "8", "10"), "A spider has 8 legs, but a spider is not an insect."),
    ("What does a caterpillar turn into?", "A butterfly", ("A bee", "A spider", "A snail"),
     "It makes a chrysalis and comes out with beautiful wings."),
    ("What happens to water when it freezes?", "It turns into ice", ("It turns into steam", "It turns into sand",
                                                                     "It disappears"),
     "Think of a very cold winter pond."),
    ("Which part of your body pumps blood around it?", "Your heart", ("Your lungs", "Your stomach", "Your nose"),
     "Put your hand on your chest and feel it beat."),
    ("Which planet do we live on?", "Earth", ("Mars", "Jupiter", "Venus"), "It is the blue and green planet."),
    ("What makes a rainbow?", "Sunlight shining through raindrops",
     ("Paint falling from the sky", "Wind blowing on clouds", "Moonlight on snow"),
     "You see rainbows when it is sunny and rainy at the same time."),
    ("Why do we have day and night?", "The Earth spins around",
     ("The Sun switches off", "Clouds cover the Sun", "The Moon hides the Sun"),
     "The Earth turns like a spinning top. Which side faces the Sun?"),
    ("What are baby frogs called?", "Tadpoles", ("Kittens", "Cubs", "Chicks"),
     "They swim in ponds and have tails before they grow legs."),
    ("Which of these animals is a mammal?", "A dolphin", ("A shark", "A goldfish", "A crocodile"),
     "Mammals breathe air and feed their babies milk."),
    ("Where do bees make honey?", "In a hive", ("In a nest of mud", "Under the sea", "In a cave of ice"),
     "It is a busy bee home made of wax."),
    ("About how many bones does a grown-up have?", "206", ("12", "50", "1000"),
     "It is more than two hundred."),
    ("What do we call animals that eat only plants?", "Herbivores", ("Carnivores", "Insects", "Reptiles"),
     "Cows and rabbits are in this group."),
)

SCIENCE_LAB = (
    ("You mix 200 ml of water with 150 ml of juice, then drink 100 ml. How much is left?", "250 ml",
     ("350 ml", "450 ml", "150 ml"), "First add the two amounts, then take away what you drank."),
    ("A bean plant is 12 cm tall and grows 3 cm every week. How tall is it after 4 weeks?", "24 cm",
     ("15 cm", "19 cm", "48 cm"), "Find how much it grows in 4 weeks, then add the 12 cm it started with."),
    ("A jug holds 1 litre of water. You fill 4 cups of 200 ml from it. How much is left in the jug?", "200 ml",
     ("800 ml", "400 ml", "600 ml"), "1 litre is 1000 ml. How much went into the 4 cups?"),
    ("A slime recipe needs 2 spoons of glue for every spoon of water. How much glue for 5 spoons of water?",
     "10 spoons", ("7 spoons", "3 spoons", "25 spoons"), "2 spoons, 5 times over."),
    ("You measure the temperature every hour: 10 °C, 13 °C, 16 °C. If the pattern goes on, what comes next?",
     "19 °C", ("17 °C", "20 °C", "26 °C"), "How much does it go up each hour?"),
    ("You leave an ice cube on a plate in a warm room. What will you observe?", "It melts into water",
     ("It grows bigger", "It turns into sand", "It stays the same"), "Think of ice lollies on a hot day."),
    ("You drop a stone and a cork into a bowl of water. What happens?", "The stone sinks and the cork floats",
     ("Both float", "Both sink", "The stone floats and the cork sinks"), "Which one is heavy for its size?"),
    ("You test paper, cotton, plastic and wood with water drops. Which makes the best umbrella?", "Plastic",
     ("Paper", "Cotton", "Wood"), "Which one does not let water through and is light to carry?"),
    ("To make your ramp test fair, how should you race two toy cars?", "Use the same ramp for both cars",
     ("Push one car harder", "Use a steeper ramp for one car", "Start one car later"),
     "In a fair test only the thing you are testing changes."),
    ("Which of these will a magnet pick up?", "An iron nail", ("A plastic spoon", "A wooden block",
                                                               "A glass marble"),
     "Magnets pull on some metals, like iron."),
    ("Vinegar and baking soda make lots of bubbles. What gas is inside the bubbles?", "Carbon dioxide",
     ("Oxygen", "Helium", "Steam"), "It is the same gas that makes fizzy drinks fizz."),
    ("What does a thermometer measure?", "Temperature", ("Weight", "Length", "Time"),
     "It tells you how hot or cold something is."),
    ("You shine a torch at a mirror. What happens to the light?", "It bounces off the mirror",
     ("It disappears", "It turns green", "It goes through the mirror"),
     "Mirrors send light back, that is how you see yourself."),
    ("When is your shadow longest on a sunny day?", "Early in the morning or late in the evening",
     ("At midday", "At midnight", "It is always the same length"),
     "Shadows grow long when the Sun is low in the sky."),
    ("You stir a spoon of salt into warm water and it seems to vanish. What happened?",
     "It dissolved in the water", ("It melted like ice", "It froze", "It flew away"),
     "Taste a drop: the salt is still there, mixed in."),
    ("A tray holds 3 rows of 4 seed pots. You plant 2 seeds in each pot. How many seeds is that?", "24 seeds",
     ("12 seeds", "9 seeds", "14 seeds"), "First count the pots: 3 rows of 4. Then 2 seeds in each."),
)

HISTORY_QUEST = (
    ("Beside which river did the Ancient Egyptians live?", "The Nile", ("The Thames", "The Amazon",
                                                                       "The Mississippi"),
     "It is the longest river in Africa."),
    ("What were the kings of Ancient Egypt called?", "Pharaohs", ("Emperors", "Knights", "Chiefs"),
     "The word begins with Ph."),
    ("What was the picture writing of Ancient Egypt called?", "Hieroglyphs", ("Emojis", "Runes", "Morse code"),
     "Birds, eyes and waves were some of its pictures."),
    ("Which boy pharaoh's tomb was found full of treasure in 1922?", "Tutankhamun",
     ("Julius Caesar", "King Arthur", "Napoleon"), "His golden mask is very famous."),
    ("What did the Egyptians build as giant tombs for their pharaohs?", "Pyramids",
     ("Castles", "Skyscrapers", "Igloos"), "They have four sloping sides that meet at a point."),
    ("About how long ago were the Great Pyramids of Giza built?", "About 4,500 years ago",
     ("About 100 years ago", "About 500 years ago", "About a million years ago"),
     "It was long before knights and castles, but long after the dinosaurs."),
    ("What did a knight wear to protect himself in battle?", "Armour", ("Pyjamas", "A raincoat", "A wetsuit"),
     "It was made of metal."),
    ("What is the ditch of water around a castle called?", "A moat", ("A drawbridge", "A tower", "A dungeon"),
     "It kept enemies away from the walls."),
    ("A boy training to be a knight was first a page. What was he next?", "A squire",
     ("A jester", "A sheriff", "A baker"), "He helped a knight with his armour and horse."),
    ("What could be pulled up at a castle gate to keep enemies out?", "A drawbridge",
     ("A moat", "A tapestry", "A chimney"), "It was a bridge that moved."),
    ("Who sailed across the Atlantic Ocean in 1492 and reached the Americas?", "Christopher Columbus",
     ("Neil Armstrong", "Marco Polo", "Roald Amundsen"), "He sailed with three ships from Spain."),
    ("Who was the first person to walk on the Moon, in 1969?", "Neil Armstrong",
     ("Yuri Gagarin", "Amelia Earhart", "Christopher Columbus"),
     "He said: “That's one small step for man...”"),
    ("Marco Polo travelled from Venice to which faraway land?", "China", ("Australia", "Antarctica", "America"),
     "He met the great ruler Kublai Khan there."),
    ("Whose expedition was the first to sail all the way around the world?", "Ferdinand Magellan's",
     ("Marco Polo's", "Neil Armstrong's", "Julius Caesar's"), "It set off from Spain in 1519."),
    ("Who led the first team to reach the South Pole, in 1911?", "Roald Amundsen",
     ("Robert Falcon Scott", "Christopher Columbus", "Marco Polo"), "He was an explorer from Norway."),
    ("What kind of ship did the Vikings sail?", "Longships", ("Submarines", "Steamships", "Hovercraft"),
     "Long, narrow wooden boats with a dragon head at the front."),
)


@fixed
def science_facts(rng, band: str, level: int) -> list[Question]:
    return quiz(SCIENCE_FACTS, "fact:")


@fixed
def science_lab(rng, band: str, level: int) -> list[Question]:
    return quiz(SCIENCE_LAB, "lab:")


@fixed
def history_quest(rng, band: str, level: int) -> list[Question]:
    return quiz(HISTORY_QUEST, "history:")
