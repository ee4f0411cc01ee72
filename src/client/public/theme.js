// Sets <html data-theme> before the page paints (no white flash at night): the theme chosen on
// this device in Settings, or the system's setting. Follows the system's changes while open.
// A plain script from the site itself, so the Content Security Policy needs no exception.
(() => {
  const KEY = "mct-theme";
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    let choice = null;
    try {
      choice = window.localStorage.getItem(KEY);
    } catch {
      // Storage blocked: follow the system.
    }
    const dark = choice === "dark" || (choice !== "light" && system.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  };
  apply();
  system.addEventListener("change", apply);
  window.addEventListener("storage", (event) => {
    if (event.key === KEY) apply();
  });
})();
