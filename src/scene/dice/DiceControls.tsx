/**
 * The dice's controls on the page: in the top bar, dice on the table on or off and their speed; over
 * the table, a Skip button while they roll.
 */

import { setDiceEnabled, setDiceKeep, setDiceSpeed, skipDice, useDice, type DiceSpeed } from './diceStore';

export function DiceSettings() {
  const enabled = useDice((s) => s.enabled);
  const speed = useDice((s) => s.speed);
  const keep = useDice((s) => s.keep);
  return (
    <span className="dice-settings">
      <label title="Throw the dice of every order onto the table (the log always lists them)">
        <input type="checkbox" data-testid="dice3d" checked={enabled} onChange={(e) => setDiceEnabled(e.target.checked)} /> Dice on table
      </label>
      <select
        data-testid="dice3d-speed"
        value={speed}
        disabled={!enabled}
        title="How fast the dice roll"
        onChange={(e) => setDiceSpeed(e.target.value as DiceSpeed)}
      >
        <option value="normal">normal</option>
        <option value="fast">fast</option>
      </select>
      <label title="Leave the dice on the table until the next order">
        <input type="checkbox" data-testid="dice3d-keep" checked={keep} disabled={!enabled} onChange={(e) => setDiceKeep(e.target.checked)} /> keep
      </label>
    </span>
  );
}

export function DiceSkipButton() {
  const phase = useDice((s) => s.phase);
  const failure = useDice((s) => s.failure);
  if (phase === 'rolling' || phase === 'recording') {
    return (
      <button className="dice-skip" data-testid="dice-skip" onClick={skipDice} title="Show where the dice come to rest (Space)">
        Skip dice ⏭ <span className="muted">Space</span>
      </button>
    );
  }
  if (failure) return <div className="dice-skip muted">The dice could not be thrown on the table ({failure}); the log lists them.</div>;
  return null;
}
