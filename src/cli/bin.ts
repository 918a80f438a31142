import { run } from './main';

process.exitCode = run(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) });
