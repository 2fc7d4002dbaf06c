/** Cards and combos as English players say them. */
export const cards = {
  'card.mahjong': 'Mah Jong',
  'card.dog': 'Dog',
  'card.phoenix': 'Phoenix',
  'card.dragon': 'Dragon',
  'combo.single': 'single {rank}',
  'combo.pair': 'pair {rank}',
  'combo.triple': 'triple {rank}',
  'combo.fullHouse': 'full house {top}s over {pair}s',
  'combo.straight': 'straight {low}-{top}',
  'combo.pairSequence': 'pairs {ranks}',
  'combo.fourOfAKind': 'bomb: four {rank}s',
  'combo.straightFlush': 'bomb: straight flush {low}-{top}',
  'combo.phoenixAs': '(Phoenix as {rank})',
} as const;
