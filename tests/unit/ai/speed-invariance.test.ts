import { describe, expect, it } from 'vitest';
import { playSeededGame, SEEDED_GAMES, type GameFingerprint } from './seededGames';

/**
 * Recorded from main before the AI was made faster (commit d38b247): every speed-up must leave each
 * decision, its score and the runners-up's scores, and the final state exactly as they were.
 */
const RECORDED: Record<string, GameFingerprint> = {
  'one-page, default armies, normal against normal': { actions: 85, decisions: '8063064084b17f46', state: '1b15dd444c56bbdb' },
  'one-page with fog of war, hard and cautious against easy and aggressive': { actions: 84, decisions: 'd6de2ed002b1e6c7', state: '29eb27bfddf1aff2' },
  'one-page, 30 units a side, normal against normal': { actions: 150, decisions: '35982a1cc350e8ad', state: 'f5dc4c4eabb324d4' },
  'horse-and-musket, default armies, normal against normal': { actions: 69, decisions: '89efeae0b958c139', state: 'bd908fd808946a00' },
  "horse-and-musket with hidden movement and the book's sight levels, hard against easy and aggressive": { actions: 66, decisions: '7bf6bd69cfbc2e19', state: '64cf5a111786d02b' },
};

describe('seeded AI-versus-AI games', () => {
  for (const game of SEEDED_GAMES) {
    it(`${game.name}: the same decisions and the same final state as recorded`, () => {
      expect(playSeededGame(game)).toEqual(RECORDED[game.name]);
    }, 120_000);
  }
});
