/** Karten und Kombinationen, wie deutsche Spieler sie nennen. */
import type { cards as en } from '../en/cards.js';
import type { Texts } from './texts.js';

export const cards: Texts<typeof en> = {
  'card.mahjong': 'Mah Jong',
  'card.dog': 'Hund',
  'card.phoenix': 'Phönix',
  'card.dragon': 'Drache',
  'combo.single': 'Einzelkarte {rank}',
  'combo.pair': 'Paar {rank}',
  'combo.triple': 'Drilling {rank}',
  'combo.fullHouse': 'Full House {top} über {pair}',
  'combo.straight': 'Straße {low}-{top}',
  'combo.pairSequence': 'Treppe {ranks}',
  'combo.fourOfAKind': 'Viererbombe {rank}',
  'combo.straightFlush': 'Straßenbombe {low}-{top}',
  'combo.phoenixAs': '(Phönix als {rank})',
};
