/**
 * Hot seat with hidden movement: whenever the other player is to act, the whole page is covered
 * until that player says he has the screen, so neither sees what the other's units know.
 */

import { takeOverScreen, useApp } from '../app/store';

export function HotSeatCover() {
  const to = useApp((s) => s.handoverTo);
  const side = useApp((s) => s.view?.state.sides.find((x) => x.id === s.handoverTo));
  if (!to) return null;
  const name = side?.name ?? to;
  return (
    <div className="hotseat-cover" data-testid="hotseat-cover">
      <div className="hotseat-box">
        <div className="hotseat-flag" style={{ background: side?.colour ?? '#888' }} />
        <h2>Pass the screen to the {name}</h2>
        <p>Hidden movement is on: the table stays covered until the player of the {name} has the screen.</p>
        <button className="primary" data-testid="hotseat-take" onClick={takeOverScreen}>
          I command the {name}: show my table
        </button>
      </div>
    </div>
  );
}
