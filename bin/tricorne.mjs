#!/usr/bin/env node
// The `tricorne` command: runs the TypeScript CLI through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/bin.ts');
