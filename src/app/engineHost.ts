/**
 * The implementation behind the worker's API. It runs in the worker in the browser and directly in
 * Node for tests, so the page and the tests exercise the same code.
 */

import type { Action, GameSetup } from '../core/model';
import { makePlayer, type Player } from '../ai/players';
import { battlefieldFromSpec } from '../terrain/battlefield';
import { lineOfSight } from '../terrain/sight';
import { getRuleset, rulesetIds } from '../rules/registry';
import type { BattlefieldData, EngineApi, RulesetInfo } from './engineApi';
import { GameSession } from './session';

type Transfer = <T>(data: T, transfers: Transferable[]) => T;

export function createEngineApi(transfer: Transfer = (d) => d): EngineApi {
  let session: GameSession | null = null;
  const players = new Map<string, Player>();
  const current = (): GameSession => {
    if (!session) throw new Error('no game is in progress');
    return session;
  };

  return {
    async rulesets(): Promise<RulesetInfo[]> {
      return rulesetIds().map((id) => {
        const r = getRuleset(id);
        return {
          id: r.id,
          name: r.name,
          source: r.source,
          lengthUnit: r.lengthUnit,
          options: r.options,
          notes: r.notes,
          scenarios: r.scenarios,
        };
      });
    },
    async newGame(setup: GameSetup) {
      session = new GameSession(setup);
      return session.view();
    },
    async loadSave(text: string) {
      // Built aside first: a bad file throws here and the game in progress is untouched.
      const loaded = GameSession.fromSave(text);
      session = loaded;
      return loaded.view();
    },
    async saveText(name?: string) {
      return current().saveText(name);
    },
    async view() {
      return current().view();
    },
    async legal(side?: string) {
      return current().legal(side);
    },
    async act(action: Action, entered?: number[]) {
      return current().act(action, entered);
    },
    async undo() {
      return current().undo();
    },
    async playComputer(side: string, playerId: string) {
      const s = current();
      const key = `${playerId}/${s.setup.seed}`;
      let player = players.get(key);
      if (!player) {
        player = makePlayer(playerId, s.setup.seed);
        players.set(key, player);
      }
      const legal = s.legal(side);
      const { action, decision } = player.choose(s.ruleset, s.state, legal, side);
      if (!action) return null;
      const label = legal.find((l) => l.action.type === action.type && (l.unit === undefined || l.unit === action.unit))?.label ?? action.type;
      return { action, label, result: s.act(action), ...(decision ? { thinking: decision } : {}) };
    },
    async history() {
      return current().events.map((e) => [...e]);
    },
    async battlefield(): Promise<BattlefieldData> {
      const bf = battlefieldFromSpec(current().state.battlefield);
      // A copy crosses the boundary, so the worker's cached battlefield keeps its buffer.
      const heights = new Float32Array(bf.heightmap.heights);
      const data: BattlefieldData = {
        spec: bf.spec,
        width: bf.width,
        depth: bf.depth,
        heightmap: { ...bf.heightmap, heights },
        features: bf.features,
      };
      return transfer(data, [heights.buffer]);
    },
    async lineOfSight(from, to, eyeHeight, targetHeight) {
      const bf = battlefieldFromSpec(current().state.battlefield);
      return lineOfSight(bf, from, to, { eyeHeight, targetHeight, profile: true });
    },
  };
}
