/**
 * Demonstration mode on the page: the top bar's button, and the bar over the table with the pace
 * (slow, normal, fast), pause and stop, which battle this is, and what the computer is doing now:
 * weighing its candidate orders (a progress bar fed by the worker) or waiting before the next.
 */

import { useApp, type DemoSpeed } from '../app/store';
import { setDemoSpeed, startDemo, stopDemo, toggleDemoPause } from '../app/demo';

const SPEEDS: { value: DemoSpeed; label: string }[] = [
  { value: 'slow', label: 'Slow' },
  { value: 'normal', label: 'Normal' },
  { value: 'fast', label: 'Fast' },
];

/** The top bar's switch: start the demonstration from the battle on the table, or stop it. */
export function DemoButton() {
  const demo = useApp((s) => s.demo);
  const ready = useApp((s) => s.status === 'ready');
  return (
    <button
      data-testid="demo-button"
      className={demo ? 'primary' : ''}
      disabled={!ready}
      title="The computer plays both sides, battle after battle (for a screen at a show)"
      onClick={() => (demo ? stopDemo() : startDemo(useApp.getState().setup?.seed ?? null))}
    >
      {demo ? 'Stop demonstration' : 'Demonstration'}
    </button>
  );
}

/** What the computer is doing: weighing orders (with progress), or the last order it chose. */
export function AiProgress() {
  const progress = useApp((s) => s.aiProgress);
  const thinking = useApp((s) => s.thinking);
  const side = useApp((s) => s.view?.state.sides.find((x) => x.id === (s.aiProgress?.side ?? s.view?.state.active)));
  if (progress) {
    const share = progress.total > 0 ? progress.done / progress.total : 0;
    return (
      <div className="ai-progress" data-testid="ai-progress" data-done={progress.done} data-total={progress.total}>
        <span>
          {side && <i className="chip" style={{ background: side.colour }} />} {side?.name ?? 'The computer'} thinking
          {progress.total > 0 ? `: ${progress.done} of ${progress.total} orders weighed` : '…'}
        </span>
        <span className="bar">
          <span style={{ width: `${Math.round(share * 100)}%` }} />
        </span>
      </div>
    );
  }
  if (!thinking) return null;
  return (
    <div className="ai-progress muted" data-testid="ai-last">
      Last order weighed {thinking.scored} of {thinking.candidates} candidates in {thinking.ms.toFixed(0)} ms
    </div>
  );
}

/** The demonstration's bar over the table. */
export function DemoBar() {
  const demo = useApp((s) => s.demo);
  const setup = useApp((s) => s.setup);
  const rulesetName = useApp((s) => s.rulesets.find((r) => r.id === s.setup?.rulesetId)?.name);
  const over = useApp((s) => !!s.view?.state.result);
  if (!demo) return null;
  return (
    <div className="demo-bar" data-testid="demo-bar">
      <div className="demo-title">
        <b>Demonstration</b> · battle {demo.battle} · {rulesetName ?? setup?.rulesetId} · seed “{setup?.seed}”
        {over && <span className="muted"> · next battle shortly</span>}
      </div>
      <div className="demo-buttons">
        {SPEEDS.map((s) => (
          <button key={s.value} data-testid={`demo-speed-${s.value}`} className={demo.speed === s.value ? 'primary' : ''} aria-pressed={demo.speed === s.value} onClick={() => setDemoSpeed(s.value)}>
            {s.label}
          </button>
        ))}
        <button data-testid="demo-pause" aria-pressed={demo.paused} onClick={() => toggleDemoPause()} title="Pause or resume (P)">
          {demo.paused ? 'Resume' : 'Pause'}
        </button>
        <button data-testid="demo-stop" onClick={() => stopDemo()}>
          Stop
        </button>
      </div>
      <AiProgress />
    </div>
  );
}
