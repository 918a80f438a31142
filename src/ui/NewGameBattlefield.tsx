/**
 * The battlefield part of the new-game screen: the ruleset's scenarios, and the ground they are
 * fought on: generated from a seed, or real ground from a landscape file. Each kind of
 * BattlefieldChoice gets its own panel and a tab here.
 */

import type { RulesetInfo } from '../app/engineApi';
import { randomSeed, type BattlefieldChoice } from '../app/newGame';
import { LandscapePicker } from './LandscapePicker';

interface PanelProps<K extends BattlefieldChoice['kind']> {
  value: Extract<BattlefieldChoice, { kind: K }>;
  onChange(value: BattlefieldChoice): void;
}

function SeedBox({ seed, onSeed, help }: { seed: string; onSeed(seed: string): void; help: string }) {
  return (
    <div className="ng-seed">
      <label>
        Seed
        <input data-testid="ng-seed" value={seed} spellCheck={false} onChange={(e) => onSeed(e.target.value)} title={help} />
      </label>
      <button data-testid="ng-new-seed" onClick={() => onSeed(randomSeed())}>
        New seed
      </button>
      <span className="ng-help">{help}</span>
    </div>
  );
}

function GeneratedPanel({ value, onChange }: PanelProps<'generated'>) {
  return <SeedBox seed={value.seed} onSeed={(seed) => onChange({ kind: 'generated', seed })} help="The same seed always lays the same table and throws the same dice." />;
}

function ImportedPanel({ value, onChange }: PanelProps<'imported'>) {
  return (
    <>
      <LandscapePicker value={value.ground} onChange={(ground) => onChange({ ...value, ground })} />
      <SeedBox seed={value.seed} onSeed={(seed) => onChange({ ...value, seed })} help="The seed lays the woods, roads and towns on the land, and throws the dice." />
    </>
  );
}

/** The kinds of battlefield: the name of each one's tab, and its first value (keeping the seed). */
const BATTLEFIELD_KINDS: { [K in BattlefieldChoice['kind']]: { label: string; start(seed: string): Extract<BattlefieldChoice, { kind: K }> } } = {
  generated: { label: 'Generated from a seed', start: (seed) => ({ kind: 'generated', seed }) },
  imported: { label: 'Real ground from a file', start: (seed) => ({ kind: 'imported', seed, ground: null }) },
};

function BattlefieldPanel({ value, onChange }: { value: BattlefieldChoice; onChange(value: BattlefieldChoice): void }) {
  return value.kind === 'generated' ? <GeneratedPanel value={value} onChange={onChange} /> : <ImportedPanel value={value} onChange={onChange} />;
}

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
  const kinds = Object.keys(BATTLEFIELD_KINDS) as BattlefieldChoice['kind'][];
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
            <button key={k} className={k === battlefield.kind ? 'chosen' : ''} disabled={k === battlefield.kind} onClick={() => onBattlefield(BATTLEFIELD_KINDS[k].start(battlefield.seed))}>
              {BATTLEFIELD_KINDS[k].label}
            </button>
          ))}
        </div>
      )}
      <BattlefieldPanel value={battlefield} onChange={onBattlefield} />
    </>
  );
}
