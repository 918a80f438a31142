/**
 * The one cover for hot seat: when the screen must pass to the other player, the whole page is
 * hidden behind the side's flag until that player says he has it. Hidden movement and secret
 * deployment both use it; each decides when to show it and what taking the screen does.
 */

import { useApp } from '../app/store';
import './passScreen.css';

export interface PassTheScreenProps {
  /** The side that should take the screen (or, with several players a side, the seat). */
  side: string;
  /** Why the table is covered, in a sentence naming the side (given its display name). */
  why: (name: string) => string;
  /** What the player of that side asks to see, e.g. "my table". */
  reveals: string;
  onTake: () => void;
  /** Test id of the cover; its button is `${testId}-take`. */
  testId: string;
}

export function PassTheScreen({ side, why, reveals, onTake, testId }: PassTheScreenProps) {
  // A seat is named for itself and flies its side's colour.
  const seat = useApp((s) => s.view?.state.seats?.find((x) => x.id === side));
  const info = useApp((s) => s.view?.state.sides.find((x) => x.id === (seat?.side ?? side)));
  const name = seat?.name ?? info?.name ?? side;
  return (
    <div className="pass-screen" data-testid={testId} role="dialog" aria-label={`Pass the screen to the ${name}`}>
      <div className="pass-screen-box">
        <div className="pass-screen-flag" style={{ background: info?.colour ?? '#888' }} />
        <h2>Pass the screen to the {name}</h2>
        <p>{why(name)}</p>
        <button className="primary" data-testid={`${testId}-take`} onClick={onTake}>
          {seat ? `I am the ${name}` : `I command the ${name}`}: show {reveals}
        </button>
      </div>
    </div>
  );
}
