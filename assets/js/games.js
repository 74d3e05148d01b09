/* Learnsite games (learnsite/pages/game_parts.py): keyboard and speech helpers, no network.
 * - Arrow keys move focus between the buttons of a [data-arrows] group, and between the things to count
 *   (Tab, Enter and Space work as on any button).
 * - When a new round (or the finish screen) appears, focus moves to its question (or to a new story to read
 *   first), so a keyboard or screen-reader player carries on from there; a child typing in the answer box who
 *   pressed Enter stays in the next sum's box (with what was typed before the server answered). A tried
 *   answer keeps the focus (aria-disabled; its taps go nowhere). A question that lands under the sticky header
 *   (the page grew shorter) is scrolled back into view with the board's top. When the game starts, the page
 *   scrolls to show its first round whole (on a phone "Start Playing!" sits low: the answers would be out of
 *   sight), smoothly unless the device asks for reduced motion (the page's scroll-behavior). A hint that lands
 *   below the screen's edge is scrolled just into view.
 * - The number pad ([data-key] buttons) types into the answer box (#game-answer) right here, says what the box
 *   holds now to a screen reader (#game-typed: the focus stays on the key), and the
 *   box keeps digits only; Check sends the box's value to the server, which checks it. After a hint, the
 *   wrong answer stays in the box until the child types or taps the first digit of a new one.
 * - Things to count (.game-count-object) show and say their number when tapped, one after another.
 * - A suggested first line (.game-first-line) goes at the top of the writing box (#game-writing), under which
 *   the child's own words are counted; at the finish, "Print my writing" ([data-print]) prints the child's lines.
 * - [data-say] buttons read their text aloud with the device's own voices (localService only:
 *   nothing leaves the device); games for pre-readers (data-speak="true") read each question at once, after
 *   the cheer for the answer before it, each hint as it appears, what to tap after a first tap, and the
 *   stars at the finish, unless a grown-up turned Read aloud (#game-voice) off on this device. A game of
 *   names to hear (data-say-options) lights each picture while its name is said; a quiz for readers
 *   (data-hear-answers) reads its answers after the question when Hear it is pressed, each lit in turn. Hear it
 *   reads a hint on screen after the question, in every game. In
 *   match and sort each pair matched or shape sorted is cheered aloud; a hint a pick brings back is not said
 *   again. Voices that load late are waited for (the round on screen's words, up to 10 s). A word to find by
 *   ear (data-hear-first) is shown in #game-heard only on a device with no voice of its own; there, a [data-say]
 *   button pressed says in #game-voice-note that reading aloud needs a voice.
 * - In match and sort, a thing picked with Enter or Space moves the focus to the first partner or home.
 * - For a moment after each round appears, a touch tap or a double-click's second click on an answer is
 *   ignored: a small child's second tap would answer the new round unseen.
 */
(function () {
  if (window.__learnsiteGames) return;
  window.__learnsiteGames = true;
  // the number pad is drawn waiting until now (games.css)
  document.documentElement.setAttribute("data-games-ready", "true");

  function localVoice() {
    if (!("speechSynthesis" in window)) return null;
    var voices = window.speechSynthesis.getVoices().filter(function (v) { return v.localService; });
    // English only, as the books (read_aloud.js): a phone set to a family's own language read the English
    // questions in its voice; with none, the page says why and shows what it would have said
    var english = voices.filter(function (v) { return /^en([-_]|$)/i.test(v.lang || ""); });
    return english.filter(function (v) { return v.default; })[0] || english[0] || null;
  }

  function unlight() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-saying]"), function (b) {
      b.removeAttribute("data-saying");
    });
  }

  // Reading Comp's "Read it to me" lights each word of the story as it is said, as the storybooks do (a
  // highlight, like the hint's: React keeps the text node). Chrome's Google voices and Android send no word
  // boundaries: a timer estimated from the words moves the light until (unless) one comes (read_aloud.js).
  var reading = 0, readingStory = false; // a story read now; `reading` ends the one before
  var storySlow = false, storyAt = null; // Reading speed: Slow; where the story being read is (its node, a word)
  var STORY_RATES = { slow: 0.7, normal: 0.9 };
  var SPEED_KEY = "learnsite.readingSpeed"; // kept on this device, shared with the books (read_aloud.js)
  function keptStorySlow() {
    try { var kept = window.localStorage.getItem(SPEED_KEY); } catch (e) { return storySlow; }
    return kept === "slow" ? true : kept === "normal" ? false : storySlow;
  }
  var highlights = !!(window.CSS && CSS.highlights && typeof Highlight !== "undefined"); // and the hint's mark
  function unread() {
    reading++; readingStory = false; storyAt = null;
    if (highlights) CSS.highlights.delete("story-reading");
  }
  function wordMs(word, rate) {
    var ms = (word.length + 1) * 62; // ~ 175 words a minute at rate 1
    if (/[.!?]["')”]*$/.test(word)) ms += 350; else if (/[,;:]["')”]*$/.test(word)) ms += 200;
    return ms / rate;
  }
  function followStory(u, node, from) { // u says the story from character `from` on
    var mine = ++reading, words = [], re = /\S+/g, m, timer = 0, heard = false, current = -1;
    while ((m = re.exec(u.text))) words.push({ at: m.index, word: m[0] });
    readingStory = true;
    storyAt = { node: node, at: from };
    function light(i) {
      if (mine !== reading || !words[i] || i === current) return;
      current = i;
      storyAt = { node: node, at: from + words[i].at };
      if (!highlights) return;
      if (!node.isConnected || node.nodeValue.slice(from) !== u.text) {
        CSS.highlights.delete("story-reading"); return;
      }
      var range = document.createRange();
      range.setStart(node, from + words[i].at);
      range.setEnd(node, from + words[i].at + words[i].word.length);
      var now = new Highlight(range);
      now.priority = 1; // over the hint's mark
      CSS.highlights.set("story-reading", now);
    }
    function step(i) {
      if (heard || mine !== reading || i >= words.length) return;
      light(i);
      timer = setTimeout(function () { step(i + 1); }, wordMs(words[i].word, u.rate || 1));
    }
    u.onstart = function () { step(0); };
    u.onboundary = function (e) {
      if (e.name && e.name !== "word") return;
      heard = true; clearTimeout(timer);
      var i = 0;
      while (i + 1 < words.length && words[i + 1].at <= e.charIndex) i++;
      light(i);
    };
    u.onend = u.onerror = function () { clearTimeout(timer); if (mine === reading) unread(); };
  }

  // a game of names to hear (data-say-options, Animal Alphabet): the question, then each answer's name on its
  // own, its picture lit while it is said, so a child who has never seen a quail learns which one is the quail
  function named(board, left) {
    if (!board || board.getAttribute("data-say-options") !== "true") return [];
    return Array.prototype.filter.call(board.querySelectorAll(".game-options button[data-label]"), function (b) {
      return !left || toPlay(b);
    });
  }
  // a button still to play: a tried answer is aria-disabled (it keeps the focus), a placed thing disabled
  var TO_PLAY = "button:not(:disabled):not([aria-disabled='true'])";
  function toPlay(b) { return !b.disabled && b.getAttribute("aria-disabled") !== "true"; }
  function nameParts(buttons) {  // "Bear," "Quail," "or Lion?", each with its picture
    return buttons.length < 2 ? [] : buttons.map(function (b, i) {
      var last = i === buttons.length - 1;
      return { text: (last ? "or " : "") + b.getAttribute("data-label") + (last ? "?" : ","), button: b };
    });
  }
  // the board's words end with the names in the order shown ("... Bear, Quail or Lion?"): said one by one
  function parts(text, board) {
    var buttons = named(board, false), names = nameParts(buttons);
    if (!names.length) return [{ text: text }];
    var labels = buttons.map(function (b) { return b.getAttribute("data-label"); });
    var list = " " + labels.slice(0, -1).join(", ") + " or " + labels[labels.length - 1] + "?";
    if (text.slice(-list.length) !== list) return [{ text: text }];
    return [{ text: text.slice(0, -list.length) }].concat(names);
  }

  // the device's voices can come a moment after the page (voiceschanged): what was to be said for the round on
  // screen waits for them (forgotten when the round, the page or the Read aloud switch changes)
  var waiting = null;
  var lighting = false; // what is being said lights answers (names, a quiz's answers): it ends with their round
  // Reading speed, as a storybook's: the story read now goes on from its word at the new speed
  function syncStorySpeed() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-story-speed]"), function (b) {
      var pressed = (b.getAttribute("data-story-speed") === "slow") === storySlow ? "true" : "false";
      if (b.getAttribute("aria-pressed") !== pressed) b.setAttribute("aria-pressed", pressed);
    });
  }
  function setStorySpeed(slow) {
    var at = readingStory && storyAt, same = slow === storySlow;
    storySlow = slow;
    try { window.localStorage.setItem(SPEED_KEY, slow ? "slow" : "normal"); } catch (e) { /* this visit only */ }
    syncStorySpeed();
    if (same || !at || !at.node.isConnected) return;
    speak([{ text: at.node.nodeValue.slice(at.at), story: at.node, from: at.at }]);
  }

  function quiet() {
    if ("speechSynthesis" in window) window.speechSynthesis.cancel();
    unlight(); unread(); waiting = null; lighting = false;
  }
  function roundOnScreen() {
    var board = document.getElementById("game-board");
    return board ? board.getAttribute("data-round") : null;
  }
  function speak(parts) {
    var voice = localVoice();
    // no on-device voice (yet): stay quiet rather than use a network voice
    if (!voice) { waiting = { parts: parts, at: Date.now(), round: roundOnScreen() }; return; }
    waiting = null;
    window.speechSynthesis.cancel();
    unlight(); unread();
    var round = roundOnScreen();
    lighting = parts.some(function (part) { return part.button; });
    parts.forEach(function (part) {
      var u = new SpeechSynthesisUtterance(part.text);
      // a story at its own Reading speed; the rest at Slow voice's (a grown-up's switch: game_parts.py)
      var slow = part.story ? storySlow : switchOn("game-slow");
      u.voice = voice; u.lang = voice.lang; u.rate = slow ? STORY_RATES.slow : STORY_RATES.normal;
      if (part.story) followStory(u, part.story, part.from || 0);
      if (part.button) { // React keeps a round's buttons for the next: light one only in its own round
        u.onstart = function () {
          unlight();
          if (roundOnScreen() === round) part.button.setAttribute("data-saying", "true");
        };
        u.onend = u.onerror = function () { part.button.removeAttribute("data-saying"); };
      }
      window.speechSynthesis.speak(u);
    });
  }

  function say(text, board, more) { // more: parts said after the text (answers, a hint)
    if (text && "speechSynthesis" in window) speak(parts(text, board).concat(more || []));
  }

  // a word to find by ear (data-hear-first, Sight Words) is shown only on a device known to have no voice of its
  // own to say it: voices listed and none on the device, or none at all 3 s after the page (they load late)
  var voicesLate = false;
  setTimeout(function () { voicesLate = true; showHeard(); showNoVoice(); }, 3000);
  function noVoice() {
    if (!("speechSynthesis" in window)) return true;
    return !localVoice() && (voicesLate || window.speechSynthesis.getVoices().length > 0);
  }
  // ... or where Read aloud is off, or once "Show me the word" is pressed: from then on, every round and game
  // until the page is left (a device turned down has a voice no one hears, and a deaf child pressed it each round)
  var seeing = false;
  function showHeard() {
    var board = document.getElementById("game-board"), out = document.getElementById("game-heard");
    if (!board || !out) return;
    var shown = noVoice() || !voiceOn() || seeing;
    var text = board.getAttribute("data-hear-first") === "true" && shown ? board.getAttribute("data-say") : "";
    if (out.textContent !== (text || "")) out.textContent = text || "";
    var names = board.getAttribute("data-say-options") === "true" && shown; // each name on its picture (games.css)
    if (board.hasAttribute("data-names-shown") !== names) board.toggleAttribute("data-names-shown", names);
    var see = document.getElementById("game-see");
    if (see && see.hidden !== !!(text || names)) see.hidden = !!(text || names);
  }
  document.addEventListener("click", function (e) {
    if (!(e.target.closest && e.target.closest("#game-see"))) return;
    seeing = true;
    showHeard();
    var out = document.getElementById("game-heard"), first = document.querySelector("#game-board .game-option");
    // the button is gone: the focus goes to the word, which is read out, or to the first name
    if (out && out.textContent) out.focus(); else if (first) first.focus();
  });
  // Hear it pressed on a device with no voice of its own did nothing at all: it says why, until a voice comes
  var NO_VOICE = "Reading aloud needs an English voice on this device.", askedAloud = false;
  function showNoVoice() {
    var note = document.getElementById("game-voice-note");
    var text = askedAloud && noVoice() ? NO_VOICE : "";
    if (note && note.textContent !== text) note.textContent = text;
  }
  if ("speechSynthesis" in window && window.speechSynthesis.addEventListener) {
    window.speechSynthesis.addEventListener("voiceschanged", function () {
      showNoVoice();
      var w = waiting, board = document.getElementById("game-board"), heard = document.getElementById("game-heard");
      if (!localVoice() || !board) { showHeard(); return; }
      if (w && w.round === roundOnScreen() && Date.now() - w.at < 10000) speak(w.parts);
      // a word shown for want of a voice: said now (unless Read aloud is off), then it goes
      else if (heard && heard.textContent && voiceOn()) say(board.getAttribute("data-say") || "", board);
      showHeard();
    });
  }

  var sent = null; // the answer box whose value was just sent with Check
  var answered = null, fresh = false; // the box of the last answer sent; a digit typed or tapped in it since

  // a quiz for readers (data-hear-answers): Hear it reads the question, then each answer still to try, lit;
  // a writing round its suggested first lines, after the words that offer them
  // the English words the game sent for an element (data-text), not what the page shows: a browser translating
  // the page swaps what it shows, and an English voice read the translation
  function words(el) {
    return !el ? "" : el.hasAttribute("data-text") ? el.getAttribute("data-text") : el.textContent;
  }

  function answerParts(board) {
    if (!board || board.getAttribute("data-hear-answers") !== "true") return [];
    var stuck = document.getElementById("game-stuck"), lines = board.querySelectorAll(".game-first-line");
    if (stuck && lines.length) return [{ text: words(stuck) }].concat(Array.prototype.map.call(lines,
      function (b) { return { text: words(b), button: b }; }));
    return nameParts(Array.prototype.slice.call(
      board.querySelectorAll(".game-options " + TO_PLAY + "[data-label]")));
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button[data-say]");
    var board = b && b.closest("#game-board"), question = b && b.getAttribute("data-hear") === "question";
    var more = question ? answerParts(board) : [];
    // Hear it says the hint showing too, before the answers: a pre-reader's cut off by their own tap can be heard
    // again, and an older child who struggles to read hears the help that was only printed
    var hint = question && board.querySelector(HINT);
    if (hint && words(hint)) more = [{ text: words(hint) }].concat(more);
    var story = b && b.getAttribute("data-hear") === "story" && board && board.querySelector(".game-passage-text");
    var node = story && story.firstChild, text = b && b.getAttribute("data-say");
    if (node && node.nodeType === 3 && node.nodeValue === text && "speechSynthesis" in window) {
      speak([{ text: text, story: node }]);
    } else if (b) say(text, board, more);
    var speed = e.target.closest && e.target.closest("[data-story-speed]");
    if (speed) setStorySpeed(speed.getAttribute("data-story-speed") === "slow");
    if (b && board) { askedAloud = true; showNoVoice(); }
    var k = e.target.closest && e.target.closest("button[data-key]");
    var box = document.getElementById("game-answer");
    if (!k || !box) return;
    var key = k.getAttribute("data-key");
    if (sent === box) { // after Check the first digit starts a new answer
      sent = null;
      if (/^[0-9]$/.test(key)) box.value = "";
    }
    if (box === answered && /^[0-9]$/.test(key)) fresh = true;
    if (key === "back") box.value = box.value.slice(0, -1);
    else if (key === "clear") box.value = "";
    else if (/^[0-9]$/.test(key) && box.value.length < digitsAllowed(box)) box.value += key;
    showTyped(box);
  });

  // how many digits a number box takes: its own limit, or 3
  function digitsAllowed(box) { return box.maxLength > 0 ? box.maxLength : 3; }
  // the screen reader's line under the number pad: what the box now holds
  function showTyped(box) {
    var typed = document.getElementById("game-typed");
    if (typed) typed.textContent = box.value ? "Your answer: " + box.value : "Your answer is empty";
  }

  // the finish screen of a writing game: print the child's first lines (games.css keeps only them on paper)
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("button[data-print]")) window.print();
  });

  // ... which are kept nowhere else: the first Play Again there says so, the second starts the new game
  document.addEventListener("click", function (e) {
    var again = e.target.closest && e.target.closest("#game-board button[data-again]");
    var note = document.getElementById("game-again-note");
    if (!again || !note || note.textContent) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    note.textContent = "Your writing will go when a new game starts. Print it first to keep it, " +
      "or press Play Again once more.";
  }, true);

  // writing: a suggested first line goes at the top of the box (in place of one put there before), the child's
  // own words stay after it, and the caret waits at the end to go on
  function ownWords(value) { // the writing without the suggested first lines it starts with (prompt.own_words)
    var text = value.replace(/^\s+/, "");
    var said = Array.prototype.map.call(document.querySelectorAll(".game-first-line"), function (line) {
      return words(line).trim();
    }).filter(Boolean);
    for (var found = true; found;) {
      found = said.find(function (line) { return text.indexOf(line) === 0; });
      if (found) text = text.slice(found.length).replace(/^\s+/, "");
    }
    return text;
  }
  document.addEventListener("click", function (e) {
    var line = e.target.closest && e.target.closest(".game-first-line");
    var box = document.getElementById("game-writing");
    if (!line || !box) return;
    box.value = (words(line).trim() + " " + ownWords(box.value)).slice(0, box.maxLength > 0 ? box.maxLength : 600);
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
    countWords();
  });

  // writing: how many words of the child's own so far, under the box, as the server counts them on "I'm done!"
  // (prompt.WORD: letters, with one apostrophe inside; a first line put at the top is not the child's)
  var WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)?/gu;
  // and, where the task names words to use (data-words), whether one of them is there in any form (prompt.uses)
  function usesOne(found, words) {
    return !words.length || words.some(function (word) {
      var stem = word.toLowerCase().replace(/e$/, "");
      return found.some(function (w) { return w.toLowerCase().indexOf(stem) === 0; });
    });
  }
  function countWords() {
    var box = document.getElementById("game-writing"), out = document.getElementById("game-word-count");
    if (!box || !out) return;
    var found = ownWords(box.value).match(WORD) || [];
    var least = Number(out.getAttribute("data-least")) || 0, n = found.length;
    var words = (out.getAttribute("data-words") || "").split(",").filter(Boolean);
    var text = n < least ? n + " of " + least + " words of your own"
      : !usesOne(box.value.match(WORD) || [], words) ? n + " words of your own. Now use one of your words: " +
        (words.length > 1 ? words.slice(0, -1).join(", ") + " or " + words[words.length - 1] : words[0]) + "."
      : n + (n === 1 ? " word" : " words") + " of your own: enough to finish!";
    if (out.textContent !== text) out.textContent = text;
  }

  // counting: a tap (or Enter/Space) on a thing to count marks it with the next number and says it; one already
  // counted keeps its number. The marks are the page's own: they end with the round, or with a hint (count again).
  // (the page's own name for an uncounted thing is kept in data-name while its number stands in for it)
  document.addEventListener("click", function (e) {
    var thing = e.target.closest && e.target.closest(".game-count-object");
    var board = document.getElementById("game-board");
    if (!thing || !board || thing.hasAttribute("data-counted")) return;
    var n = String(board.querySelectorAll(".game-count-object[data-counted]").length + 1);
    thing.setAttribute("data-name", thing.getAttribute("aria-label") || "");
    thing.setAttribute("data-counted", n);
    thing.setAttribute("aria-label", n + ", counted"); // not "1" alone: the answers' names
    if (speaking(board)) say(n);
  });

  function clearCounts(board) {
    Array.prototype.forEach.call(board.querySelectorAll(".game-count-object[data-counted]"), function (thing) {
      thing.removeAttribute("data-counted");
      thing.setAttribute("aria-label", thing.getAttribute("data-name") || "");
      thing.removeAttribute("data-name");
    });
  }

  document.addEventListener("input", function (e) {
    if (e.target.id === "game-writing") countWords();
    if (e.target.id === "game-answer") {
      sent = null;
      if (e.target === answered && /[0-9]/.test(e.target.value)) fresh = true;
      var digits = e.target.value.replace(/[^0-9]/g, "");
      if (digits !== e.target.value) e.target.value = digits;
    }
  });

  // an answer sent with Check stays in the box (beside its hint, if it was wrong; a right one brings a new round
  // and an empty box), and the first digit typed or tapped next replaces it. Kept here, not in the page: the
  // board's markup changes only when the server answers.
  // Check tapped twice at once sent the same number twice, and the second ("You tried that number already")
  // took the place of the first's hint: within a moment of a Check, one again with the same number does nothing
  // (later, it still says why nothing happens)
  var CHECK_AGAIN_MS = 1000, sentAt = 0;
  document.addEventListener("submit", function (e) {
    var box = e.target.querySelector && e.target.querySelector("#game-answer");
    if (!box || !box.value) return;
    if (sent === box && Date.now() - sentAt < CHECK_AGAIN_MS) {
      e.preventDefault();
      e.stopImmediatePropagation();
      return;
    }
    sent = box;
    sentAt = Date.now();
    answered = box;
    fresh = false;
    if (document.activeElement === box) box.select();
  }, true);

  document.addEventListener("keydown", function (e) {
    var keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    if (!(e.key in keys)) return;
    var group = e.target.closest && e.target.closest("[data-arrows], .game-objects");
    if (!group || e.target.tagName !== "BUTTON") return;
    var buttons = Array.prototype.filter.call(group.querySelectorAll("button"), function (b) {
      return toPlay(b) || b === e.target; // from a tried answer too, to the next still to try
    });
    var i = buttons.indexOf(e.target);
    if (i < 0 || !buttons.length) return;
    var step = keys[e.key];
    var last = buttons.length - 1;
    var next = step === "first" ? 0 : step === "last" ? last : (i + step + buttons.length) % buttons.length;
    buttons[next].focus();
    e.preventDefault();
  });

  // a button that is done (a matched pair, a sorted shape) is disabled and loses focus: keep the
  // keyboard player inside the game by focusing the first button still to play
  var boardHadFocus = false;
  var lastFocus = null; // the row (its place among the board's rows) and name of the board's button last focused
  document.addEventListener("focusin", function (e) {
    var board = document.getElementById("game-board");
    boardHadFocus = !!(board && board.contains(e.target));
    var row = boardHadFocus && e.target.tagName === "BUTTON" && e.target.closest("[data-arrows]");
    lastFocus = row ? { row: rows(board).indexOf(row), name: e.target.getAttribute("aria-label") } : null;
  });
  function rows(board) { return Array.prototype.slice.call(board.querySelectorAll("[data-arrows]")); }
  // a button React drew anew (a partner tried and wrong) is the same one under the same name in the same row: the
  // focus goes back to it, not to the first row's first thing (the ball picked, its player was sent back to the
  // balls); one done (a matched pair) is disabled and has no place to go back to
  function drawnAgain(board) {
    var row = lastFocus && lastFocus.name ? rows(board)[lastFocus.row] : null;
    if (!row) return null;
    return Array.prototype.filter.call(row.querySelectorAll("button"), function (b) {
      return !b.disabled && b.getAttribute("aria-label") === lastFocus.name;
    })[0] || null;
  }

  function refocus(board) {
    var active = document.activeElement;
    // a shape put in its home by keyboard: the focus goes back to the shapes left (it stayed on the home, and the
    // next shape was 20 Tabs round the page away for a switch user); a wrong home keeps it, the shape still picked
    var placed = keyPlaced;
    keyPlaced = null;
    if (placed && active === placed && board.querySelector(".game-feedback.is-cheer")
        && !board.querySelector("[data-arrows] [aria-pressed='true']")) {
      var left = board.querySelector("[data-arrows] " + TO_PLAY);
      if (left && !placed.closest("[data-arrows]").contains(left)) { left.focus(); return; }
    }
    if (!boardHadFocus || (active && active !== document.body && board.contains(active))) return;
    if (active && active !== document.body) return;
    var next = drawnAgain(board) || board.querySelector("[data-arrows] " + TO_PLAY);
    if (next) next.focus();
  }

  // match and sort by keyboard: a thing picked with Enter or Space, the focus goes on to the first partner or home
  // (it took a Tab for every thing left in the first column)
  var keyPicked = null; // the button last pressed with Enter or Space (a pointer forgets it)
  var keyPlaced = null; // ... when it is a partner or a home (see refocus)
  document.addEventListener("keydown", function (e) {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest && e.target.closest("[data-arrows] button")) {
      keyPicked = e.target.closest("button");
      var groups = document.querySelectorAll("#game-board [data-arrows]");
      keyPlaced = groups.length > 1 && !groups[0].contains(keyPicked) ? keyPicked : null;
    }
  }, true);
  document.addEventListener("pointerdown", function () { keyPicked = null; keyPlaced = null; }, true);
  function toPartners(board) {
    var active = document.activeElement, from = active && active.closest && active.closest("[data-arrows]");
    if (!from || !board.contains(from) || active !== keyPicked) return;
    keyPicked = null;
    var groups = Array.prototype.slice.call(board.querySelectorAll("[data-arrows]"));
    var next = groups[groups.indexOf(from) + 1], first = next && next.querySelector(TO_PLAY);
    if (first) first.focus();
  }

  // a tried answer keeps the focus but does nothing (the server would refuse it anyway)
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("#game-board [data-arrows] [aria-disabled='true']")) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);

  document.addEventListener("focusout", function (e) {
    var board = document.getElementById("game-board");
    var gone = e.target.disabled || !document.contains(e.target);
    if (!board || e.relatedTarget || !gone || !(board.contains(e.target) || !document.contains(e.target))) return;
    setTimeout(function () {
      var active = document.activeElement;
      if (active && active !== document.body) return;
      var next = drawnAgain(board) || board.querySelector("[data-arrows] " + TO_PLAY)
        || document.getElementById("game-prompt");
      if (next) next.focus();
    }, 0);
  });

  // a hint in the round on screen: not the last round's stuck sum worked out (shown above the question; its
  // live region under the round is hidden, and was scrolled to)
  var HINT = ".game-feedback.is-hint:not(.is-after)";
  // text the page shows after a move, each kind acted on once as it appears (selector -> the text last seen)
  var seen = {};
  function newText(board, selector) {
    var el = board.querySelector(selector);
    var text = words(el);
    if (text === seen[selector]) return null;
    seen[selector] = text;
    return text ? el : null;
  }

  // a grown-up's switches in the game's bar, Read aloud (#game-voice), Sounds (#game-sounds, heard by
  // game_sounds.js) and, in the typed sums, Clock (#game-clock; games.css hides its row): each on until turned
  // off, the choice kept on this device (or for as long as the page lasts when the device keeps nothing) and
  // shown in aria-pressed; a flip is told as a "learnsite:switch" event
  var SWITCHES = { "game-voice": "learnsite.gameVoice", "game-sounds": "learnsite.gameSounds",
    "game-clock": "learnsite.gameClock", "game-calm": "learnsite.gameCalm", "game-slow": "learnsite.gameSlow" };
  // Calm and Slow voice (before Start Playing!) are off until turned on
  var OFF_AT_FIRST = { "game-calm": true, "game-slow": true };
  var switchedHere = {};
  function switchOn(id) {
    var kept = null;
    try { kept = window.localStorage.getItem(SWITCHES[id]); } catch (e) { /* storage blocked */ }
    var choice = kept || switchedHere[id];
    return OFF_AT_FIRST[id] ? choice === "on" : choice !== "off";
  }
  // each switch's buttons (data-switch): the game bar's, and the Game Area's before the game starts
  function syncSwitches() {
    // games.css stills what pops and lands while Calm is on: on the page's root, which React never redraws
    if (switchOn("game-calm") !== document.documentElement.hasAttribute("data-game-calm")) {
      document.documentElement.toggleAttribute("data-game-calm");
    }
    Array.prototype.forEach.call(document.querySelectorAll(".game-area [data-switch]"), function (toggle) {
      var id = toggle.getAttribute("data-switch");
      if (!SWITCHES[id]) return;
      var pressed = switchOn(id) ? "true" : "false"; // set only when it differs: the observer watches aria-pressed
      if (toggle.getAttribute("aria-pressed") !== pressed) toggle.setAttribute("aria-pressed", pressed);
    });
  }
  document.addEventListener("click", function (e) {
    var toggle = e.target.closest && e.target.closest(".game-area [data-switch]");
    var id = toggle && toggle.getAttribute("data-switch");
    if (!SWITCHES[id]) return;
    var on = !switchOn(id);
    switchedHere[id] = on ? "on" : "off";
    try { window.localStorage.setItem(SWITCHES[id], switchedHere[id]); } catch (err) { /* blocked: this page only */ }
    syncSwitches();
    document.dispatchEvent(new CustomEvent("learnsite:switch", { detail: { id: id, on: on } }));
  });
  window.learnsiteGameSwitches = { on: switchOn };

  // a pre-reader's game reads by itself unless a grown-up turned Read aloud off
  var VOICE_OFF = "Reading aloud is off.";
  function voiceOn() { return switchOn("game-voice"); }
  function calm() { return switchOn("game-calm"); } // Calm: no cheer said aloud (game_sounds.js, games.css too)
  document.addEventListener("learnsite:switch", function (e) {
    var board = document.getElementById("game-board");
    if (e.detail.id !== "game-voice" || !board) return;
    if (!e.detail.on && "speechSynthesis" in window) {
      window.speechSynthesis.cancel(); unlight(); unread(); waiting = null;
    }
    // said once as it goes off: a grown-up hears why the game went quiet (a small child's tap can turn it off)
    if (!e.detail.on && localVoice()) say(VOICE_OFF, board); // now or never: not once voices come
    if (e.detail.on) say(board.getAttribute("data-say") || "", board);
    showHeard();
  });

  function speaking(board) { return board.getAttribute("data-speak") === "true" && voiceOn(); }

  // a hint shows under the answers: on a phone it can land below the screen's edge, unseen by the child who
  // tapped; bring it just into view (the answers stay where they are when it already fits). A pre-reader
  // hears it too; in match and sort, after a first tap, what to tap next ("Now tap its partner.", and a pick by
  // keyboard moves the focus on), and the cheer for each pair matched or shape sorted.
  function onNewText(board) {
    var sameRound = board.getAttribute("data-round") === lastRound; // a new round says its cheer with its question
    var hint = newText(board, HINT);
    var cheer = newText(board, ".game-feedback.is-cheer");
    var picked = newText(board, '.game-instruction[data-picked="true"]');
    if (hint) clearCounts(board);
    if (hint && typedIn === "game-writing") { typeOn(typedIn); typedIn = null; }
    if (hint && hint.getBoundingClientRect().bottom > window.innerHeight && (tapped() || hintFits(board, hint))) {
      hint.scrollIntoView({ block: "nearest" });
    }
    if (picked || keyPicked && keyPicked.getAttribute("aria-pressed") === "true") toPartners(board); // a 2nd pick too
    if (!speaking(board)) return;
    // what to tap next, after a first tap (a hint given back with it was heard when it first came)
    if (picked) say(words(picked));
    // a game of names: then the names still to try, each lit again
    else if (hint) speak([{ text: words(hint) }].concat(nameParts(named(board, true))));
    else if (cheer && sameRound && !calm()) say(words(cheer)); // a pair matched, a shape sorted: praised aloud
  }

  // a small child taps twice: the second tap landed on the new round's answer under the finger, answering a
  // question not yet seen (a wrong one cost the round's first-try star, a right one skipped it). For a moment
  // after a round appears, a touch tap where the last tap was, or the second click of a double-click, on an
  // answer does nothing. A quick child's tap elsewhere (the partner on the right, another first line) counts, as
  // do a single mouse click and the keyboard.
  var SETTLE_MS = 1000, SAME_SPOT_PX = 40, settling = 0;
  var pointer = ""; // the last pointer down's type: an older Safari's click does not say it
  var lastTap = null, tapAt = null; // where the tap before this one went down, and this one
  document.addEventListener("pointerdown", function (e) {
    pointer = e.pointerType || "";
    lastTap = tapAt;
    tapAt = { x: e.clientX, y: e.clientY };
  }, true);
  function sameSpot() {
    return !!(lastTap && tapAt) && Math.hypot(tapAt.x - lastTap.x, tapAt.y - lastTap.y) <= SAME_SPOT_PX;
  }
  // The answers (and a writing game's first lines, under the last pick) and Check (a second tap on it checked the
  // new sum's empty box); not the number pad: a quick child may start typing the next sum at once.
  var UNDER_FINGER = "#game-board[data-settling] [data-arrows]:not(.game-pad) button, " +
    "#game-board[data-settling] .game-check";
  document.addEventListener("click", function (e) {
    var answer = e.target.closest && e.target.closest(UNDER_FINGER);
    if (!answer) return;
    if (e.detail === 0) return; // the keyboard's Enter or Space
    var type = e.pointerType || pointer;
    if ((type === "touch" || type === "pen") && sameSpot() || e.detail > 1) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);

  // A hand with a tremor (or an impatient one on a slow phone) taps twice, and a switch or a held key bounces: the
  // same button pressed again at once counted twice. A double tap on a wrong partner or home was two misses (the
  // game stepped down and the round's star was gone), on a picked thing it let it go again, on "Trace for me step
  // by step" it turned it off again. A second press of the same answer within REPEAT_MS does nothing, by touch,
  // mouse or keyboard; not on the number pad (a quick child types 11 faster than that) nor Check (a number sent
  // again is no miss). Within one round only: React keeps a button for the next round's answer in its place, and
  // a keyboard player may answer the next round at once (a tap there is the settling guard's above).
  var REPEAT_MS = 300, lastPress = { button: null, at: 0, round: null };
  var PRESSED_ONCE = "#game-board [data-arrows]:not(.game-pad) button, #game-board .trace-steps-toggle";
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest(PRESSED_ONCE);
    if (!button) return;
    var now = Date.now(), round = roundOnScreen();
    if (button === lastPress.button && round === lastPress.round && now - lastPress.at < REPEAT_MS) {
      e.preventDefault();
      e.stopImmediatePropagation();
      return;
    }
    lastPress = { button: button, at: now, round: round };
    // on a slow connection the answer takes the server most of a second, and nothing showed the tap was taken (so
    // the child tapped again): the answer looks pressed until the board changes (or 4 s at most)
    if (button.closest("[data-arrows]")) {
      button.setAttribute("data-pending", "true");
      setTimeout(function () { button.removeAttribute("data-pending"); }, PENDING_MS);
    }
  }, true);
  var PENDING_MS = 4000;
  function unpend(board) {
    var pending = board.querySelectorAll("[data-pending]");
    for (var i = 0; i < pending.length; i++) pending[i].removeAttribute("data-pending");
  }

  // a child typing in the answer box who presses Enter goes on typing in the next sum's box; a tap on Check or
  // the number pad goes to the next question. A writing game's "Keep going!" goes back to the end of the words.
  var typedIn = null;
  document.addEventListener("submit", function (e) {
    var active = document.activeElement;
    if (e.target.querySelector && e.target.querySelector("#game-writing")) typedIn = "game-writing";
    else typedIn = active && active.id === "game-answer" ? "game-answer" : null;
  }, true);
  function typeOn(id) {
    var box = id && document.getElementById(id);
    if (!box) return false;
    box.focus({ preventScroll: true });
    box.setSelectionRange(box.value.length, box.value.length);
    return true;
  }

  // where the sticky header ends: what is above it is out of sight
  function headerBottom() {
    var header = document.querySelector(".site-header");
    // a short screen turned sideways scrolls the header away with the page (styles.css): then nothing is covered
    return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  }

  // After a keyboard answer the hint comes into view only if the focused answer stays in view with it: at 400%
  // zoom, scrolling to the hint under the answers hid the tried answer (the focus) under the header (the hint is
  // read out all the same). After a finger's tap it always does: where the tapped answer and the hint cannot fit
  // together (a row of answers far above the hint on a short screen), the child who tapped never saw the hint.
  function tapped() { return pointer === "touch" || pointer === "pen"; }
  document.addEventListener("keydown", function () { pointer = ""; }, true); // a key since: not a tap's answer
  function hintFits(board, hint) {
    var focus = document.activeElement;
    if (!focus || focus === document.body || !board.contains(focus)) return true;
    var needed = hint.getBoundingClientRect().bottom - focus.getBoundingClientRect().top;
    return needed <= window.innerHeight - headerBottom();
  }

  // On a short screen (400% zoom) the board's top under the header still left the focus below the bottom edge:
  // Multi Masters' tower picture comes before its question, and the answer box was typed into out of sight.
  // Looked at once the board's own (smooth) scroll has ended, and only if the focus is still there.
  function keepInView(el) {
    if (!el) return;
    setTimeout(function () {
      if (document.activeElement !== el) return;
      var covered = headerBottom(), r = el.getBoundingClientRect();
      if (r.bottom > window.innerHeight + 1 || r.top < covered - 1) el.scrollIntoView({ block: "nearest" });
    }, 700);
  }

  // Brings a new round (or the board on a turned screen) into view under the sticky header:
  // - a shorter round (the finish screen above all) shrinks the page under a child scrolled down to the answers:
  //   the new question slid under the header, and the finish's "All done!" bar and heading with it;
  // - a round taller than the rest of the screen left its last answers (Story Starter's first lines, the number
  //   pad on a tablet turned sideways) under the bottom edge while the page above the board was still in view.
  // Either way the board's top goes to just under the header: as much of the round in sight as the screen holds.
  function fitBoard(board, top) {
    if (!top) return;
    var covered = headerBottom(), box = board.getBoundingClientRect(), below = box.bottom > window.innerHeight;
    if (top.getBoundingClientRect().top < covered || (below && box.top > covered + 8)) {
      board.scrollIntoView({ block: "start" });
    }
  }
  var fitWidth = window.innerWidth, fitTimer = null;
  window.addEventListener("resize", function () {
    if (window.innerWidth === fitWidth) return; // an on-screen keyboard changes the height only
    fitWidth = window.innerWidth;
    clearTimeout(fitTimer);
    fitTimer = setTimeout(function () {
      var board = document.getElementById("game-board");
      if (board) fitBoard(board, board.querySelector(".game-bar") || document.getElementById("game-prompt"));
    }, 300);
  });

  // A quick child types the next sum's first digit before the server has answered a right one: it went into the
  // old box, which the new round's box replaces, and was lost (kept only when the server was quicker). What was
  // typed or tapped since the answer went goes on in the new box.
  function carryTyped() {
    var box = document.getElementById("game-answer"), old = answered;
    answered = null;
    if (!box || !old || old === box || !fresh || !old.value) return;
    box.value = old.value.replace(/[^0-9]/g, "").slice(0, digitsAllowed(box));
    if (box.value) showTyped(box);
  }

  // Reading Comp's hint points at words of the story ("Find the word “Down” in the story."): they are marked in
  // the story too. A highlight, not a <mark>: React goes on drawing the story's text node as its own.
  // what is marked: most changes to the board leave it so (a new story in the same text node collapses the range)
  var marked = { node: null, story: null, words: null };
  function markHint(board) {
    if (!highlights) return;
    var hint = board && board.querySelector(HINT);
    var quote = hint && /“([^”]+)”/.exec(hint.textContent || "");
    var text = quote && board.querySelector(".game-passage-text"), node = text && text.firstChild;
    var at = node && node.nodeType === 3 ? node.nodeValue.indexOf(quote[1]) : -1;
    if (at < 0) node = null;
    var story = node && node.nodeValue, words = node && quote[1];
    if (node === marked.node && story === marked.story && words === marked.words) return;
    marked = { node: node, story: story, words: words };
    if (!node) { CSS.highlights.delete("story-hint"); return; }
    var range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + quote[1].length);
    CSS.highlights.set("story-hint", new Highlight(range));
  }

  // A game gone from its own page before its finish was lost by the server (restarted, or the tab's state let go
  // after a long time away): the page came back with Start Playing! and not a word. The Game Area now says so, and
  // Start Playing! takes the focus. Only Start Playing! brings a game and only a page opened ends one (the address
  // changes first), so a game gone while the address stays can have gone no other way. The page may draw its
  // "loading" first: the word waits for the Game Area. A pre-reader's game (data-speak) says it aloud too.
  var boardAddress = null, lostAt = null, boardSpoke = false, lostSpoken = false;
  function tellLost(round) {
    if (round !== null) {
      lostAt = round.indexOf("-end-") < 0 && location.pathname === boardAddress ? boardAddress : null;
      lostSpoken = boardSpoke;
    } else if (lostAt !== location.pathname) lostAt = null; // told on that page, and left: not told again on return
    var note = document.getElementById("game-lost-note");
    if (!note) return;
    if (lostAt === location.pathname) {
      if (note.textContent) return;
      note.textContent = note.getAttribute("data-says");
      if (lostSpoken && voiceOn() && "speechSynthesis" in window) speak([{ text: note.textContent }]);
      var start = document.querySelector(".game-area button.content-button-big");
      if (start && (!document.activeElement || document.activeElement === document.body)) start.focus();
    } else if (note.textContent) {
      note.textContent = ""; // another page since
    }
  }

  var lastRound = null, lastStory = null;
  function onBoardChange() {
    var board = document.getElementById("game-board");
    syncSwitches(); // the board's, or the Game Area's before the game starts
    markHint(board);
    if (!board) { // gone (another page): nothing of the game goes on being said there, a story read to the end
      if (lastRound !== null) quiet();
      tellLost(lastRound);
      lastRound = null; lastStory = null; seen = {}; waiting = null; return;
    }
    if (lastRound === null) boardAddress = location.pathname; // where the game began (not an address since)
    lostAt = null; boardSpoke = board.getAttribute("data-speak") === "true";
    unpend(board);
    syncStorySpeed();
    onNewText(board);
    countWords();
    showHeard();
    var round = board.getAttribute("data-round");
    if (round === lastRound) { setTimeout(function () { refocus(board); }, 50); return; }
    var first = lastRound === null;
    lastRound = round;
    if (first && !readingStory) { storySlow = keptStorySlow(); syncStorySpeed(); } // chosen on a book meanwhile
    board.setAttribute("data-settling", "true"); // the guard above reads it (and tests that tap wait for it to go)
    var mine = ++settling;
    setTimeout(function () { if (mine === settling) board.removeAttribute("data-settling"); }, SETTLE_MS);
    clearCounts(board); // a thing of the last round may be drawn again in this one, with its mark
    if (lighting) quiet(); // the last round's answers, still being read, would light this round's in their place
    unlight(); // nor is a picture of the last round lit in its place
    var heading = document.getElementById("game-prompt");
    carryTyped();
    var typing = !first && typedIn === "game-answer" && typeOn(typedIn); // the box's description reads the sum
    typedIn = null;
    // a story to read first: a new one takes the focus, so a screen reader reads it before its question
    var story = document.getElementById("game-story"), text = board.querySelector(".game-passage-text");
    var storyText = story && text ? text.textContent : null, newStory = storyText !== null && storyText !== lastStory;
    lastStory = storyText;
    if (newStory && readingStory) quiet(); // the story read is gone: not read on over the next one
    var target = newStory ? story : heading;
    // A game's first round takes the focus from nothing ("Start Playing!" is gone). A child already on an answer
    // keeps it: the page adds this script after it has drawn, so on a slow network the game can start first.
    var active = document.activeElement, free = !first || !active || active === document.body;
    if (target && !typing && free) target.focus({ preventScroll: first });
    // the bar's top, not the question's: on a phone a hint scrolled into view left the next rounds' progress and
    // Hear it under the header, and a child who cannot read had no way to hear the question again
    if (!first) fitBoard(board, board.querySelector(".game-bar") || heading);
    // behavior left to the page's CSS: html scrolls smoothly, at once for reduced motion (styles.css)
    if (first && free) board.scrollIntoView({ block: "nearest" });
    keepInView(typing ? document.getElementById("game-answer") : target);
    if (speaking(board)) {
      // the cheer for the answer (or a stuck sum's answer shown), then the next question (at the finish: the
      // stars, and no question)
      var cheer = first ? null : board.querySelector(".game-feedback");
      if (cheer && calm() && cheer.classList.contains("is-cheer")) cheer = null; // Calm: the question alone
      say([words(cheer), board.getAttribute("data-say") || ""].join(" ").trim(), board);
    }
  }
  new MutationObserver(onBoardChange).observe(document.documentElement,
    { subtree: true, childList: true, characterData: true, attributes: true,
      attributeFilter: ["data-round", "data-picked", "aria-pressed"] });

  // a game started before this script ran: its round is met now (the focus as above); the switches beside Start
  // Playing! show what this device keeps
  if (document.getElementById("game-board")) onBoardChange(); else syncSwitches();
})();
