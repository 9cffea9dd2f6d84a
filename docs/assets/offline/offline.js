// Registers the offline copy (/service-worker.js, written by tools/offline.py), asks it to keep this
// page's language, and shows "updated — reload" when a new build's worker is waiting.
//
// The page's root is two folders up from this script (assets/offline/offline.js). When the stored
// copy of the reader's language is complete, <html> gets data-naipes-offline="ready" (the tests wait
// for it). The notice's reload hands over to the new worker first, so the reloaded page and all its
// files come from one build.
const NOTICE = {
  es: ["Hay una versión nueva del sitio.", "Recargar"],
  ca: ["Hi ha una versió nova del lloc.", "Torna a carregar"],
  en: ["The site has been updated.", "Reload"],
};

const root = new URL("../../", import.meta.url);
const language = () => (document.documentElement.lang || "es").slice(0, 2);

function showNotice(worker) {
  if (document.querySelector(".naipes-update")) return;
  const [text, button] = NOTICE[language()] || NOTICE.en;
  const box = document.createElement("div");
  box.className = "naipes-update";
  box.setAttribute("role", "status");
  const message = document.createElement("span");
  message.textContent = text;
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "md-button md-button--primary";
  reload.textContent = button;
  reload.addEventListener("click", () => {
    reload.disabled = true;
    worker.postMessage({ skipWaiting: true });
  });
  box.append(message, " ", reload);
  document.body.append(box);
}

function watch(registration) {
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) showNotice(registration.waiting);
  };
  offer();
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", offer);
  });
}

async function start() {
  const registration = await navigator.serviceWorker.register(new URL("service-worker.js", root), { scope: root.href });
  watch(registration);
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // only after the reader asked: the first visit's worker also takes control (clients.claim)
    if (document.querySelector(".naipes-update") && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.cached === language()) document.documentElement.dataset.naipesOffline = "ready";
  });
  const active = (await navigator.serviceWorker.ready).active;
  active?.postMessage({ cacheLanguage: language() });
  // instant navigation loads no document, so the browser does not look for a new worker by itself
  globalThis.document$?.subscribe?.(() => registration.update().catch(() => {}));
}

// After the page has loaded and gone idle: the copy never competes with the page's own first paint.
function whenIdle() {
  const later = () => (globalThis.requestIdleCallback ? requestIdleCallback(go, { timeout: 3000 }) : setTimeout(go, 500));
  const go = () => start().catch(() => {});
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

if ("serviceWorker" in navigator && window.isSecureContext) whenIdle();
