import { describe, expect, it } from 'vitest';
import { playSeededGame, SEEDED_GAMES, type GameFingerprint } from './seededGames';

/**
 * Recorded without the speed-ups (first from main at d38b247, then after each session's changes to
 * the AI's play from a tree holding those changes but not the speed-ups; in session 5 from main at
 * a38bae8 with the speed merge reverted, which gave the same values as with it; then, the later
 * judgements having left every value as it was, for normal's four units a decision and the Horse &
 * Musket line spots and withdrawal judgement; then for the table edge and the cards kept as the
 * turn limit nears, hard's narrower band and the Horse & Musket move's danger weighed at 1.6): every speed-up must
 * leave each decision, its score and the runners-up's scores, and the final state exactly as they
 * were. A change meant to alter decisions re-records them with `npx tsx tests/unit/ai/seededGames.ts`.
 */
const RECORDED: Record<string, GameFingerprint> = {
  'one-page, default armies, normal against normal': { actions: 97, decisions: '87392f724ac1e149', state: '7ec80199017fa9ca' },
  'one-page with fog of war, hard and cautious against easy and aggressive': { actions: 92, decisions: 'd01122cfb6f9404a', state: 'b4a085dd7d03811a' },
  'one-page, 30 units a side, normal against normal': { actions: 150, decisions: '68fc3d0ee810ae6e', state: '1a78982ab863eb5f' },
  'horse-and-musket, default armies, normal against normal': { actions: 69, decisions: '7cee95af52bb6212', state: 'a08dd36248745394' },
  "horse-and-musket with hidden movement and the book's sight levels, hard against easy and aggressive": { actions: 67, decisions: '203140c069abe59b', state: '7e382dbde851120c' },
};

describe('seeded AI-versus-AI games', () => {
  for (const game of SEEDED_GAMES) {
    it(`${game.name}: the same decisions and the same final state as recorded`, () => {
      expect(playSeededGame(game)).toEqual(RECORDED[game.name]);
    }, 120_000);
  }
});
