/**
 * The new-game screen: the rulebook, the battlefield, the armies (preset, the list's default, or
 * built with the army builder), who plays which side, the rulebook's options and the page's
 * preferences, and "Start battle" with its progress. Everything it shows of a ruleset comes from
 * RulesetInfo; the rules themselves stay in the worker.
 */

import { useEffect, useState, type ReactNode } from 'react';
import type { ArmyRoster } from '../core/model';
import type { OptionDef } from '../core/ruleset';
import type { RulesetInfo } from '../app/engineApi';
import { defaultRoster, openNewGame, resumeLastGame, startBattle, useApp } from '../app/store';
import {
  AI_LEVELS,
  AI_PERSONALITIES,
  defaultChoice,
  listOptionOf,
  pointsTotal,
  randomSeed,
  playerSeatOf,
  seatPlanOf,
  secretGame,
  sideList,
  sideName,
  switchRuleset,
  type AiPersonality,
  type NewGameChoice,
} from '../app/newGame';
import { ArmyBuilder, useArmyCheck } from './ArmyBuilder';
import { BattlefieldPicker } from './NewGameBattlefield';
import './newGame.css';

const LEVEL_WORDS: Record<(typeof AI_LEVELS)[number], string> = { easy: 'Easy', normal: 'Normal', hard: 'Hard' };
const PERSONALITY_WORDS: Record<AiPersonality, { label: string; help: string }> = {
  balanced: { label: 'Balanced', help: 'Attacks when it is the stronger, holds when it is not.' },
  cautious: { label: 'Cautious', help: 'Keeps its lines together and waits for the odds.' },
  aggressive: { label: 'Aggressive', help: 'Goes for the enemy and takes risks to do it.' },
};

/** One of the ruleset's options, drawn from its definition: a switch, a list or a number. */
function OptionField({ def, value, onChange }: { def: OptionDef; value: unknown; onChange(v: unknown): void }) {
  const id = `ng-option-${def.id}`;
  let input;
  if (def.kind === 'boolean') {
    input = <input id={id} data-testid={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
  } else if (def.kind === 'choice') {
    input = (
      <select id={id} data-testid={id} value={String(value)} onChange={(e) => onChange(e.target.value)}>
        {(def.choices ?? []).map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        id={id}
        data-testid={id}
        type="number"
        min={def.min}
        max={def.max}
        value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? NaN : Number(e.target.value))}
      />
    );
  }
  return (
    <div className={`ng-option ${def.kind}`}>
      <label htmlFor={id}>
        {def.kind === 'boolean' && input}
        <span className="ng-option-label">{def.label}</span>
        {def.kind !== 'boolean' && input}
      </label>
      <div className="ng-help">{def.help}</div>
    </div>
  );
}

function Segmented<T extends string>({ value, options, onChange, testid }: { value: T; options: { value: T; label: string }[]; onChange(v: T): void; testid: string }) {
  return (
    <div className="ng-segmented" role="radiogroup">
      {options.map((o) => (
        <button key={o.value} role="radio" aria-checked={o.value === value} className={o.value === value ? 'chosen' : ''} data-testid={`${testid}-${o.value}`} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}

function Section({ title, children, span }: { title: string; children: ReactNode; span?: 'wide' | 'span2' }) {
  return (
    <section className={`ng-section${span ? ` ${span}` : ''}`}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A number option out of its range, as the worker would refuse it; null when it is fine. */
function optionProblem(def: OptionDef, value: unknown): string | null {
  if (def.kind !== 'number') return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || (def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max)) {
    return `${def.label} must be a number from ${def.min ?? '…'} to ${def.max ?? '…'}.`;
  }
  return null;
}

export function NewGameScreen() {
  const open = useApp((s) => s.newGameOpen);
  const rulesets = useApp((s) => s.rulesets);
  if (!open || rulesets.length === 0) return null;
  return <NewGameForm rulesets={rulesets} />;
}

function NewGameForm({ rulesets }: { rulesets: RulesetInfo[] }) {
  const view = useApp((s) => s.view);
  const lastChoice = useApp((s) => s.lastChoice);
  const lengthPref = useApp((s) => s.lengthUnit);
  const stage = useApp((s) => s.startStage);
  const resumeText = useApp((s) => s.resumeText);
  const [choice, setChoice] = useState<NewGameChoice>(() => {
    if (lastChoice) return { ...lastChoice, battlefield: { kind: 'generated', seed: randomSeed() } };
    const first = rulesets.find((r) => r.id === 'horse-and-musket') ?? rulesets[0]!;
    return defaultChoice(first, randomSeed(), lengthPref ?? first.lengthUnit);
  });
  const [armyTab, setArmyTab] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ruleset = rulesets.find((r) => r.id === choice.rulesetId) ?? rulesets[0]!;
  const points = pointsTotal(ruleset, choice);
  const checks = [useArmyCheck(ruleset.id, choice.armies[0] ?? null, points), useArmyCheck(ruleset.id, choice.armies[1] ?? null, points)];
  const inProgress = !!view && !view.state.result && view.seq > 0;

  const update = (patch: Partial<NewGameChoice>) => setChoice((c) => ({ ...c, ...patch }));
  const setOption = (id: string, v: unknown) => setChoice((c) => ({ ...c, options: { ...c.options, [id]: v } }));
  const setArmy = (side: number, roster: ArmyRoster | null) => setChoice((c) => ({ ...c, armies: c.armies.map((a, i) => (i === side ? roster : a)) }));

  // Options shown with the armies (each side's list, the points total) stay out of the options list.
  const armyOptions = new Set<string>([...Object.values(ruleset.armies?.listOption ?? {}), ...(ruleset.armies ? [ruleset.armies.pointsOption] : []), ...(ruleset.seating ? [ruleset.seating.option] : [])]);
  // More than two players (seats): the number of players is chosen with the players, and the person takes one seat.
  const playersDef = ruleset.seating ? ruleset.options.find((d) => d.id === ruleset.seating!.option) : undefined;
  const seatPlan = seatPlanOf(ruleset, choice);
  const otherOptions = ruleset.options.filter((d) => !armyOptions.has(d.id));
  const pointsDef = ruleset.options.find((d) => d.id === ruleset.armies?.pointsOption);
  const names = ruleset.sides.map((_, i) => sideName(ruleset, choice, i));

  /** Why the battle cannot start yet, or null. */
  const blocker = ((): string | null => {
    if (!choice.battlefield.seed.trim()) return 'Give the battlefield a seed.';
    if (choice.battlefield.kind === 'imported' && !choice.battlefield.ground) return 'Choose a landscape file for the real ground.';
    for (const d of ruleset.options) {
      const p = optionProblem(d, choice.options[d.id]);
      if (p) return p;
    }
    for (let i = 0; i < choice.armies.length; i++) {
      if (!choice.armies[i]) continue;
      const c = checks[i];
      if (!c?.current || !c.check) return `Checking the ${names[i]} army…`;
      if (c.check.problems.length) return `The ${names[i]} army is not ready: see its problems.`;
    }
    return null;
  })();

  const begin = async () => {
    setConfirming(false);
    setFailure(null);
    setStarted(Date.now());
    const ok = await startBattle({ ...choice, battlefield: { ...choice.battlefield, seed: choice.battlefield.seed.trim() } });
    if (ok) return;
    setStarted(null);
    setFailure(useApp.getState().message?.text ?? 'The battle could not start.');
  };

  const buildArmy = async (side: number, list: string) => {
    if (points === null) return;
    setArmy(side, await defaultRoster(ruleset.id, list, points));
  };

  return (
    <div className="newgame" data-testid="newgame">
      <div className="ng-panel">
        <header className="ng-header">
          <div>
            <div className="ng-brand">Tricorne</div>
            <h1>A new battle</h1>
          </div>
          <div className="ng-header-buttons">
            {resumeText && !view && (
              <button data-testid="ng-resume" onClick={() => void resumeLastGame()} title="Load the game you left in another tab or visit">
                Resume your last game
              </button>
            )}
            {view && (
              <button className="ng-back" data-testid="ng-back" onClick={() => openNewGame(false)}>
                Back to the battle
              </button>
            )}
          </div>
        </header>

        <div className="ng-grid">
          <Section title="Rulebook">
            <div className="ng-cards">
              {rulesets.map((r) => (
                <button key={r.id} className={`ng-card${r.id === ruleset.id ? ' chosen' : ''}`} data-testid={`ng-ruleset-${r.id}`} onClick={() => r.id !== ruleset.id && setChoice((c) => switchRuleset(c, r))}>
                  <b>{r.name}</b>
                  <span>From {r.source}.</span>
                </button>
              ))}
            </div>
          </Section>

          <Section title="Battlefield">
            <BattlefieldPicker
              ruleset={ruleset}
              scenario={choice.scenario}
              battlefield={choice.battlefield}
              onScenario={(scenario) => update({ scenario })}
              onBattlefield={(battlefield) => update({ battlefield })}
            />
          </Section>

          <Section title="Players">
            {playersDef ? <OptionField def={playersDef} value={choice.options[playersDef.id]} onChange={(v) => setOption(playersDef.id, v)} /> : null}
            {seatPlan ? (
              <div className="ng-row">
                <span className="ng-label">Your seat</span>
                <Segmented
                  testid="ng-seat"
                  value={playerSeatOf(ruleset, choice) ?? ''}
                  options={seatPlan.map((x) => ({ value: x.id, label: x.name }))}
                  onChange={(v) => update({ playerSeat: v, playerSide: Math.max(0, ruleset.sides.findIndex((x) => x.id === seatPlan.find((p) => p.id === v)?.side)) })}
                />
              </div>
            ) : (
              <div className="ng-row">
                <span className="ng-label">You command</span>
                <Segmented testid="ng-side" value={String(choice.playerSide)} options={names.map((n, i) => ({ value: String(i), label: n }))} onChange={(v) => update({ playerSide: Number(v) })} />
              </div>
            )}
            <div className="ng-row">
              <span className="ng-label">{seatPlan ? 'The other seats' : (names[1 - choice.playerSide] ?? 'The other side')}</span>
              <Segmented
                testid="ng-opponent"
                value={choice.opponent.kind}
                options={[
                  { value: 'computer', label: 'The computer' },
                  { value: 'human', label: 'Another player at this screen' },
                ]}
                onChange={(kind) => update({ opponent: kind === 'human' ? { kind } : { kind, level: 'normal', personality: 'balanced' } })}
              />
            </div>
            {choice.opponent.kind === 'computer' ? (
              <>
                <div className="ng-row">
                  <span className="ng-label">Difficulty</span>
                  <Segmented
                    testid="ng-level"
                    value={choice.opponent.level}
                    options={AI_LEVELS.map((l) => ({ value: l, label: LEVEL_WORDS[l] }))}
                    onChange={(level) => choice.opponent.kind === 'computer' && update({ opponent: { ...choice.opponent, level } })}
                  />
                </div>
                <div className="ng-row">
                  <span className="ng-label">Temperament</span>
                  <Segmented
                    testid="ng-personality"
                    value={choice.opponent.personality}
                    options={AI_PERSONALITIES.map((p) => ({ value: p, label: PERSONALITY_WORDS[p].label }))}
                    onChange={(personality) => choice.opponent.kind === 'computer' && update({ opponent: { ...choice.opponent, personality } })}
                  />
                </div>
                <div className="ng-help indent">{PERSONALITY_WORDS[choice.opponent.personality].help}</div>
              </>
            ) : (
              <div className="ng-help indent">
                Hot seat: both players share this screen and take their turns in order.
                {secretGame(ruleset, choice.options) ? ' With hidden movement on, the table is covered whenever the screen passes to the other player.' : ''}
              </div>
            )}
          </Section>

          <Section title="Armies" span="wide">
            {!ruleset.armies ? (
              <div className="ng-preset" data-testid="ng-preset-armies">
                <p>
                  {ruleset.name} fields its preset armies: {names.join(' and ')}. There are no army lists to build from.
                </p>
              </div>
            ) : (
              <>
                {pointsDef && (
                  <div className="ng-row">
                    <OptionField def={pointsDef} value={choice.options[pointsDef.id]} onChange={(v) => setOption(pointsDef.id, v)} />
                  </div>
                )}
                <div className="ng-tabs" role="tablist">
                  {ruleset.sides.map((s, i) => (
                    <button key={s.id} role="tab" aria-selected={i === armyTab} className={i === armyTab ? 'chosen' : ''} data-testid={`ng-army-tab-${i}`} onClick={() => setArmyTab(i)}>
                      {s.name}: <b>{names[i]}</b>
                      {choice.armies[i] ? (checks[i]?.check?.problems.length ? ' ⚠' : ' ✓') : ''}
                    </button>
                  ))}
                </div>
                {ruleset.sides.map((s, i) => {
                  if (i !== armyTab) return null;
                  const listOption = listOptionOf(ruleset, i);
                  const list = sideList(ruleset, choice, i);
                  const roster = choice.armies[i] ?? null;
                  return (
                    <div key={s.id} className="ng-army" data-testid={`ng-army-${i}`}>
                      <div className="ng-row">
                        <label className="ng-label" htmlFor={`ng-list-${i}`}>
                          Army list
                        </label>
                        <select
                          id={`ng-list-${i}`}
                          data-testid={`ng-list-${i}`}
                          value={list?.id ?? ''}
                          onChange={(e) => {
                            if (listOption) setOption(listOption, e.target.value);
                            if (roster) void buildArmy(i, e.target.value);
                          }}
                        >
                          {ruleset.armies!.lists.map((l) => (
                            <option key={l.id} value={l.id}>
                              {l.name} ({l.period})
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="ng-row">
                        <span className="ng-label">Army</span>
                        <Segmented
                          testid={`ng-army-mode-${i}`}
                          value={roster ? 'built' : 'default'}
                          options={[
                            { value: 'default', label: 'Bought for me' },
                            { value: 'built', label: 'Build it myself' },
                          ]}
                          onChange={(mode) => (mode === 'default' ? setArmy(i, null) : list && void buildArmy(i, list.id))}
                        />
                      </div>
                      {!roster ? (
                        <div className="ng-help indent">
                          The program buys a sound army from the {list?.name ?? ''} list to the points total: mostly line infantry, a third of the stands cavalry, guns,
                          skirmishers and Generals enough to command them. Choose "Build it myself" to start from it and change it.
                        </div>
                      ) : list && points !== null ? (
                        <ArmyBuilder list={list} roster={roster} points={points} side={i} check={checks[i]?.check ?? null} current={checks[i]?.current ?? false} onChange={(r) => setArmy(i, r)} />
                      ) : null}
                    </div>
                  );
                })}
              </>
            )}
          </Section>

          <Section title="Rules and options" span="span2">
            <div className="ng-options">
              {otherOptions.map((d) => (
                <OptionField key={d.id} def={d} value={choice.options[d.id]} onChange={(v) => setOption(d.id, v)} />
              ))}
            </div>
          </Section>

          <Section title="At the table">
            <div className="ng-row">
              <span className="ng-label">Dice</span>
              <Segmented
                testid="ng-dice"
                value={choice.dice}
                options={[
                  { value: 'seeded', label: 'The computer rolls' },
                  { value: 'manual', label: 'I roll my own dice' },
                ]}
                onChange={(dice) => update({ dice })}
              />
            </div>
            <div className="ng-help indent">{choice.dice === 'manual' ? 'The game asks for every throw, and you enter what your dice show.' : 'Every throw is shown with its modifiers in the log.'}</div>
            <div className="ng-row">
              <span className="ng-label">Distances</span>
              <Segmented
                testid="ng-length"
                value={choice.lengthUnit}
                options={[
                  { value: 'in', label: 'Inches' },
                  { value: 'cm', label: 'Centimetres' },
                ]}
                onChange={(lengthUnit) => update({ lengthUnit })}
              />
            </div>
            <div className="ng-help indent">How the page shows distances; the rulebook's measures are unchanged.</div>
          </Section>
        </div>

        <footer className="ng-footer">
          <div className="ng-status">
            {failure ? (
              <span className="error" data-testid="ng-error">
                {failure}
              </span>
            ) : blocker ? (
              <span className="muted" data-testid="ng-blocker">
                {blocker}
              </span>
            ) : (
              <span className="muted">
                {ruleset.name} · {names[choice.playerSide]} against {choice.opponent.kind === 'human' ? 'a second player' : `the computer (${choice.opponent.level}, ${choice.opponent.personality})`} · seed “{choice.battlefield.seed}”
              </span>
            )}
          </div>
          <button className="primary ng-start" data-testid="ng-start" disabled={!!blocker || started !== null} onClick={() => (inProgress ? setConfirming(true) : void begin())}>
            Start battle
          </button>
        </footer>
      </div>

      {confirming && (
        <div className="ng-modal" data-testid="ng-confirm">
          <div className="ng-modal-box">
            <h3>Abandon the battle in progress?</h3>
            <p>
              The battle on the table (turn {view?.state.turn}, {view?.seq} orders given) will be replaced. Save it first from the top bar if you want to come back to it.
            </p>
            <div className="ng-modal-buttons">
              <button data-testid="ng-confirm-keep" onClick={() => setConfirming(false)}>
                Keep it
              </button>
              <button className="primary" data-testid="ng-confirm-abandon" onClick={() => void begin()}>
                Abandon it and start
              </button>
            </div>
          </div>
        </div>
      )}

      {started !== null && <StartProgress since={started} stage={stage} />}
    </div>
  );
}

const STAGES: { id: 'armies' | 'terrain'; label: string }[] = [
  { id: 'armies', label: 'Laying out the battlefield and raising the armies' },
  { id: 'terrain', label: 'Bringing the ground to the table' },
];

/** The progress of starting a battle: the steps done and under way, and the time taken so far. */
function StartProgress({ since, stage }: { since: number; stage: 'armies' | 'terrain' | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, []);
  const at = stage ? STAGES.findIndex((s) => s.id === stage) : STAGES.length;
  return (
    <div className="ng-modal" data-testid="ng-progress">
      <div className="ng-modal-box ng-progress">
        <h3>Setting up the battle…</h3>
        <ol>
          {STAGES.map((s, i) => (
            <li key={s.id} className={i < at ? 'done' : i === at ? 'now' : ''}>
              <i className={i === at ? 'ng-spinner' : ''}>{i < at ? '✓' : ''}</i> {s.label}
            </li>
          ))}
        </ol>
        <div className="ng-bar">
          <i />
        </div>
        <div className="muted">{((now - since) / 1000).toFixed(0)} s</div>
      </div>
    </div>
  );
}
