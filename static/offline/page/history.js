// The game's history while changes wait on this phone: the server's lines drawn again from the phone's board (each
// with its Edit button, when `editButton` is given), and the chart, which the phone does not draw, hidden with a word
// that it comes back once the changes are sent.
import { historyHands, explanationOf } from "./board-words.js";
import { element } from "./dom.js";
import { delta } from "./text.js";

export function drawPhoneHistory(board, line, { editButton, chartLater, language }) {
  const hands = document.getElementById("hands");
  if (!hands) return;
  const lines = element("div", "phone-hands");
  lines.id = "phone-hands";
  historyHands(board, line).forEach((hand) => {
    const details = element("details", "hand" + (hand.complete ? "" : " waiting"));
    details.id = "phone-hand-" + hand.number;
    const top = element("summary");
    const deltas = element("span", "deltas");
    Object.keys(hand.scores).forEach((name) => {
      const points = hand.scores[name].delta;
      const one = element("span", "delta");
      one.append(element("span", "who", name), " ",
                 element("b", points > 0 ? "up" : points < 0 ? "down" : "even", delta(points, language)));
      deltas.append(one);
    });
    top.append(element("span", "hand-no", String(hand.number)), deltas);
    const explain = element("div", "explain");
    const list = element("ul", "small");
    explanationOf(hand).forEach((text) => list.append(element("li", "", text)));
    explain.append(list);
    if (editButton && hand.complete) explain.append(editButton(hand.number));
    details.append(top, explain);
    lines.append(details);
  });
  const old = document.getElementById("phone-hands");
  if (old) old.replaceWith(lines); else hands.after(lines);
  hands.hidden = true;
  const chart = document.getElementById("chart");
  if (chart && !chart.hidden) {
    chart.hidden = true;
    const later = element("p", "muted phone-chart-note", chartLater);
    later.id = "phone-chart-note";
    chart.after(later);
  }
}

// The server's history back, as it drew it.
export function showServerHistory() {
  const lines = document.getElementById("phone-hands");
  if (lines) lines.remove();
  const hands = document.getElementById("hands");
  if (hands) hands.hidden = false;
  const later = document.getElementById("phone-chart-note");
  if (later) later.remove();
  const chart = document.getElementById("chart");
  if (chart) chart.hidden = false;
}
