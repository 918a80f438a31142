/**
 * Hot seat with secrets (hidden movement, or a defender's ground the attacker has not found):
 * whenever the other player is to act, the whole page is covered until that player says he has
 * the screen, so neither sees what only the other may know.
 */

import { secretGame } from '../app/newGame';
import { takeOverScreen, useApp } from '../app/store';
import { PassTheScreen } from './PassTheScreen';

export function HotSeatCover() {
  const to = useApp((s) => s.handoverTo);
  const hidden = useApp((s) => {
    const ruleset = s.rulesets.find((r) => r.id === s.view?.state.rulesetId);
    return !!ruleset && !!s.view && secretGame(ruleset, s.view.state.options);
  });
  const seated = useApp((s) => !!s.view?.state.seats?.length);
  if (!to) return null;
  return (
    <PassTheScreen
      side={to}
      why={(name) =>
        seated && !hidden
          ? `Several players share a side, each with his own hand of cards: the table stays covered until the ${name} has the screen.`
          : hidden
          ? `Hidden movement is on: the table stays covered until the player of the ${name} has the screen.`
          : `Part of the ground is known to one side only: the table stays covered until the player of the ${name} has the screen.`
      }
      reveals="my table"
      onTake={takeOverScreen}
      testId="hotseat-cover"
    />
  );
}
