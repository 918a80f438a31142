import type { Io } from './main';

const argv = process.argv.slice(2);
const io: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

/**
 * `viewshed` loads only its own few modules: main.ts brings in the rules, the AI and saves, some
 * 200 modules that tsx took about a second to load, while the command's own work on a 2048 x 2048
 * grid is well under a second.
 */
async function viewshedOnly(rest: readonly string[]): Promise<number> {
  const { viewshedCommand } = await import('./viewshed');
  try {
    return viewshedCommand(rest, io);
  } catch (e) {
    // The usage text names every ruleset and player, so a mistake loads the rest after all.
    return (await import('./main')).failed(e, io);
  }
}

process.exitCode = argv[0] === 'viewshed' ? await viewshedOnly(argv.slice(1)) : (await import('./main')).run(argv, io);
