import { describe, expect, it } from 'vitest';
import { playSeededGame, SEEDED_GAMES, type GameFingerprint } from './seededGames';

/**
 * Recorded from main without the speed-ups (one-page at commit d38b247, horse-and-musket at 3dce86a,
 * whose rules had changed since): every speed-up must leave each decision, its score and the
 * runners-up's scores, and the final state exactly as they were. A change meant to alter decisions
 * re-records them with `npx tsx tests/unit/ai/seededGames.ts`.
 */
const RECORDED: Record<string, GameFingerprint> = {
  'one-page, default armies, normal against normal': { actions: 85, decisions: '8063064084b17f46', state: '1b15dd444c56bbdb' },
  'one-page with fog of war, hard and cautious against easy and aggressive': { actions: 84, decisions: 'd6de2ed002b1e6c7', state: '29eb27bfddf1aff2' },
  'one-page, 30 units a side, normal against normal': { actions: 150, decisions: '35982a1cc350e8ad', state: 'f5dc4c4eabb324d4' },
  'horse-and-musket, default armies, normal against normal': { actions: 70, decisions: 'a0aa8c4b62bce74f', state: 'fa0bc47fdd3017d8' },
  "horse-and-musket with hidden movement and the book's sight levels, hard against easy and aggressive": { actions: 66, decisions: '263a279cf933caf1', state: 'b3a8bae89e679725' },
};

describe('seeded AI-versus-AI games', () => {
  for (const game of SEEDED_GAMES) {
    it(`${game.name}: the same decisions and the same final state as recorded`, () => {
      expect(playSeededGame(game)).toEqual(RECORDED[game.name]);
    }, 120_000);
  }
});
