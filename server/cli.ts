/** `npm start` / `npm run dev`: the headless host's entry; the command line itself is host-cli.ts. */
import { hasSmallYoungGeneration } from './lib/heap-growth.ts';
import { keepYoungGenerationSmall } from './lib/young-generation.ts';

// From source node has no --max-semi-space-size=1 (`npm start` passes it), so the young generation is settled here,
// before the host loads: a static import's whole module graph is read and compiled before any of it runs, which
// alone would grow the space (lib/young-generation.ts).
if (import.meta.url.endsWith('.ts') && !hasSmallYoungGeneration(process.execArgv)) keepYoungGenerationSmall();
await import('./host-cli.ts');
