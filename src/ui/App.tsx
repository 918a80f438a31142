/** The page: top bar, the 3D table with its pop-ups, and the side panel with orders and log. */

import { useState } from 'react';
import { Scene } from '../scene/Scene';
import { useApp } from '../app/store';
import { TopBar } from './TopBar';
import { UnitPanel } from './UnitPanel';
import { SidePanel } from './SidePanel';
import { LogPanel } from './LogPanel';
import { ThinkingPanel } from './ThinkingPanel';
import { DicePrompt, GameOverBanner, HoverTooltip, MessageLine, RuleNotes } from './Popups';
import { SightComputing, SightPanel } from './SightPanel';
import { SightProfile } from './SightProfile';
import { useShortcutKeys } from './HelpKeys';
import { HelpOverlay } from './HelpOverlay';
import { DemoBar } from './DemoControls';
import { AlertToasts } from './Alerts';
import { RulerReadout, SelectionBox } from './RulerReadout';
import { ReplayBar } from './ReplayBar';
import { ResultScreen } from './ResultScreen';
import { SavesDialog } from './SavesDialog';
import { DiceSkipButton } from '../scene/dice/DiceControls';
import { DeployHandover, DeployPanel } from './DeployPanel';
import { NewGameScreen } from './NewGameScreen';
import { HotSeatCover } from './HotSeatCover';

export function App() {
  const status = useApp((s) => s.status);
  const [wrap, setWrap] = useState<HTMLDivElement | null>(null);
  // Every shortcut key (listed by the help overlay, ? or H).
  useShortcutKeys();
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
          <DemoBar />
          <AlertToasts />
          <RulerReadout />
          <SelectionBox />
          <div className="hint">Left-drag: pan · right-drag: turn · wheel: zoom · shift-drag: select · F focus · T top-down · R ruler · ? all keys</div>
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
      <HelpOverlay />
    </div>
  );
}
