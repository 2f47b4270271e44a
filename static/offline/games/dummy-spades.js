// Three-player Dummy Hand Spades on the phone offline: the players bid in turn after the dealer (the dummy does not
// bid); its one-step form's preview of what the bids decide is drawn by the page.
import { biddingInTurn } from "./seats.js";

export default {
  ...biddingInTurn,
  name: "dummy-spades",
};
