/**
 * Keeps V8's young generation at its starting size in the Electron main process, as `npm start`'s entry does, until
 * load lets it grow (server/lib/young-generation.ts). Electron's main process takes V8 flags only from its
 * own command line at launch (`--js-flags`; `app.commandLine.appendSwitch('js-flags', …)` reaches only the
 * renderers), so it is set at run time: the shell imports this module before anything else.
 */
import { keepYoungGenerationSmall } from '../server/lib/young-generation.ts';

keepYoungGenerationSmall();
