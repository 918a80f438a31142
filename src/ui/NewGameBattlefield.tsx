/**
 * The battlefield part of the new-game screen: the ruleset's scenarios, and the ground they are
 * fought on. Today the ground is generated from a seed; each kind of BattlefieldChoice (an imported
 * heightmap next) gets its own panel in BATTLEFIELD_PANELS and a tab here.
 */

import type { ReactNode } from 'react';
import type { RulesetInfo } from '../app/engineApi';
import { randomSeed, type BattlefieldChoice } from '../app/newGame';

interface PanelProps<K extends BattlefieldChoice['kind']> {
  value: Extract<BattlefieldChoice, { kind: K }>;
  onChange(value: BattlefieldChoice): void;
}

function GeneratedPanel({ value, onChange }: PanelProps<'generated'>) {
  return (
    <div className="ng-seed">
      <label>
        Seed
        <input
          data-testid="ng-seed"
          value={value.seed}
          spellCheck={false}
          onChange={(e) => onChange({ kind: 'generated', seed: e.target.value })}
          title="The same seed always lays the same table and throws the same dice"
        />
      </label>
      <button data-testid="ng-new-seed" onClick={() => onChange({ kind: 'generated', seed: randomSeed() })}>
        New seed
      </button>
      <span className="ng-help">The same seed always lays the same table and throws the same dice.</span>
    </div>
  );
}

/** One panel per kind of battlefield: the name of its tab, its panel, and its first value. */
const BATTLEFIELD_PANELS: {
  [K in BattlefieldChoice['kind']]: { label: string; panel(props: PanelProps<K>): ReactNode; start(): Extract<BattlefieldChoice, { kind: K }> };
} = {
  generated: { label: 'Generated from a seed', panel: GeneratedPanel, start: () => ({ kind: 'generated', seed: randomSeed() }) },
};

export function BattlefieldPicker({
  ruleset,
  scenario,
  battlefield,
  onScenario,
  onBattlefield,
}: {
  ruleset: RulesetInfo;
  scenario: string;
  battlefield: BattlefieldChoice;
  onScenario(id: string): void;
  onBattlefield(value: BattlefieldChoice): void;
}) {
  const kinds = Object.keys(BATTLEFIELD_PANELS) as BattlefieldChoice['kind'][];
  const { panel: Panel } = BATTLEFIELD_PANELS[battlefield.kind];
  return (
    <>
      <div className="ng-cards">
        {ruleset.scenarios.map((s) => (
          <button key={s.id} className={`ng-card${s.id === scenario ? ' chosen' : ''}`} data-testid={`ng-scenario-${s.id}`} onClick={() => onScenario(s.id)}>
            <b>{s.name}</b>
            <span>{s.description}</span>
          </button>
        ))}
      </div>
      {kinds.length > 1 && (
        <div className="ng-segmented">
          {kinds.map((k) => (
            <button key={k} className={k === battlefield.kind ? 'chosen' : ''} disabled={k === battlefield.kind} onClick={() => onBattlefield(BATTLEFIELD_PANELS[k].start())}>
              {BATTLEFIELD_PANELS[k].label}
            </button>
          ))}
        </div>
      )}
      <Panel value={battlefield} onChange={onBattlefield} />
    </>
  );
}
