/**
 * Demonstration mode, for a screen at a show: the computer plays both sides of the battle on the
 * table, at a chosen pace. When the battle ends its result stays up for a few seconds, then a new
 * battle begins with a new seed, the rulesets taking turns and Horse & Musket's armies changing.
 * All thinking happens in the engine worker (the store's computer loop); this file only decides
 * what comes next.
 */

import type { GameSetup } from '../core/model';
import { newGame, reviewGame, useApp, wakeComputer, type DemoSpeed } from './store';

/** How long a finished battle's result stays up before the next battle, ms. */
export const RESULT_HOLD_MS: Record<DemoSpeed, number> = { slow: 9000, normal: 6000, fast: 3000 };

/** The rulesets a demonstration goes through, in turn. */
const DEMO_RULESETS = ['one-page', 'horse-and-musket'];

/** Horse & Musket army lists for each battle, in turn: first side, second side. */
const HM_MATCHES: [string, string][] = [
  ['prussia-supremacy', 'austria'],
  ['russia', 'prussia-later'],
  ['austria', 'prussia-was'],
  ['prussia-twilight', 'russia'],
];

let baseSeed: string | null = null;
let nextTimer: ReturnType<typeof setTimeout> | null = null;
/** The game the result timer was set for, so a game that ends once starts one new battle. */
let heldHash: string | null = null;

/**
 * The setup of the demonstration's battle number `n` (2, 3...). The seed is the first battle's
 * with the number added when the address named one (so a show's loop can be replayed), else fresh.
 */
export function demoSetup(n: number, previous: GameSetup | null, seed: string | null): GameSetup {
  const at = DEMO_RULESETS.indexOf(previous?.rulesetId ?? DEMO_RULESETS[0]!);
  const rulesetId = DEMO_RULESETS[(at + 1) % DEMO_RULESETS.length]!;
  const battleSeed = seed ? `${seed}-${n}` : `demo-${Math.random().toString(36).slice(2, 8)}`;
  const options: Record<string, unknown> = {};
  if (rulesetId === 'horse-and-musket') {
    const [armyA, armyB] = HM_MATCHES[Math.floor(n / 2) % HM_MATCHES.length]!;
    options.armyA = armyA;
    options.armyB = armyB;
    // Both armies are the program's: each plans its own flank march from the part it expects to play.
    options.plannedForces = 'both';
  }
  return { rulesetId, seed: battleSeed, dice: 'seeded', options };
}

/**
 * Start a demonstration from the battle on the table (it goes on with the computer on both sides).
 * `seed`: the address's seed, from which later battles' seeds are made.
 */
export function startDemo(seed: string | null = null): void {
  if (useApp.getState().demo) return;
  baseSeed = seed;
  heldHash = null;
  useApp.setState({ demo: { speed: 'normal', paused: false, battle: 1 }, pending: null, selected: null, group: [] });
  // The audience sees both sides whole; then the computer takes the side to act.
  void reviewGame().then(wakeComputer);
}

export function stopDemo(): void {
  if (nextTimer) clearTimeout(nextTimer);
  nextTimer = null;
  useApp.setState({ demo: null, aiProgress: null });
  // The person now has the first side against the computer, as before the demonstration.
  void reviewGame();
}

export function setDemoSpeed(speed: DemoSpeed): void {
  const demo = useApp.getState().demo;
  if (demo) useApp.setState({ demo: { ...demo, speed } });
}

export function toggleDemoPause(): void {
  const demo = useApp.getState().demo;
  if (!demo) return;
  useApp.setState({ demo: { ...demo, paused: !demo.paused } });
  if (demo.paused) wakeComputer();
}

async function nextBattle(): Promise<void> {
  nextTimer = null;
  const s = useApp.getState();
  if (!s.demo) return;
  if (s.demo.paused) {
    // Wait for the pause to end before the next battle.
    nextTimer = setTimeout(() => void nextBattle(), 500);
    return;
  }
  const battle = s.demo.battle + 1;
  useApp.setState({ demo: { ...s.demo, battle }, thinking: null });
  await newGame(demoSetup(battle, s.setup, baseSeed));
}

// A finished battle: hold its result on screen, then begin the next.
useApp.subscribe((s) => {
  const result = s.view?.state.result;
  if (!s.demo || !result || !s.view || heldHash === s.view.hash || nextTimer) return;
  heldHash = s.view.hash;
  nextTimer = setTimeout(() => void nextBattle(), RESULT_HOLD_MS[s.demo.speed]);
});
