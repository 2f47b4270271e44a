// The phone's board drawn in place of the server's totals (#standing): the totals, where the game stands, who leads,
// and how each hand typed here was scored; the entry form's bid rows in the order of the hand it is for. Drawn from
// the engine's board (rules/board.py), in the page's words (`texts`).
import { adapterOf } from "../games/index.js";
import { boardStatus, explanationOf, handsOfLine } from "./board-words.js";
import { element } from "./dom.js";
import { changeName, currentEntryForm, live } from "./reading.js";
import { fill, written } from "./text.js";

export function drawPhoneBoard(board, line, texts, language) {
  const standing = document.getElementById("standing");
  const entryWord = live().dataset.entry; // "Hand {number}", in the page's language
  const panel = element("section", "phone-board");
  panel.id = "phone-board";
  panel.setAttribute("aria-labelledby", "phone-board-title");
  const names = line.map(changeName);
  const title = element("h2", "phone-board-title",
                        names.length ? fill(texts.phoneHeading, { entries: names.join(", ") }) : texts.phoneNew);
  title.id = "phone-board-title";
  const table = element("table");
  const thead = standing.querySelector("thead").cloneNode(true); // the server's headings, in the page's language
  const tbody = element("tbody");
  Object.keys(board.totals).forEach((name) => {
    const row = element("tr");
    const cell = element("th", "name", name);
    cell.scope = "row";
    row.append(cell, element("td", "num score", written(board.totals[name].score, language)));
    if ("bags" in board.totals[name]) row.append(element("td", "num", String(board.totals[name].bags)));
    tbody.append(row);
  });
  table.append(thead, tbody);
  const ownLine = adapterOf(board.game) && adapterOf(board.game).statusLine(board);
  panel.append(title, table, element("p", "phone-board-status", boardStatus(board, ownLine, texts, entryWord)));
  if (board.next_leader) panel.append(element("p", "phone-board-leads", fill(texts.leads, { name: board.next_leader })));
  if (board.outcome) panel.append(element("p", "phone-board-outcome", board.outcome));
  handsOfLine(board, line).forEach((hand) => {
    const details = element("details", "phone-board-hand");
    details.append(element("summary", "", fill(texts.how, { entry: fill(entryWord, { number: hand.number }) })));
    const list = element("ul", "small");
    explanationOf(hand).forEach((text) => list.append(element("li", "", text)));
    details.append(list);
    panel.append(details);
  });
  const old = document.getElementById("phone-board");
  if (old) old.replaceWith(panel); else standing.before(panel);
  standing.hidden = true;
  const form = currentEntryForm();
  if (form) form.hidden = board.status === "finished"; // over on this phone: no next hand (the undo stays)
  orderBids(form, board.next_bidding_order);
  // A game's own line under the form says where the server's game stands ("Deal 1 of 6: ..."): the panel says it now.
  if (ownLine) document.querySelectorAll("p.game-facts").forEach((facts) => {
    facts.hidden = true;
    facts.setAttribute("data-offline-hidden", "");
  });
}

// The server's totals back, as it drew them.
export function removePhoneBoard() {
  const shown = document.getElementById("phone-board");
  if (shown) shown.remove();
  const standing = document.getElementById("standing");
  if (standing) standing.hidden = false;
  document.querySelectorAll(".game-facts[data-offline-hidden]").forEach((facts) => {
    facts.hidden = false;
    facts.removeAttribute("data-offline-hidden");
  });
}

// The form's bid rows in the bidding order of the hand it is for on this phone (the server drew them for the hand
// it knew as the next); each row's fields stay its player's.
function orderBids(form, order) {
  if (!form || !order) return;
  const rows = Array.from(form.querySelectorAll(".bid-row[data-player]"));
  const byName = {};
  rows.forEach((row) => { byName[row.dataset.player] = row; });
  if (rows.length !== order.length || order.some((name) => !byName[name])) return;
  const parent = rows[0].parentNode;
  const after = rows[rows.length - 1].nextSibling;
  order.forEach((name) => parent.insertBefore(byName[name], after));
}
