import { describe, expect, it } from 'vitest';
import { GameSession } from '../../../src/app/session';
import { hmAi } from '../../../src/rules/horse-and-musket/ai';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { DEPLOY_DONE_ACTION, DEPLOY_REST_ACTION, isUndeployed } from '../../../src/core/deployment';

/** A battle with both armies deployed: the posture chosen, then each side sets up as the engine would. */
function deployed(seed: string): GameSession {
  const s = new GameSession({ rulesetId: 'horse-and-musket', seed });
  const prefer = ['choose-posture', DEPLOY_REST_ACTION, DEPLOY_DONE_ACTION];
  for (let i = 0; i < 20 && s.state.units.some((u) => isUndeployed(u)); i++) {
    const legal = s.legal(s.state.active!);
    const pick = prefer.map((t) => legal.find((l) => l.action.type === t && l.params.length === 0)).find((l) => l);
    expect(pick, `a deployment step among ${legal.map((l) => l.action.type).join(', ')}`).toBeDefined();
    expect(s.act(pick!.action).ok).toBe(true);
  }
  expect(s.state.units.some((u) => isUndeployed(u))).toBe(false);
  return s;
}

const s = deployed('hints');
const state = (): HmState => structuredClone(s.state) as unknown as HmState;

describe('Horse & Musket hints for the AI', () => {
  it("cards: a unit's own card is spent freely, a General's card only on a good order, a card in play costs nothing more", () => {
    const st = state();
    const unitCard = Object.keys(st.rules.cards).find((id) => st.rules.cards[id]!.kind === 'unit' && st.rules.cards[id]!.owner === 'a')!;
    const generalCard = Object.keys(st.rules.cards).find((id) => st.rules.cards[id]!.kind === 'general' && st.rules.cards[id]!.owner === 'a')!;
    expect(hmAi.cardCost!(st, { type: 'order', side: 'a', unit: 'a-4', card: unitCard, order: 'move' })).toBe(0.1);
    expect(hmAi.cardCost!(st, { type: 'order', side: 'a', unit: 'a-4', card: generalCard, order: 'move' })).toBe(0.45);
    expect(hmAi.cardCost!(st, { type: 'play-card', side: 'a', card: generalCard })).toBeUndefined();
    st.rules.activeCard = { card: generalCard } as HmState['rules']['activeCard'];
    expect(hmAi.cardCost!(st, { type: 'order', side: 'a', unit: 'a-4', card: generalCard, order: 'move' })).toBe(0);
  });

  it('the Artillery card is played when a battery in action has a target in range and arc, and kept otherwise', () => {
    const st = state();
    const artillery = Object.keys(st.rules.cards).find((id) => st.rules.cards[id]!.kind === 'artillery' && st.rules.cards[id]!.owner === 'a')!;
    const play = { type: 'play-card', side: 'a', card: artillery };
    // Move the whole enemy army 40" away from the battery, then bring one battalion within 20" of it.
    const gun0 = st.units.find((u) => u.id === 'a-9')!;
    for (const u of st.units) {
      if (u.side !== 'b') continue;
      const away = Math.hypot(u.x - gun0.x, u.y - gun0.y) || 1;
      u.x = gun0.x + ((u.x - gun0.x) / away) * 1016;
      u.y = gun0.y + ((u.y - gun0.y) / away) * 1016 + (away === 1 ? 1016 : 0);
    }
    expect(st.units.find((u) => u.id === 'a-9')!.rs.gun!.limbered).toBe(false);
    expect(hmAi.choiceValue!(st, play, 'attack')).toBe(0.1);
    const gun = st.units.find((u) => u.id === 'a-9')!;
    const enemy = st.units.find((u) => u.side === 'b' && u.rs.troop === 'infantry')!;
    enemy.x = gun.x;
    enemy.y = gun.y + 500;
    // The hints remember what they found once per view of the battle, as the AI gives them a view
    // per decision: the changed position is asked about as a new view.
    expect(hmAi.choiceValue!({ ...st }, play, 'attack')).toBe(0.9);
  });

  it("an Attack's forecast reads the Resolve charts: a disordered, shaken defender gives way more often", () => {
    const st = state();
    const bf = battlefieldFromSpec(st.battlefield);
    const attacker = st.units.find((u) => u.id === 'a-5')!;
    const defender = st.units.find((u) => u.side === 'b' && u.rs.troop === 'infantry')!;
    // Face to face, 4" apart on the attacker's front.
    defender.x = attacker.x;
    defender.y = attacker.y + 102;
    defender.facing = attacker.facing + Math.PI;
    const action = { type: 'order', side: 'a', unit: attacker.id, order: 'attack', target: defender.id };
    const fresh = hmAi.forecast(st, bf, action);
    for (const stand of defender.stands) stand.status = 'disordered';
    const shaken = hmAi.forecast(st, bf, action);
    for (const f of [fresh, shaken]) {
      expect(f.target).toBe(defender.id);
      for (const v of [f.inflicted!, f.risk!, f.removes!]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    }
    expect(shaken.inflicted!).toBeGreaterThan(fresh.inflicted!);
    expect(shaken.removes!).toBeGreaterThan(fresh.removes!);
  });
});
