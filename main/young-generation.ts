/**
 * Keeps V8's young generation at its starting size (1 MiB semi-spaces), as `npm start`'s --max-semi-space-size=1
 * does. Electron's main process takes V8 flags only from its own command line at launch (`--js-flags`;
 * `app.commandLine.appendSwitch('js-flags', …)` reaches only the renderers), and the host's start-up (loading its
 * modules, the store) otherwise grows the semi-spaces to 16 MiB, which stay resident: about 10 MiB of an idle
 * host. V8 reads the growth factor each time it would grow the space, so setting it at run time works, but only
 * for growth after this point: the shell imports this module before anything else. The cost is more frequent,
 * very short scavenges. With a small young generation request-lived objects reach the old generation, so its
 * growth is capped as the command line caps it (server/lib/heap-growth.ts).
 */
import v8 from 'node:v8';
import { HEAP_GROWING_PERCENT } from '../server/lib/heap-growth.ts';

v8.setFlagsFromString('--semi-space-growth-factor=1');
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
