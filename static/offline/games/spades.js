// Four-player Spades on the phone offline: two teams, each player bids in turn after the dealer.
import { biddingInTurn } from "./seats.js";

export default {
  ...biddingInTurn,
  name: "spades",
};
