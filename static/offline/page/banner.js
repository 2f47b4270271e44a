// The offline banner (#connection): shown with the last time the server answered while it does not, put away when
// it does; and its line for a change that needs the server.
import { clock, fill } from "./text.js";

export function createBanner(page) {
  const banner = document.getElementById("connection");
  const texts = page.texts;
  const root = document.documentElement;

  function reached() {
    root.dataset.connection = "online";
    banner.hidden = true;
    const needs = banner.querySelector(".needs-server");
    if (needs) needs.remove();
    document.querySelectorAll(".offline-edit").forEach((offer) => offer.remove());
  }

  function lost(lastContact) {
    const since = Math.max(lastContact || 0, Number(root.dataset.saved) || 0);
    banner.querySelector(".since").textContent = since ? fill(texts.since, { time: clock(since, page.language) })
      : texts.unknown;
    root.dataset.connection = "offline";
    banner.hidden = false;
    page.lostHere();
  }

  function needsServer() {
    const paragraph = banner.querySelector(".needs-server") || document.createElement("p");
    paragraph.className = "needs-server";
    paragraph.textContent = texts.needsServer;
    banner.append(paragraph);
  }

  return { reached, lost, needsServer };
}
