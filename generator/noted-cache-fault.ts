/** A fault of the build cache noted where the build goes on without it, told once at the end (pipeline/cache-fault.ts). */
/**
 * The first error a write into the cache met on this thread where the build goes on without it
 * (a page's kept copy, the kept site code, the kept sources, a photo): `clubsite build` tells it
 * as one warning at the end (takeCacheFault).
 */
let noted: unknown;

export function noteCacheFault(error: unknown): void {
  noted ??= error;
}

/** The fault noted since the last call, if any. */
export function takeCacheFault(): unknown {
  const fault = noted;
  noted = undefined;
  return fault;
}
