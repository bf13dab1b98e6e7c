/**
 * One value per process, kept on globalThis under `Symbol.for(name)`: the dev server reloads modules, and a
 * reloaded module must find the database handle or the shutdown hooks its predecessor made.
 */
export function processGlobal<T>(name: string, create: () => T): T {
  const globals = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(name);
  globals[key] ??= create();
  return globals[key] as T;
}
