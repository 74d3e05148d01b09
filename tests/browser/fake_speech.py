"""A stand-in for the device's speech (window.speechSynthesis) for browser tests: Chromium here has no voices.
Used by the read-to-me tests and by the games' spoken questions and hints."""

from __future__ import annotations

import json

# what a page says where it has no English voice to read with (games.js, read_aloud.js)
NO_VOICE = "Reading aloud needs an English voice on this device."
LOCAL = {"name": "On-device English", "lang": "en-GB", "local": True}
NETWORK = {"name": "Cloud English", "lang": "en-US", "local": False, "default": True}

# A stand-in for window.speechSynthesis: voices (optionally loaded late), one word every `wordMs` / rate,
# `boundary` events only if asked (Chrome's Google voices and Android send none), pause/resume/cancel.
# window.__speech records what was spoken, with which voice, and every word lit up on the page.
FAKE_SPEECH = """
(() => {
  const CFG = %s;
  const log = window.__speech = {spoken: [], lit: [], cancels: 0};
  const voices = CFG.voices.map(v => ({name: v.name, voiceURI: v.name, lang: v.lang, localService: v.local,
                                       default: !!v.default}));
  let loaded = !CFG.late, listeners = [], queue = [], current = null, paused = false;
  class Utterance { constructor(text) { this.text = text; this.voice = null; this.rate = 1; this.lang = ''; } }
  function fire(u, name, extra) { const h = u['on' + name]; if (h) h(Object.assign({type: name, utterance: u}, extra || {})); }
  function next() {
    if (current || !queue.length) return;
    const u = current = queue.shift();
    const words = []; const re = /\\S+/g; let m;
    while ((m = re.exec(u.text))) words.push(m.index);
    let i = 0, clock = 0, step = CFG.wordMs / (u.rate || 1);
    fire(u, 'start');
    u.__timer = setInterval(() => {
      if (paused || current !== u) return;
      clock += 20;
      if (clock < step * i) return;
      if (i < words.length) { if (CFG.boundary) fire(u, 'boundary', {name: 'word', charIndex: words[i]}); i++; }
      else if (clock >= step * words.length) { clearInterval(u.__timer); current = null; fire(u, 'end'); next(); }
    }, 20);
  }
  const synth = {
    get speaking() { return !!current; }, get pending() { return queue.length > 0; }, get paused() { return paused; },
    getVoices() { return loaded ? voices.slice() : []; },
    speak(u) {
      log.spoken.push({text: u.text, voice: u.voice ? u.voice.name : null, rate: u.rate});
      queue.push(u); next();
    },
    cancel() {
      log.cancels++;
      const u = current; queue = []; current = null; paused = false;
      if (u) { clearInterval(u.__timer); fire(u, 'error', {error: 'interrupted'}); }
    },
    pause() { paused = true; }, resume() { paused = false; },
    addEventListener(type, f) { if (type === 'voiceschanged') listeners.push(f); },
    removeEventListener(type, f) { listeners = listeners.filter(g => g !== f); },
  };
  window.__loadVoices = () => { loaded = true; listeners.slice().forEach(f => f({type: 'voiceschanged'})); };
  if (CFG.late && CFG.late !== 'manual') setTimeout(window.__loadVoices, CFG.late === true ? 400 : CFG.late);
  Object.defineProperty(window, 'speechSynthesis', {value: synth, configurable: true});
  window.SpeechSynthesisUtterance = Utterance;
  new MutationObserver(changes => changes.forEach(c => {
    const el = c.target;
    if (el.classList && el.classList.contains('read-word-now') && !(c.oldValue || '').includes('read-word-now'))
      log.lit.push({word: Number(el.dataset.word), text: el.textContent});
  })).observe(document, {subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true});
})();
"""


def install_fake_speech(page, voices=(LOCAL, NETWORK), boundary=True, late: bool | int | str = False,
                        word_ms=90) -> None:
    """late: the voices come 400 ms after the page (True), or that many ms, or when the test calls
    window.__loadVoices() ("manual": a slow machine may take longer than any time set to open the page)."""
    config = {"voices": list(voices), "boundary": boundary, "late": late, "wordMs": word_ms}
    page.add_init_script(FAKE_SPEECH % json.dumps(config))


def speech(page) -> dict:
    return page.evaluate("window.__speech")
