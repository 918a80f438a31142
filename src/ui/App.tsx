/** The page: top bar, the 3D table with its pop-ups, and the side panel with orders and log. */

import { useEffect, useState } from 'react';
import { Scene } from '../scene/Scene';
import { cancelOrder, useApp } from '../app/store';
import { TopBar } from './TopBar';
import { UnitPanel } from './UnitPanel';
import { LogPanel } from './LogPanel';
import { ThinkingPanel } from './ThinkingPanel';
import { DicePrompt, GameOverBanner, HoverTooltip, MessageLine, RuleNotes } from './Popups';

export function App() {
  const status = useApp((s) => s.status);
  const [wrap, setWrap] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    // Escape backs out of an order being given.
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && useApp.getState().pending) cancelOrder();
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
          <div className="hint">Left-drag: pan · right-drag: turn · wheel: zoom</div>
        </div>
        <aside className="side">
          <UnitPanel />
          <ThinkingPanel />
          <LogPanel />
        </aside>
      </div>
      <DicePrompt />
      <RuleNotes />
    </div>
  );
}
