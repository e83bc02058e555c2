/**
 * Keeps V8's young generation at its starting size (1 MiB semi-spaces), as `npm start`'s --max-semi-space-size=1
 * does. Electron's main process takes no V8 flags from the app, and the host's start-up (loading its modules,
 * the store) otherwise grows the semi-spaces to 16 MiB, which stay resident: about 10 MiB of an idle host. V8
 * reads the growth factor each time it would grow the space, so setting it at run time works, but only for
 * growth after this point: the shell imports this module before anything else. The cost is more frequent, very
 * short scavenges.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--semi-space-growth-factor=1');
