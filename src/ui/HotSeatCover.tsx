/**
 * Hot seat with hidden movement: whenever the other player is to act, the whole page is covered
 * until that player says he has the screen, so neither sees what the other's units know.
 */

import { takeOverScreen, useApp } from '../app/store';
import { PassTheScreen } from './PassTheScreen';

export function HotSeatCover() {
  const to = useApp((s) => s.handoverTo);
  if (!to) return null;
  return (
    <PassTheScreen
      side={to}
      why={(name) => `Hidden movement is on: the table stays covered until the player of the ${name} has the screen.`}
      reveals="my table"
      onTake={takeOverScreen}
      testId="hotseat-cover"
    />
  );
}
