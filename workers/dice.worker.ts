/// <reference lib="webworker" />
/**
 * The dice worker: records throws of dice with Rapier away from the page's thread, so the table
 * never stalls while the dice are worked out. Started by the page on the first throw.
 */

import * as Comlink from 'comlink';
import { createDiceApi } from '../src/dice-physics/diceApi';

Comlink.expose(createDiceApi((data, transfers) => Comlink.transfer(data, transfers)));
