// Three-player Dummy Hand Spades on the phone offline: the players bid in turn after the dealer (the dummy does not
// bid); its one-step form's preview of what the bids decide is drawn by the page.
import { afterDealer } from "./seats.js";

export default {
  name: "dummy-spades",
  scoredHere: true,
  biddingSeats: (players, firstDealer) => afterDealer(players.length, players.indexOf(firstDealer)),
  firstNamedSeat: () => 0,
  movedFields: (fields) => fields,
  formByRole: false,
  rolesSwapped: () => false,
  statusLine: () => null,
  openQuestion: null,
};
