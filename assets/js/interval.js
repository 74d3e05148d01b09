// A hidden timer (wrapped by components/interval.py): calls onTick when it mounts and every `every` ms after.
// Plain JS, no dependencies but React; draws nothing.
import { useEffect, useRef } from "react";

export function Interval({ every, onTick }) {
  const tick = useRef(onTick);
  tick.current = onTick; // the newest handler, without restarting the timer on every render
  useEffect(() => {
    const fire = () => tick.current && tick.current();
    fire();
    const id = window.setInterval(fire, every);
    return () => window.clearInterval(id);
  }, [every]);
  return null;
}
