// Entry of the viewshed's worker thread (see viewshedThreads.ts): TypeScript through tsx, as the
// `tricorne` command runs.
import { register } from 'tsx/esm/api';

register();
await import('./viewshedWorker.ts');
