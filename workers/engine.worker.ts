/// <reference lib="webworker" />
/**
 * The engine worker: owns the game session and exposes it to the page through comlink. Thin on
 * purpose: everything it does lives in src/ and is tested in Node.
 */

import * as Comlink from 'comlink';
import { createEngineApi } from '../src/app/engineHost';

Comlink.expose(createEngineApi((data, transfers) => Comlink.transfer(data, transfers)));
