import { useEffect, useRef, useState } from "react";

let layerCount = 0;
/** The open layers (dialogs, inline forms) holding a history entry, innermost last. */
const layers: number[] = [];

/**
 * While `active`, the open dialog or form holds an entry in the browser's history, so the phone's
 * Back button calls `onBack` (close, asking first when something was typed) instead of leaving
 * the screen. If it stays open (the person kept editing), the entry is taken again; when it
 * closes otherwise, its entry is removed.
 */
export function useBackCloses(active: boolean, onBack: () => void) {
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;
  const idRef = useRef(0);
  if (idRef.current === 0) {
    layerCount += 1;
    idRef.current = layerCount;
  }
  const backTimer = useRef<number | undefined>(undefined);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!active) return;
    void round;
    const id = idRef.current;
    // A remount in the same moment (React's strict mode) keeps the entry it already has.
    window.clearTimeout(backTimer.current);
    if (window.history.state?.mctLayer !== id) {
      window.history.pushState({ ...window.history.state, mctLayer: id }, "");
    }
    layers.push(id);
    let popped = false;
    const onPop = () => {
      // Only the innermost layer answers, and only once its entry is gone.
      if (layers.at(-1) !== id || window.history.state?.mctLayer === id) return;
      popped = true;
      window.removeEventListener("popstate", onPop);
      onBackRef.current();
      setRound((n) => n + 1);
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      layers.splice(layers.lastIndexOf(id), 1);
      if (popped) return;
      backTimer.current = window.setTimeout(() => {
        if (window.history.state?.mctLayer === id) window.history.back();
      }, 0);
    };
  }, [active, round]);
}
