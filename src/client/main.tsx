import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { captureInstallPrompt } from "./lib/app-signals";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into.");

captureInstallPrompt();

// As a transition: the first render is done in slices of a few milliseconds, so a slow phone's
// first long task is not the whole app at once (an ordinary first render is one task).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The service worker (built app only): registered once the page has loaded and the browser is idle,
// so it and the files it keeps never compete with the first screen.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    const start = () => void import("./app/app-worker").then((m) => m.startAppWorker());
    if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 500);
  });
}
