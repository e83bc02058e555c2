/** `npm start` / `npm run dev`: the headless host's entry; the command line itself is host-cli.ts. */
import { hasSmallYoungGeneration } from './lib/heap-growth.ts';
import { keepYoungGenerationSmall } from './lib/young-generation.ts';

// The young generation is kept small here, before the host loads: a static import's whole module graph is read and
// compiled before any of it runs, which alone would grow the space. The host lets it grow under load only
// (lib/young-generation.ts); a size given on node's command line (--max-semi-space-size) is kept as given.
if (!hasSmallYoungGeneration(process.execArgv)) keepYoungGenerationSmall();
await import('./host-cli.ts');
