/* Learnsite games: little sounds for a move (learnsite/pages/game_parts.py), made here with the Web Audio API
 * (nothing is fetched). When the server's feedback appears under the answers:
 * - a right answer (.game-feedback.is-cheer): a bright three-note chime, going up;
 * - a hint (.game-feedback.is-hint): two soft low notes going down, a gentle "hmm", never a buzzer;
 * - the finish screen (data-round "...-end-..."): a short fanfare;
 * - a thing tapped to count it (games.js gives it its number): one note of a scale going up, a step per number.
 * A grown-up may turn them off with Sounds (#game-sounds), or make them few with Calm (#game-calm): then only a
 * round done chimes (its cheer comes with the next round's question, or the finish), with the same chime, and a
 * hint, a pair matched or a thing counted is silent. games.js keeps the switches, with Read aloud. Browsers
 * let audio start only from a child's own tap or key, so the sound is opened inside the first one on the game.
 */
(function () {
  "use strict";
  if (window.learnsiteGameSounds) return;

  var ctx = null, out = null;

  // MIDI note numbers: C5 E5 G5 up; E4 C4 down; C5 E5 G5 C6 (the last held)
  var TUNES = {
    cheer: [[72, 0, 0.12], [76, 0.09, 0.12], [79, 0.18, 0.22]],
    hint: [[64, 0, 0.16], [60, 0.14, 0.26]],
    finish: [[72, 0, 0.14], [76, 0.12, 0.14], [79, 0.24, 0.14], [84, 0.36, 0.5]]
  };
  var LEVEL = { cheer: 0.16, hint: 0.1, finish: 0.16, count: 0.12 };
  // C major from C5 (523 Hz) to E6 (1,319 Hz): counting climbs it, and past the tenth thing stays on its top note
  // rather than going on up into a shrill range
  var SCALE = [72, 74, 76, 77, 79, 81, 83, 84, 86, 88];

  function on() { // asked as a sound would play: by then games.js, which keeps the switch, has loaded
    var switches = window.learnsiteGameSwitches;
    return !switches || switches.on("game-sounds");
  }

  function calm() {
    var switches = window.learnsiteGameSwitches;
    return !!switches && switches.on("game-calm");
  }

  function open() {
    if (!ctx) {
      var AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return;
      try {
        if (navigator.audioSession) navigator.audioSession.type = "ambient"; // mixes with speech, obeys silent mode
      } catch (e) { /* older Safari */ }
      try { ctx = new AC(); } catch (e) { ctx = null; return; }
      out = ctx.createGain();
      out.gain.value = 1;
      out.connect(ctx.destination);
    }
    if (ctx.state === "suspended" && ctx.resume) ctx.resume();
  }

  function play(name, tune) {
    if (!ctx || !on()) return;
    var t0 = ctx.currentTime + 0.02, level = LEVEL[name];
    (tune || TUNES[name]).forEach(function (n) {
      var osc = ctx.createOscillator(), gain = ctx.createGain();
      var at = t0 + n[1], end = at + n[2];
      osc.type = name === "hint" ? "sine" : "triangle";
      osc.frequency.value = 440 * Math.pow(2, (n[0] - 69) / 12);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.linearRampToValueAtTime(level, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      osc.connect(gain);
      gain.connect(out);
      osc.start(at);
      osc.stop(end + 0.02);
    });
  }

  // the child's own tap or key on the game (or on Start Playing!) may open the sound
  function gesture(e) {
    var t = e.target;
    if (!on() || !t || !t.closest) return;
    if (t.closest("#game-board") || t.closest(".game-area")) open();
  }
  document.addEventListener("pointerdown", gesture, true);
  document.addEventListener("keydown", gesture, true);

  // counting: games.js numbers the thing on the same click (the scripts load in either order, so the number is
  // read once every listener of the click has run)
  var uncounted = null;
  document.addEventListener("click", function (e) {
    var thing = e.target.closest && e.target.closest(".game-count-object");
    uncounted = thing && !thing.hasAttribute("data-counted") ? thing : null;
  }, true);
  document.addEventListener("click", function (e) {
    var thing = e.target.closest && e.target.closest(".game-count-object");
    if (!thing || thing !== uncounted) return;
    setTimeout(function () {
      var n = parseInt(thing.getAttribute("data-counted") || "0", 10);
      if (n > 0 && !calm()) play("count", [[SCALE[Math.min(n, SCALE.length) - 1], 0, 0.18]]);
    }, 0);
  });

  document.addEventListener("learnsite:switch", function (e) {
    if (e.detail.id === "game-sounds" && e.detail.on) { open(); play("cheer"); } // a grown-up hears what was turned on
  });

  // each new feedback sounds once: its tone and words together (two hints in a row never have the same words).
  // A word on what to do ("First tap one on the left...") covers the feedback before it, which comes back when
  // the child does it: that comes back quietly (no answer was given).
  // a round is done when its cheer comes in the same change as the next round (or the finish): the server sends
  // both at once, so the round seen at the change before tells (a pair's cheer comes within its round)
  var last = "", before = "", seenRound = null;
  function onChange() {
    var board = document.getElementById("game-board");
    if (!board) { last = before = ""; seenRound = null; return; }
    var round = board.getAttribute("data-round") || "", roundDone = seenRound !== null && round !== seenRound;
    seenRound = round;
    var fb = board.querySelector(".game-feedback");
    var text = fb ? fb.textContent : "";
    var hint = !!(fb && fb.classList.contains("is-hint"));
    var now = text ? (hint ? "hint:" : "cheer:") + text : "";
    if (now === last) return;
    var back = now === before;
    before = last;
    last = now;
    if (!text || back) return;
    if (calm()) { if (!hint && roundDone) play("cheer"); return; }
    if (/-end-/.test(round)) play("finish");
    else play(hint ? "hint" : "cheer");
  }
  new MutationObserver(onChange).observe(document.documentElement,
    { subtree: true, childList: true, characterData: true, attributes: true,
      attributeFilter: ["class", "data-round"] });

  window.learnsiteGameSounds = true;
})();
