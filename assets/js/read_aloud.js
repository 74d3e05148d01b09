/* "Read to me" for storybooks and flipbooks: reads the page shown with the browser's own speech synthesis,
 * lights up each word as it is spoken, turns the page with the page's own Next button (so the viewer's rules
 * hold: bounds, no wrap, its transition) and stops at the end.
 *
 * Privacy: only voices with localService === true are used; a network voice would send the story off the
 * device. With no local voice the button says so and nothing is spoken.
 * "Follow along" does the same in silence, on any device: each word is lit in turn at a child's reading pace
 * (Slow or Normal) and the pages turn, nothing is said.
 * Words: the page renders each word as [data-word] inside [data-read-text]. Chrome's Google voices and
 * Android send no `boundary` events, so a timer estimated from the text and the rate moves the highlight
 * until (unless) a real boundary event arrives.
 * The page calls window.learnsiteReadAloud.mount() / .stop() with fixed strings; a flipbook page also sets
 * window.learnsiteFlipBook() to give its page-flip object.
 */
(function () {
  "use strict";
  if (window.learnsiteReadAloud) return;

  var RATES = { slow: 0.7, normal: 1.0 };
  // Follow along's pace, as if read aloud at these rates: about 75 and 110 words a minute, a young reader's
  var FOLLOW_RATES = { slow: 0.45, normal: 0.65 };
  var MS_PER_CHAR = 62; // ~ 175 words a minute at rate 1
  var NO_VOICE = "Reading aloud needs an English voice on this device.";
  var synth = window.speechSynthesis || null;
  var voice = null, voicesKnown = false, speed = "normal", session = null, sessionSeq = 0;
  // the reader's speed is kept on this device for every book and Reading Comp's story (games.js reads it too)
  var SPEED_KEY = "learnsite.readingSpeed";
  function keptSpeed() {
    var kept = null;
    try { kept = window.localStorage.getItem(SPEED_KEY); } catch (e) { /* storage blocked */ }
    return RATES[kept] ? kept : null;
  }

  function root() { return document.querySelector("[data-read-aloud-root]"); }
  function controls() { return document.querySelector("[data-read-aloud]"); }
  function q(sel) { var c = controls(); return c ? c.querySelector(sel) : null; }
  function reducedMotion() { return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches; }

  /* ------------------------------------------------------------ voices (local only) */
  function pickVoice() {
    var all = [];
    try { all = synth ? synth.getVoices() || [] : []; } catch (e) { all = []; }
    var local = all.filter(function (v) { return v && v.localService === true; });
    var english = local.filter(function (v) { return /^en([-_]|$)/i.test(v.lang || ""); });
    var choice = english.filter(function (v) { return v.default; })[0] || english[0] || null;
    if (all.length) voicesKnown = true;
    voice = choice;
    return choice;
  }

  function status(text) { var s = q("[data-read-status]"); if (s) s.textContent = text; }

  function showAvailability() {
    var main = q("[data-read-toggle]"), note = q("[data-read-novoice]");
    if (!main) return;
    var missing = !synth || (voicesKnown && !voice);
    main.setAttribute("aria-disabled", missing ? "true" : "false");
    if (note) note.hidden = !missing;
    if (note && missing) note.textContent = NO_VOICE;
    var speeds = q("[data-read-speeds]");
    if (!speeds) return;
    speeds.hidden = false; // without a voice the speed is Follow along's
    speeds.querySelectorAll("[data-read-speed]").forEach(function (b) { b.setAttribute("aria-disabled", "false"); });
  }

  function whenVoicesReady(then) {
    if (!synth) { then(); return; }
    if (pickVoice() || voicesKnown) { then(); return; }
    var done = false;
    function finish() { if (done) return; done = true; pickVoice(); voicesKnown = true; showAvailability(); then(); }
    synth.addEventListener("voiceschanged", function once() { synth.removeEventListener("voiceschanged", once); finish(); });
    setTimeout(finish, 2500); // some browsers never fire voiceschanged when there are no voices
  }

  /* ------------------------------------------------------------ pages */
  function kind() { var r = root(); return r ? r.getAttribute("data-read-aloud-root") : ""; }

  function flipBook() {
    try { return window.learnsiteFlipBook ? window.learnsiteFlipBook() : null; } catch (e) { return null; }
  }

  /* The [data-read-text] blocks on show now, in reading order. */
  function visibleTexts() {
    var r = root();
    if (!r) return [];
    if (kind() !== "flipbook") return Array.prototype.slice.call(r.querySelectorAll("[data-read-text]"), 0, 1);
    var pf = flipBook(), count = r.querySelectorAll("[data-read-page]").length;
    var index = pf ? pf.getCurrentPageIndex() : 0, pages = [index];
    if (pf && pf.getOrientation && pf.getOrientation() === "landscape" && index > 0) {
      var left = index % 2 === 1 ? index : index - 1; // covers stand alone; then spreads (1,2), (3,4), ...
      pages = [left, left + 1];
    }
    return pages.filter(function (i) { return i >= 0 && i < count; }).map(function (i) {
      return r.querySelector('[data-read-page="' + i + '"]');
    }).filter(Boolean);
  }

  function pageKey() {
    if (kind() === "flipbook") { var pf = flipBook(); return pf ? "p" + pf.getCurrentPageIndex() : ""; }
    return visibleTexts()[0] || null; // the storybook remounts its page element on every turn
  }

  /* ------------------------------------------------------------ highlight */
  function clearHighlight() {
    document.querySelectorAll(".read-word-now").forEach(function (w) { w.classList.remove("read-word-now"); });
  }
  function light(words, i) {
    clearHighlight();
    if (words[i]) words[i].classList.add("read-word-now");
  }

  // a word's English (data-text): a browser translating the page changes what is shown, not what is said
  function said(w) { return w.hasAttribute("data-text") ? w.getAttribute("data-text") : w.textContent; }

  function wordDelay(word, rate) {
    var ms = (word.length + 1) * MS_PER_CHAR;
    if (/[.!?]["')]*$/.test(word)) ms += 350; else if (/[,;:]["')]*$/.test(word)) ms += 200;
    return ms / rate;
  }

  /* ------------------------------------------------------------ speaking */
  function speak(s, el, done) {
    var words = Array.prototype.slice.call(el.querySelectorAll("[data-word]"));
    if (!words.length) { done(); return; }
    if (s.silent) { follow(s, words, done); return; }
    var text = "", starts = [];
    words.forEach(function (w) { starts.push(text.length); text += said(w) + " "; });
    var u = new window.SpeechSynthesisUtterance(text.trim());
    var rate = RATES[speed];
    u.voice = voice;
    u.lang = voice.lang;
    u.rate = rate;
    var me = ++s.utterances, started = false;
    var live = function () { return session === s && s.utterances === me; };
    var clock = wordClock(s, words, function () { return rate; }, live, null); // until the voice sends word events
    function begin() {
      if (started || !live()) return;
      started = true;
      clock.start();
    }

    u.onstart = begin;
    u.onboundary = function (e) {
      if (!live() || (e.name && e.name !== "word")) return;
      clock.stop();
      var i = 0;
      while (i + 1 < starts.length && starts[i + 1] <= e.charIndex) i++;
      if (i !== clock.current) { clock.current = i; light(words, i); }
    };
    u.onend = function () {
      if (!live()) return;
      clock.stop();
      clearHighlight();
      done();
    };
    u.onerror = function (e) {
      if (!live()) return;
      clock.stop();
      if (e && (e.error === "interrupted" || e.error === "canceled")) return;
      end("Reading stopped.");
    };
    s.utterance = u; // keep a reference: Chrome may drop events of an utterance it garbage-collects
    synth.speak(u);
    setTimeout(begin, 1200); // no start event (some engines): highlight anyway
  }

  // one word lit after another by a timer alone, pausable: speak's fallback while a voice sends no word
  // events, and Follow along (then onEnd turns the page)
  function wordClock(s, words, rate, live, onEnd) {
    var clock = { current: -1, timer: 0, stopped: false };
    function step(i) {
      if (!live() || clock.stopped) return;
      if (i >= words.length) { if (onEnd) onEnd(); return; }
      clock.current = i;
      light(words, i);
      s.fallback = { next: i + 1, wait: wordDelay(said(words[i]), rate()), at: performance.now() };
      clock.timer = setTimeout(function () { step(i + 1); }, s.fallback.wait);
    }
    s.fallback = null; // a page's clock never resumes the last page's
    s.pauseFallback = function () {
      clearTimeout(clock.timer);
      if (s.fallback) s.fallback.wait = Math.max(0, s.fallback.wait - (performance.now() - s.fallback.at));
    };
    s.resumeFallback = function () {
      if (clock.stopped || !s.fallback) return;
      s.fallback.at = performance.now();
      var next = s.fallback.next;
      clock.timer = setTimeout(function () { step(next); }, s.fallback.wait);
    };
    clock.start = function () { step(0); };
    clock.stop = function () { clock.stopped = true; clearTimeout(clock.timer); };
    return clock;
  }

  // Follow along: the words lit in silence, then the next page
  function follow(s, words, done) {
    var me = ++s.utterances;
    var live = function () { return session === s && s.utterances === me; };
    wordClock(s, words, function () { return FOLLOW_RATES[speed]; }, live, function () { clearHighlight(); done(); })
      .start();
  }

  function hush() { try { if (synth) synth.cancel(); } catch (e) { /* nothing to cancel */ } }

  function readPage(s) {
    if (session !== s) return;
    s.key = pageKey();
    var texts = visibleTexts(), i = 0;
    (function next() {
      if (session !== s) return;
      if (i < texts.length) { speak(s, texts[i++], next); return; }
      turn(s);
    })();
  }

  function turn(s) {
    var nextButton = document.querySelector("[data-read-next]");
    var last = !nextButton || nextButton.disabled || nextButton.getAttribute("aria-disabled") === "true";
    if (last) { end("The end. Reading finished."); return; }
    var before = pageKey(), waited = 0;
    s.turning = true;
    nextButton.click();
    var poll = setInterval(function () {
      if (session !== s) { clearInterval(poll); return; }
      waited += 100;
      if (pageKey() !== before) {
        clearInterval(poll);
        // let the page's own transition finish before reading on
        setTimeout(function () { s.turning = false; readPage(s); }, reducedMotion() ? 150 : kind() === "flipbook" ? 1100 : 700);
      } else if (waited > 8000) {
        clearInterval(poll);
        end("Reading stopped.");
      }
    }, 100);
  }

  /* The child turned the page while we read: read the new page from its start. */
  function watch(s) {
    s.watch = setInterval(function () {
      if (session !== s) { clearInterval(s.watch); return; }
      // the page is gone, or another book was opened in it (the page stays when only the book's id changes)
      if (!root() || location.pathname !== s.path) { stop(); return; }
      if (s.turning || s.paused) return;
      if (pageKey() !== s.key) {
        s.utterances++;
        hush();
        clearHighlight();
        readPage(s);
      }
    }, 300);
  }

  /* ------------------------------------------------------------ controls */
  function setActive(active, paused) {
    var main = q("[data-read-toggle]"), pause = q("[data-read-pause]"), stopBtn = q("[data-read-stop]");
    var follows = q("[data-read-follow]"), silent = !!(active && session && session.silent);
    // Pause or Stop hidden while it has the focus (Stop pressed, the book read to its end) dropped the keyboard
    // to the page's body: it goes to "Read to me" (or "Follow along", whichever began it), in their place
    var focused = document.activeElement;
    var hiding = !active && focused && (focused === pause || focused === stopBtn);
    if (main) main.setAttribute("aria-pressed", active && !silent ? "true" : "false");
    if (follows) follows.setAttribute("aria-pressed", silent ? "true" : "false");
    if (pause) {
      pause.hidden = !active;
      var label = paused ? "Resume" : "Pause";
      var text = pause.querySelector("[data-read-pause-label]");
      if (text) text.textContent = label;
      pause.setAttribute("aria-label", label);
    }
    if (stopBtn) stopBtn.hidden = !active;
    var back = lastSilent && follows ? follows : main; // the button that began it
    if (hiding && back) back.focus();
    var c = controls();
    if (c) c.classList.toggle("is-reading", !!active);
  }

  function showSpeed() {
    document.querySelectorAll("[data-read-speed]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-read-speed") === speed ? "true" : "false");
    });
  }

  var lastSilent = false; // the last reading was Follow along: the keyboard goes back to it at the end

  function begin(s, message) {
    stop(true);
    session = s;
    lastSilent = s.silent;
    setActive(true, false);
    status(message);
    watch(s);
    readPage(s);
  }

  function newSession(silent) {
    return { id: ++sessionSeq, utterances: 0, paused: false, turning: false, path: location.pathname, silent: silent };
  }

  function followAlong() {
    begin(newSession(true), speed === "slow" ? "Following along, slowly: each word lights up in turn."
      : "Following along: each word lights up in turn.");
  }

  function start() {
    whenVoicesReady(function () {
      pickVoice();
      showAvailability();
      if (!synth || !voice) { status(NO_VOICE); return; }
      begin(newSession(false), speed === "slow" ? "Reading aloud, slowly." : "Reading aloud.");
    });
  }

  function end(message) {
    var s = session;
    session = null;
    if (s) { s.utterances++; clearInterval(s.watch); if (s.pauseFallback) s.pauseFallback(); }
    hush();
    clearHighlight();
    setActive(false, false);
    if (message) status(message);
  }

  function stop(quiet) { end(quiet === true || !session ? "" : "Stopped reading."); }

  function pauseOrResume() {
    var s = session;
    if (!s) return;
    if (!s.paused) {
      s.paused = true;
      if (!s.silent) synth.pause();
      if (s.pauseFallback) s.pauseFallback();
      setActive(true, true);
      status("Paused.");
    } else {
      s.paused = false;
      if (!s.silent) synth.resume();
      if (s.resumeFallback) s.resumeFallback();
      setActive(true, false);
      status(s.silent ? "Following along." : "Reading aloud.");
    }
  }

  function setSpeed(value) {
    if (!RATES[value] || value === speed) return;
    speed = value;
    try { window.localStorage.setItem(SPEED_KEY, value); } catch (e) { /* storage blocked: this visit only */ }
    showSpeed();
    var s = session;
    if (s && !s.paused && !s.turning) { // read the page again at the new speed
      s.utterances++;
      hush();
      clearHighlight();
      readPage(s);
    }
  }

  document.addEventListener("click", function (e) {
    var t = e.target instanceof Element
      ? e.target.closest("[data-read-toggle],[data-read-follow],[data-read-pause],[data-read-stop],[data-read-speed]") : null;
    if (!t || !controls() || !controls().contains(t)) return;
    if (t.hasAttribute("data-read-toggle")) {
      if (t.getAttribute("aria-disabled") === "true") { status(NO_VOICE); return; }
      if (session && !session.silent) stop(); else start();
    } else if (t.hasAttribute("data-read-follow")) {
      if (session && session.silent) stop(); else followAlong();
    } else if (t.hasAttribute("data-read-pause")) pauseOrResume();
    else if (t.hasAttribute("data-read-stop")) stop();
    else setSpeed(t.getAttribute("data-read-speed"));
  });
  window.addEventListener("pagehide", function () { stop(true); });
  if (synth && synth.addEventListener) synth.addEventListener("voiceschanged", function () { pickVoice(); showAvailability(); });

  function mount() {
    if (!session) speed = keptSpeed() || speed; // chosen meanwhile on another page (or tab)
    showSpeed();
    setActive(!!session, session && session.paused);
    if (!synth) { voicesKnown = true; showAvailability(); return; }
    showAvailability(); // the page draws the button unavailable until now; unknown voices do not disable it
    whenVoicesReady(showAvailability);
  }

  window.learnsiteReadAloud = { mount: mount, stop: function () { stop(true); }, voiceName: function () { return voice ? voice.name : ""; } };
  if (document.readyState !== "loading") mount(); else document.addEventListener("DOMContentLoaded", mount);
})();
