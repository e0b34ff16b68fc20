/**
 * Calls `restore` when the page the visitor was leaving for will not arrive after all and this
 * page stays: the stop button ended the load (the Navigation API's `navigateerror`, which Chromium
 * also fires for a cross-document navigation it stops), the visitor pressed Escape (the browsers'
 * stop key; also the way back when the server answered without a page, a 204 or a download,
 * which no event reports), or this page came back from the back/forward cache.
 */
export function onLoadStopped(restore: () => void): void {
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) restore();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") restore();
  });
  if (!("navigation" in window) || !window.navigation) return;
  const navigation = window.navigation;
  // A navigation the browser never finished (one answered with a 204 stays "ongoing") is aborted,
  // with a `navigateerror`, just before the next one's `navigate` event: that is no stop, and
  // restoring then would cancel what the next navigation has just started.
  let started = 0;
  navigation.addEventListener("navigate", () => started++);
  navigation.addEventListener("navigateerror", () => {
    const before = started;
    setTimeout(() => {
      if (started === before) restore();
    });
  });
}
