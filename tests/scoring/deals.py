"""Deals and hypothesis strategies shared by the scoring tests."""

from __future__ import annotations

from hypothesis import strategies as st

from scoring.cards import Card, Deal, Hand, Seat, full_deck

#: The worked example (docs/rules.md §4.8): N 12, E 8, S 14, W 6; N–S have eight spades; W holds ♥A.
WORKED_EXAMPLE = "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95"
#: N 15, E 3, S 15, W 7: North and South tie for declarer.
NS_TIE = "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"
#: N 4, E 15, S 6, W 15: East and West tie for declarer.
EW_TIE = "N:K953.T872.JT96.7 AJ7.AK.87543.QJ2 T8642.QJ65..KT96 Q.943.AKQ2.A8543"
#: N 12, E 11, S 4, W 13: East–West declare, West has more.
EW_DECLARE = "N:AK862.T652.T7.KQ Q7.K3.AQ2.965432 9543.QJ984.83.J7 JT.A7.KJ9654.AT8"
#: N 7, E 8, S 13, W 12: 20–20, a redeal.
TWENTY_TWENTY = "N:AQJ.T93.97653.94 K432.5.T842.KQT8 986.KJ64.AJ.A732 T75.AQ872.KQ.J65"


def deal_from_cards(cards: list[Card]) -> Deal:
    """Thirteen cards each to N, E, S, W, in the order given."""
    return Deal.from_hands(
        {seat: Hand.of(cards[13 * i : 13 * (i + 1)]) for i, seat in enumerate(Seat)}
    )


deals = st.permutations(full_deck()).map(deal_from_cards)
seats = st.sampled_from(list(Seat))
