// What the bids decide, said on this phone. The one-step form's preview (#bidding-preview) asks the server as the
// bids are typed (htmx). When it cannot answer, the scorer says the same from the engine (rules/board.py's
// bids_preview), for the hand being edited if one is; until it has, the preview says nothing (app.js). Only the
// newest question's answer is shown.
import { inLine } from "../queue.js";
import { element } from "./dom.js";
import { live, scoresHere } from "./reading.js";
import { pending } from "./cards.js";

// As templates/dummy_spades/_macros.html draws it: who plays with whom, what the bids decide and the nils, or why
// the bids cannot stand.
function drawPreview(preview, said) {
  if (said.refused) {
    preview.replaceChildren(...said.refused.map((text) => element("p", "refused", text)));
    return;
  }
  const list = element("ul");
  const sides = element("li");
  sides.append(element("b", "", said.sides));
  list.append(sides);
  said.lines.forEach((text) => list.append(element("li", "", text)));
  said.nils.forEach((nil) => list.append(element("li", "nil " + (nil.applies ? "applies" : "void"), nil.text)));
  preview.replaceChildren(element("p", "muted small", preview.dataset.heading), list);
}

// The handler of htmx's sendError: a preview the server could not answer, asked of the phone's engine.
export function createPreview(page) {
  let asked = 0;
  return function previewHere(event) {
    const asker = event.detail.elt;
    const form = asker && asker.closest && asker.matches(".live-bids") && asker.closest("form");
    if (!form || !live() || !scoresHere(page.texts)) return;
    const fields = {};
    new FormData(form).forEach((value, name) => {
      if (typeof value === "string") (fields[name] = fields[name] || []).push(value);
    });
    const mine = asked += 1;
    const game = live().dataset.game;
    const editing = page.state.editing;
    const number = editing && editing.form === form ? editing.number : null;
    page.store.get(game).then((waiting) => {
      if (waiting && !pending(waiting)) return null; // a choice is asked first
      return page.scoring.phoneAnswer(game, waiting ? inLine(waiting) : [], { fields, number });
    }).then((answer) => {
      const preview = document.getElementById("bidding-preview");
      if (mine === asked && preview && answer && answer.preview) drawPreview(preview, answer.preview);
    });
  };
}
