/** The page: top bar, the 3D table with its pop-ups, and the side panel with orders and log. */

import { useEffect, useState } from 'react';
import { Scene } from '../scene/Scene';
import { cancelOrder, clearSightLine, toggleSight, useApp } from '../app/store';
import { TopBar } from './TopBar';
import { UnitPanel } from './UnitPanel';
import { SidePanel } from './SidePanel';
import { LogPanel } from './LogPanel';
import { ThinkingPanel } from './ThinkingPanel';
import { DicePrompt, GameOverBanner, HoverTooltip, MessageLine, RuleNotes } from './Popups';
import { SightComputing, SightPanel } from './SightPanel';
import { SightProfile } from './SightProfile';
import { ReplayBar } from './ReplayBar';
import { ResultScreen } from './ResultScreen';
import { SavesDialog } from './SavesDialog';
import { DiceSkipButton } from '../scene/dice/DiceControls';
import { DeployHandover, DeployPanel } from './DeployPanel';
import { NewGameScreen } from './NewGameScreen';
import { HotSeatCover } from './HotSeatCover';

/** Keys for the sight tools. */
const SIGHT_KEYS = { v: 'viewshed', d: 'dead', l: 'tool' } as const;

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

export function App() {
  const status = useApp((s) => s.status);
  const [wrap, setWrap] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    // Escape backs out of an order being given, or drops a sight line; V, D and L switch the sight tools.
    const key = (e: KeyboardEvent) => {
      const s = useApp.getState();
      if (e.key === 'Escape') {
        if (s.pending) cancelOrder();
        else if (s.sightStart || s.sightLine) clearSightLine();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || typingIn(e.target)) return;
      const mode = SIGHT_KEYS[e.key.toLowerCase() as keyof typeof SIGHT_KEYS];
      if (mode) {
        e.preventDefault();
        toggleSight(mode);
      }
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);
  return (
    <div className="app">
      <TopBar />
      <MessageLine />
      <div className="main">
        <div className="canvas-wrap" data-testid="canvas-wrap" ref={setWrap}>
          <Scene />
          {status === 'starting' && <div className="loading">Setting up the table…</div>}
          <HoverTooltip container={wrap} />
          <GameOverBanner />
          <SightComputing />
          <SightProfile />
          <ReplayBar />
          <DiceSkipButton />
          <DeployHandover />
          <div className="hint">Left-drag: pan · right-drag: turn · wheel: zoom · V viewshed · D dead ground · L line of sight</div>
        </div>
        <aside className="side">
          <DeployPanel />
          <UnitPanel />
          <SidePanel />
          <SightPanel />
          <ThinkingPanel />
          <LogPanel />
        </aside>
      </div>
      <DicePrompt />
      <RuleNotes />
      <SavesDialog />
      <ResultScreen />
      <HotSeatCover />
      <NewGameScreen />
    </div>
  );
}
