/* The song page's sound: plays the tune in [data-song] (JSON from learnsite/catalogue/songs.py) with the
 * Web Audio API, and moves the progress bar (45% -> 100% over the song's 30 s, SPEC) and the sung lyric
 * line from the same clock. Nothing is fetched: every note is synthesised here.
 *
 * The sound starts inside the real click on [data-song-toggle] (a capture listener): browsers let an
 * AudioContext run only from a user gesture, and Reflex runs its own handlers a moment later. The server's
 * `playing` flag follows through the button's own on_click (window.learnsiteSong.isPlaying()); when the
 * song ends this script clicks the hidden [data-song-ended] button so the server hears of it.
 */
(function () {
  "use strict";
  if (window.learnsiteSong) return;

  var REST_PERCENT = 45; // SPEC: the bar rests at 45% and goes to 100% while the song plays
  // the tune comes in gently rather than all at once, from its start and from a pause (a sudden loud start is
  // what startles a child who is sensitive to sound)
  var LEVEL = 0.5, FADE_IN_S = 0.8, RESUME_FADE_S = 0.25;
  // the Volume slider's 0-100 scales LEVEL; this browser keeps it for every song (a grown-up sets it once)
  // louder comes in slowly (a tap at the bar's far end under a child's finger is no jump), quieter at once
  var VOLUME_KEY = "learnsite.songVolume", LOUDER_S = 0.6, QUIETER_S = 0.1, volume = null;
  var ctx = null, master = null, analyser = null, t0 = 0, song = null, playing = false, timer = 0;
  // the page's song as it was read: another song opened inside the site keeps this page (and this script), so
  // a tune still sounding under the new song's words is stopped when its [data-song] changes
  var songRaw = null;
  var wallStart = 0, wallPaused = 0; // the clock when there is no Web Audio at all
  // The sung line moves down the page: a new one out of sight is brought into view, unless the reader scrolled
  // a moment ago (to reach Pause, say) and would be pulled back
  var FOLLOW_AFTER_MS = 3000, sungLine = -1, readerScrolled = -Infinity, sungNote = -1;
  ["wheel", "touchmove", "keydown"].forEach(function (type) {
    window.addEventListener(type, function () { readerScrolled = performance.now(); }, { passive: true });
  });

  function player() { return document.querySelector("[data-song-player]"); }
  function reducedMotion() { return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches; }

  function readSong() {
    var root = player();
    if (!root) return null;
    songRaw = root.getAttribute("data-song");
    try {
      var data = JSON.parse(songRaw || "null");
      return data && Array.isArray(data.melody) && data.duration > 0 ? data : null;
    } catch (e) { return null; }
  }

  function volumeInput() { return document.querySelector("[data-song-volume]"); }

  function asVolume(value) {
    var v = Math.round(Number(value));
    return value !== null && value !== "" && isFinite(v) ? Math.max(0, Math.min(100, v)) : null;
  }

  function currentVolume() {
    if (volume === null) {
      var stored = null, input = volumeInput();
      try { stored = localStorage.getItem(VOLUME_KEY); } catch (e) { /* storage off: the page's default */ }
      volume = asVolume(stored);
      // else the slider's: its default, or where a grown-up moved it before this script had loaded
      if (volume === null) volume = asVolume(input ? input.value : null);
      if (volume === null) volume = 75;
    }
    return volume;
  }

  function showVolume() {
    var input = volumeInput(), shown = document.querySelector("[data-song-volume-value]"), v = currentVolume();
    var label = document.querySelector("[data-song-volume-label]");
    if (input) {
      input.value = String(v);
      if (v === 0) input.setAttribute("aria-valuetext", "0, muted"); else input.removeAttribute("aria-valuetext");
    }
    if (shown) shown.textContent = String(v);
    if (label) label.toggleAttribute("data-muted", v === 0);  // the crossed speaker: why no sound is heard
  }

  function loudness() { return LEVEL * currentVolume() / 100; }

  function setVolume(value) {
    var v = asVolume(value);
    if (v === null) return;
    volume = v;
    try { localStorage.setItem(VOLUME_KEY, String(v)); } catch (e) { /* kept for this page only */ }
    showVolume();
    if (!ctx || !master) return;
    var now = ctx.currentTime, from = master.gain.value, to = loudness();
    master.gain.cancelScheduledValues(now);
    master.gain.setValueAtTime(from, now);
    master.gain.linearRampToValueAtTime(to, now + (to > from ? LOUDER_S : QUIETER_S));
  }

  function frequency(pitch) { return 440 * Math.pow(2, (pitch - 69) / 12); }

  function note(pitch, start, duration, type, level) {
    var osc = ctx.createOscillator(), gain = ctx.createGain();
    var at = t0 + start, end = at + Math.max(0.05, duration * 0.9);
    osc.type = type;
    osc.frequency.value = frequency(pitch);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.linearRampToValueAtTime(level, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(level * 0.45, at + Math.min(0.3, duration * 0.6));
    gain.gain.linearRampToValueAtTime(0.0001, end);
    osc.connect(gain);
    gain.connect(master);
    osc.start(at);
    osc.stop(end + 0.05);
  }

  function openAudio() {
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    try {
      // iPhone/iPad: without this the hardware silent switch mutes Web Audio
      if (navigator.audioSession) navigator.audioSession.type = "playback";
    } catch (e) { /* older Safari: no audioSession */ }
    try {
      ctx = new AC();
    } catch (e) { ctx = null; return; }
    master = ctx.createGain();
    master.connect(ctx.destination);
    analyser = ctx.createAnalyser(); // lets tests (and the curious) hear which note is sounding
    analyser.fftSize = 8192;
    master.connect(analyser);
    t0 = ctx.currentTime + 0.08;
    fadeIn(FADE_IN_S);
    song.melody.forEach(function (n) { note(n[0], n[1], n[2], "triangle", 0.5); });
    (song.bass || []).forEach(function (n) { note(n[0], n[1], n[2], "sine", 0.35); });
  }

  function fadeIn(seconds) {
    var now = ctx.currentTime;
    master.gain.cancelScheduledValues(now);
    master.gain.setValueAtTime(0.0001, now);
    master.gain.linearRampToValueAtTime(loudness(), now + seconds);
  }

  function position() {
    if (!song) return 0;
    var t = ctx ? ctx.currentTime - t0 : ((playing ? performance.now() : wallPaused) - wallStart) / 1000;
    return Math.max(0, Math.min(song.duration, t));
  }

  function draw(t) {
    var root = player();
    if (!root || !song) return;
    var percent = REST_PERCENT + (100 - REST_PERCENT) * (t / song.duration);
    var fill = root.querySelector(".song-progress-fill"), bar = root.querySelector("[role=progressbar]");
    if (fill) {
      fill.style.transition = reducedMotion() ? "none" : "width 0.2s linear";
      fill.style.width = percent.toFixed(2) + "%";
    }
    if (bar) bar.setAttribute("aria-valuenow", String(Math.round(percent)));
    var current = -1;
    song.lines.forEach(function (line, i) { if (t >= line[0] && t < line[1]) current = i; });
    root.querySelectorAll("[data-song-line]").forEach(function (el) {
      var on = Number(el.getAttribute("data-song-line")) === current && (playing || t > 0);
      el.classList.toggle("is-sung", on);
      if (on) el.setAttribute("aria-current", "true"); else el.removeAttribute("aria-current");
      if (on && playing && current !== sungLine) follow(el);
    });
    sungLine = current;
    // each sung note (one a syllable) marks its line's beat, a then b: the dot beside it jumps (sound.css)
    var notes = 0;
    while (notes < song.melody.length && song.melody[notes][1] <= t) notes++;
    if (playing && notes !== sungNote) {
      var line = root.querySelector(".song-line.is-sung");
      if (line && notes > 0) line.setAttribute("data-beat", notes % 2 ? "a" : "b");
    }
    sungNote = notes;
  }

  function follow(line) {
    if (performance.now() - readerScrolled < FOLLOW_AFTER_MS) return;
    var box = line.getBoundingClientRect(), header = document.querySelector("header");
    var top = header ? header.getBoundingClientRect().bottom : 0;
    if (box.top < top || box.bottom > window.innerHeight) {
      line.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
    }
  }

  function sameSong() {
    var root = player();
    return !!root && root.getAttribute("data-song") === songRaw;
  }

  function tick() {
    if (song && !sameSong()) { finish(false); return; }
    var t = position();
    draw(t);
    if (song && t >= song.duration) finish(true);
  }

  function play() {
    if (song && !sameSong()) finish(false); // paused on another song: this one starts from its beginning
    if (!song) {
      song = readSong();
      if (!song) return;
      openAudio();
      wallStart = performance.now();
    } else if (!ctx) {
      wallStart += performance.now() - wallPaused;
    } else {
      fadeIn(RESUME_FADE_S); // the audio clock stood still while paused: the ramp starts as it runs again
    }
    if (ctx && ctx.state !== "running") ctx.resume();
    playing = true;
    clearInterval(timer);
    timer = setInterval(tick, 100);
    tick();
  }

  function pause() {
    if (ctx && ctx.state === "running") ctx.suspend();
    wallPaused = performance.now();
    playing = false;
    clearInterval(timer);
    draw(position());
  }

  /* Back to the start; `tellServer` when the song ran to its end (not when the page is left). */
  function finish(tellServer) {
    clearInterval(timer);
    if (ctx) { try { ctx.close(); } catch (e) { /* already closed */ } }
    ctx = null;
    analyser = null;
    master = null;
    var wasPlaying = playing;
    playing = false;
    if (song) draw(0);
    song = null;
    if (tellServer && wasPlaying) {
      var ended = document.querySelector("[data-song-ended]");
      if (ended) ended.click();
    }
  }

  document.addEventListener("click", function (e) {
    var button = e.target instanceof Element ? e.target.closest("[data-song-toggle]") : null;
    if (!button) return;
    if (playing) pause(); else play();
  }, true);
  window.addEventListener("pagehide", function () { finish(false); });
  document.addEventListener("input", function (e) {
    var input = e.target instanceof Element ? e.target.closest("[data-song-volume]") : null;
    if (input) setVolume(input.value);
  });

  /* The page draws Play unavailable until this script is there to make the sound. */
  function ready() {
    var button = document.querySelector("[data-song-toggle]");
    if (button) button.setAttribute("aria-disabled", "false");
    showVolume();
  }

  window.learnsiteSong = {
    ready: ready,
    isPlaying: function () { return playing; },
    stop: function () { finish(false); },
    /* for tests and the curious: the AudioContext state ("running", "suspended") or "none" */
    audioState: function () { return ctx ? ctx.state : "none"; },
    position: position,
    /* the song's loudness now, 0 to LEVEL x the volume (it rises at the start and after a pause) */
    level: function () { return master && ctx ? master.gain.value : 0; },
    volume: currentVolume,
    /* the loudest frequency between 200 and 2000 Hz now (the melody; the bass stays below), or 0 */
    peakHz: function () {
      if (!ctx || !analyser) return 0;
      var bins = new Float32Array(analyser.frequencyBinCount), hz = ctx.sampleRate / analyser.fftSize;
      analyser.getFloatFrequencyData(bins);
      var best = -Infinity, at = 0;
      for (var i = Math.ceil(200 / hz); i < Math.min(bins.length, 2000 / hz); i++) {
        if (bins[i] > best) { best = bins[i]; at = i; }
      }
      return best > -80 ? at * hz : 0;
    },
  };
  if (document.readyState !== "loading") ready(); else document.addEventListener("DOMContentLoaded", ready);
})();
