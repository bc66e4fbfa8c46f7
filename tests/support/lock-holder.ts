/**
 * A process that takes a build lock and holds it, for the lock's test and benchmark:
 * `node bin/run-ts.js tests/support/lock-holder.ts <clubsite|proper-lockfile> <lock file> [busy ms]`.
 * It prints `held` once it has the lock, keeps its thread busy for `busy ms` if given (as a
 * build does while it renders), then prints `free` and waits to be killed.
 */
import { acquireLock } from '../../generator/publish/build-lock.ts';
import { properLockfile } from './proper-lockfile.ts';

const [kind, file = '', busy = '0'] = process.argv.slice(2);
if (kind === 'clubsite') await acquireLock(file, 'dist');
else await properLockfile()?.lock(file, { stale: 2000, realpath: false, onCompromised: () => {} });
process.stdout.write('held\n');
const until = Date.now() + Number(busy);
while (Date.now() < until) {
  // Busy, as a thread that renders pages: no timer of this process runs meanwhile.
}
process.stdout.write('free\n');
setInterval(() => {}, 60_000);
