/** The rulesets Tricorne knows, by id. The core knows no rulebook; this is where they are named. */

import type { Ruleset } from '../core/ruleset';
import { RuleError } from '../core/ruleset';
import { onePage } from './one-page/ruleset';
import { horseAndMusket } from './horse-and-musket/ruleset';

const RULESETS: Record<string, Ruleset> = {
  [onePage.id]: onePage as unknown as Ruleset,
  [horseAndMusket.id]: horseAndMusket as unknown as Ruleset,
};

export function getRuleset(id: string): Ruleset {
  const r = RULESETS[id];
  if (!r) throw new RuleError(`unknown ruleset "${id}"; known: ${Object.keys(RULESETS).join(', ')}`, 'ruleset');
  return r;
}

export function rulesetIds(): string[] {
  return Object.keys(RULESETS);
}
