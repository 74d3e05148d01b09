// Letter Tracing canvas (wrapped by components/trace_canvas.py). Plain JS, no JSX, no dependencies but React.
//
// Draws a letter's dotted guide (three writing lines, start dots, arrows) under the child's ink.
// Mouse, touch and pen draw through pointer events; "Trace for me step by step" lets a keyboard
// move the pen from checkpoint to checkpoint. "Done" sends the ink, sampled to at most MAX_POINTS
// integer points in the guide's 0..100 box, to onDone(strokes): the server decides. A new try after Done
// starts on a clean board (a right one brings the next letter anyway).
import { createElement as h, useCallback, useEffect, useRef, useState } from "react";

const MAX_POINTS = 300;
const MAX_STROKES = 20;
const MIN_STEP = 1.2; // box units between two captured points
const MAX_CAPTURE = 4000; // captured points kept before sampling (a long scribble stops growing)
const VIEW = "-4 -4 108 108";

const CSS = `
.trace-canvas { display: flex; flex-direction: column; align-items: center; gap: 10px; width: 100%; }
.trace-board { display: block; width: 100%; max-width: 360px; aspect-ratio: 1; background: #fff; border: 3px solid #ede9fe;
  border-radius: 18px; box-sizing: border-box; cursor: crosshair; user-select: none; -webkit-user-select: none; }
.trace-board-steps { cursor: pointer; }
@media (pointer: coarse) and (min-width: 700px) and (min-height: 900px) { .trace-board { max-width: 460px; } }
/* a phone turned sideways: the buttons beside the board, which is as tall as the screen allows under the game's
   bar and its question (Done was below the screen's edge) */
@media (orientation: landscape) and (max-height: 500px) and (min-width: 560px) {
  .trace-canvas { display: grid; grid-template-columns: auto minmax(140px, 220px); column-gap: 16px;
    align-items: center; justify-content: center; }
  .trace-board { grid-column: 1; grid-row: 1 / span 3; width: max(200px, min(360px, calc(100vh - 150px)));
    width: max(200px, min(360px, calc(100dvh - 150px))); }
  .trace-steps-toggle, .trace-controls, .trace-status { grid-column: 2; }
}
.trace-line { stroke: #a78bfa; stroke-width: 0.6; }
.trace-line-middle { stroke: #c4b5fd; stroke-dasharray: 2 2; }
.trace-line-base { stroke: #7c3aed; stroke-width: 0.8; }
/* a dot every 1 of the stroke's pathLength (about 4.6 units: Guide), centred on its ends: dots every 4.6 from the
   start left F's stem a dot's gap short of the base line */
.trace-guide { fill: none; stroke: #7c8595; stroke-width: 2.8; stroke-linecap: round; stroke-linejoin: round;
  stroke-dasharray: 0.01 0.99; stroke-dashoffset: 0.005; }
.trace-arrow { fill: #c2410c; }
.trace-start { pointer-events: none; }
.trace-start circle { fill: #15803d; stroke: #fff; stroke-width: 0.8; }
.trace-start text { fill: #fff; font: 800 5px system-ui, sans-serif; pointer-events: none; }
.trace-ink { fill: none; stroke: #7c3aed; stroke-width: 4; stroke-linecap: round; stroke-linejoin: round; opacity: 0.85; }
.trace-ink-dot { fill: #7c3aed; opacity: 0.85; }
.trace-pen { fill: #f97316; stroke: #fff; stroke-width: 1; }
.trace-controls { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px; }
.trace-button { min-height: 44px; min-width: 88px; padding: 8px 16px; border-radius: 999px; border: 2px solid #7c3aed;
  background: #fff; color: #5b21b6; font: inherit; font-weight: 800; cursor: pointer; }
.trace-button[aria-pressed="true"] { background: #ede9fe; }
.trace-steps-toggle { min-height: 44px; padding: 6px 14px; font-size: 0.95rem; border-style: dashed; }
.trace-steps-toggle[aria-pressed="true"] { border-style: solid; }
.trace-button:disabled { opacity: 0.6; cursor: default; }
.trace-done { background: #7c3aed; color: #fff; }
.trace-button { display: inline-flex; align-items: center; justify-content: center; gap: 6px; }
.trace-icon { flex: none; width: 1.375em; height: 1.375em; }
.trace-status { min-height: 1.4em; margin: 0; color: #374151; text-align: center; }
`;

const clamp = (v) => Math.max(-10, Math.min(110, v));
// a choice kept for this tab (sessionStorage; a browser that refuses it just forgets)
const STEPS_KEY = "learnsite.traceSteps";
function remembered(key) {
  try { return window.sessionStorage.getItem(key) === "1"; } catch (e) { return false; }
}
function remember(key, on) {
  try { window.sessionStorage.setItem(key, on ? "1" : "0"); } catch (e) { /* private mode: forget */ }
}
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

// Fewer points by dropping those closer than `step` to the last kept one (stroke ends always kept).
function thin(stroke, step) {
  if (stroke.length <= 2) return stroke.slice();
  const out = [stroke[0]];
  for (let i = 1; i < stroke.length - 1; i++) {
    if (dist(stroke[i], out[out.length - 1]) >= step) out.push(stroke[i]);
  }
  out.push(stroke[stroke.length - 1]);
  return out;
}

export function sampleStrokes(strokes) {
  const kept = strokes.filter((s) => s.length > 0).slice(0, MAX_STROKES);
  let step = 2;
  let out = kept.map((s) => thin(s, step));
  while (out.reduce((n, s) => n + s.length, 0) > MAX_POINTS && step < 200) {
    step *= 1.3;
    out = kept.map((s) => thin(s, step));
  }
  while (out.reduce((n, s) => n + s.length, 0) > MAX_POINTS) out.pop();
  return out.map((s) => s.map(([x, y]) => [Math.round(clamp(x)), Math.round(clamp(y))]));
}

const path = (stroke) => stroke.map(([x, y], i) => `${i ? "L" : "M"}${x} ${y}`).join(" ");
const DOT_GAP = 4.6;  // the guide's dots, in the board's 0..100 units
// the stroke's pathLength: its count of dot gaps; a stroke shorter than one gap (i's dot) is one dot, at its start
const dotsAlong = (stroke) => {
  const length = stroke.slice(1).reduce((n, [x, y], i) => n + Math.hypot(x - stroke[i][0], y - stroke[i][1]), 0);
  return length < DOT_GAP ? 0.5 : Math.round(length / DOT_GAP);
};

function Guide({ guide }) {
  const lines = guide.lines || { top: 8, middle: 40, base: 72 };
  const parts = [
    h("line", { key: "top", x1: 0, x2: 100, y1: lines.top, y2: lines.top, className: "trace-line" }),
    h("line", { key: "mid", x1: 0, x2: 100, y1: lines.middle, y2: lines.middle,
                className: "trace-line trace-line-middle" }),
    h("line", { key: "base", x1: 0, x2: 100, y1: lines.base, y2: lines.base, className: "trace-line trace-line-base" }),
  ];
  (guide.strokes || []).forEach((stroke, i) => {
    parts.push(h("path", { key: `s${i}`, d: path(stroke), className: "trace-guide", pathLength: dotsAlong(stroke) }));
  });
  (guide.arrows || []).forEach((a, i) => {
    if (!a) return; // a dot's: a tap goes no way
    parts.push(h("path", { key: `a${i}`, d: "M-4 -3.4 L4 0 L-4 3.4 Z", className: "trace-arrow",
                           transform: `translate(${a.x} ${a.y}) rotate(${a.angle})` }));
  });
  return h("g", { "aria-hidden": "true" }, parts);
}

// Numbered start dots, drawn over the ink so they stay visible, where the server says (learnsite/games/trace.py:
// a start shared with an earlier stroke's moves along its own, so both numbers show; the arrows keep clear of them).
function StartDots({ guide }) {
  return h("g", { "aria-hidden": "true", className: "trace-start" },
    (guide.dots || guide.starts || []).map(([x, y], i) => h("g", { key: i },
      h("circle", { cx: x, cy: y, r: 4.4 }),
      h("text", { x, y: y + 0.2, textAnchor: "middle", dominantBaseline: "central" }, String(i + 1)))));
}

function Icon({ d }) {
  return h("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true", className: "trace-icon" },
    h("path", { d, fill: "none", stroke: "currentColor", strokeWidth: 3.2, strokeLinecap: "round",
                strokeLinejoin: "round" }));
}

export function TraceCanvas({ guide, resetKey, disabled, onDone, id }) {
  const [strokes, setStrokes] = useState([]);
  // kept for the tab's next letters when a keyboard child turned it on: once, not once a letter
  const [stepMode, setStepMode] = useState(() => remembered(STEPS_KEY));
  const [announce, setAnnounce] = useState("");
  const drawing = useRef(null); // pointer id while a finger/pen/mouse is down
  const step = useRef({ stroke: 0, point: 0 }); // the keyboard pen's next checkpoint
  const svg = useRef(null);
  const captured = useRef(0);
  // ink sent with Done stays to look at beside the hint, and goes when the child starts again: a stray mark
  // left in it failed every later trace, however good, until the child found Clear
  const sent = useRef(false);
  const g = guide || {};
  const checkpoints = g.checkpoints || [];
  const letter = g.letter || "";
  // what a screen reader says: "b" and "B" sound the same
  const named = /[A-Z]/.test(letter) ? `capital ${letter}` : /[a-z]/.test(letter) ? `small ${letter}` : letter;

  const clear = useCallback((message) => {
    setStrokes([]);
    captured.current = 0;
    sent.current = false;
    step.current = { stroke: 0, point: 0 };
    drawing.current = null;
    setAnnounce(message || "");
  }, []);

  useEffect(() => { clear(""); }, [resetKey, letter, clear]);

  const toBox = (e) => {
    const r = svg.current.getBoundingClientRect();
    const scale = 108 / r.width;
    return [clamp((e.clientX - r.left) * scale - 4), clamp((e.clientY - r.top) * (108 / r.height) - 4)];
  };

  const onPointerDown = (e) => {
    if (disabled || stepMode || e.button > 0) return;
    const again = sent.current;
    if (!again && (strokes.length >= MAX_STROKES || captured.current >= MAX_CAPTURE)) {
      // more ink is not taken: said, not silently ignored (a hand that lifts often reaches it)
      setAnnounce("That is a lot of lines! Press Done to check them, or Clear to start again.");
      return;
    }
    e.preventDefault();
    svg.current.setPointerCapture?.(e.pointerId);
    drawing.current = e.pointerId;
    if (again) {
      sent.current = false;
      captured.current = 0;
      setAnnounce("");
    }
    captured.current += 1;
    const p = toBox(e);
    setStrokes((s) => [...(again ? [] : s), [p]]);
  };
  const onPointerMove = (e) => {
    if (drawing.current !== e.pointerId || captured.current >= MAX_CAPTURE) return;
    e.preventDefault();
    const p = toBox(e);
    setStrokes((s) => {
      const last = s[s.length - 1];
      if (!last || dist(last[last.length - 1], p) < MIN_STEP) return s;
      captured.current += 1;
      return [...s.slice(0, -1), [...last, p]];
    });
  };
  const onPointerUp = (e) => {
    if (drawing.current === e.pointerId) drawing.current = null;
  };

  const allDone = () => (checkpoints.length === 1 ? "The stroke is traced. Press Done."
                                                 : `All ${checkpoints.length} strokes are traced. Press Done.`);

  // The keyboard pen: each press draws to the next checkpoint; a new stroke starts at its start dot.
  const stepForward = () => {
    if (sent.current) clear("");
    const { stroke, point } = step.current;
    if (stroke >= checkpoints.length) {
      setAnnounce(allDone());
      return;
    }
    const p = checkpoints[stroke][point];
    if (!p) {  // a pen left over from a longer letter: start this one afresh
      clear("");
      return;
    }
    setStrokes((s) => (point === 0 ? [...s, [p]] : [...s.slice(0, -1), [...s[s.length - 1], p]]));
    const last = point + 1 >= checkpoints[stroke].length;
    step.current = last ? { stroke: stroke + 1, point: 0 } : { stroke, point: point + 1 };
    if (last && stroke + 1 >= checkpoints.length) {
      setAnnounce(allDone());
    } else if (last) {
      setAnnounce(`Stroke ${stroke + 1} done. Next: stroke ${stroke + 2} of ${checkpoints.length}.`);
    } else {
      setAnnounce(`Stroke ${stroke + 1} of ${checkpoints.length}: step ${point + 1} of ${checkpoints[stroke].length}.`);
    }
  };

  const onKeyDown = (e) => {
    if (disabled || !stepMode) return;
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Enter", " "].includes(e.key)) {
      e.preventDefault();
      stepForward();
    }
  };

  const toggleStepMode = (e) => {
    const on = !stepMode;
    clear(on ? "Step by step: press an arrow key or Enter on the letter (or tap it) to draw the next bit."
             : "Draw with your finger, pen or mouse.");
    setStepMode(on);
    // kept only when turned on from the keyboard (a tap on it would leave a small child's finger tracing off)
    remember(STEPS_KEY, on && e && e.detail === 0);
    if (on) setTimeout(() => svg.current?.focus(), 0);
  };

  const done = () => {
    if (disabled) return;
    if (sent.current) {  // this ink was sent: a double tap on Done, or the same ink again after a hint
      setAnnounce("Trace it again from dot 1, then press Done.");
      return;
    }
    if (!strokes.length) {  // nothing to send: say so, rather than a button that seems to do nothing
      setAnnounce(stepMode ? "Press an arrow key or Enter on the letter to draw, then press Done."
                           : "Trace over the dots first, starting at dot 1. Then press Done.");
      return;
    }
    sent.current = true;
    setAnnounce("");  // "Press Done." is done: the cheer or the hint that comes back says what next
    onDone?.(sampleStrokes(strokes));
  };

  // the pen's progress is said by the status line under the board, once: in the board's name too, a screen
  // reader read it twice at each step (the focused board's new name, then the status)
  const howTo = stepMode
    ? `Trace the ${named}. Press an arrow key or Enter to draw the next bit.`
    : `Trace the ${named} with your finger, pen or mouse. Start at dot 1 and follow the arrows.`;

  return h("div", { className: "trace-canvas", id },
    h("style", null, CSS),
    h("button", { type: "button", className: "trace-button trace-steps-toggle", "aria-pressed": stepMode,
                  onClick: toggleStepMode, disabled },
      // steps drawn beside the words: a child who cannot read hears "tap the button with the steps"
      h(Icon, { d: "M3 20h5v-5h5v-5h5V5h3" }), "Trace for me step by step"),
    h("svg", {
      ref: svg, viewBox: VIEW, className: "trace-board" + (stepMode ? " trace-board-steps" : ""),
      role: stepMode ? "application" : "img", "aria-label": howTo, tabIndex: stepMode ? 0 : -1,
      style: { touchAction: "none" },
      onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown,
      onClick: () => { if (stepMode && !disabled) stepForward(); },
    },
      h(Guide, { guide: g }),
      strokes.map((s, i) => s.length === 1
        ? h("circle", { key: i, cx: s[0][0], cy: s[0][1], r: 2.2, className: "trace-ink-dot" })
        : h("path", { key: i, d: path(s), className: "trace-ink" })),
      h(StartDots, { guide: g }),
      stepMode && step.current.stroke < checkpoints.length
        ? h("circle", { cx: checkpoints[step.current.stroke][step.current.point][0],
                        cy: checkpoints[step.current.stroke][step.current.point][1],
                        r: 3, className: "trace-pen" })
        : null),
    h("div", { className: "trace-controls" },
      h("button", { type: "button", className: "trace-button", onClick: () => clear("Cleared. Try again!"),
                    disabled }, h(Icon, { d: "M5 5l14 14M19 5L5 19" }), "Clear"),
      // a tick beside the word: a child who cannot read hears "press the tick" (learnsite/games/kinds/trace.py)
      h("button", { type: "button", className: "trace-button trace-done", onClick: done, disabled },
        h(Icon, { d: "M4 12.5l5 5L20 6.5" }), "Done")),
    h("p", { className: "trace-status", role: "status", "aria-live": "polite" }, announce));
}

export default TraceCanvas;
