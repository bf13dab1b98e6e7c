/**
 * Shutdown hooks: resources (the database, mail transports) register a close function; the HTTP server
 * runs them after the last request has finished. Kept on globalThis so that the dev server's module
 * reloads do not lose a registered connection.
 */
type Hook = () => Promise<void> | void;
const KEY = Symbol.for('mavuno.shutdown-hooks');
const registry = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map<string, Hook>()) as Map<string, Hook>;

export function onShutdown(name: string, hook: Hook): void {
  registry.set(name, hook);
}

export async function runShutdownHooks(): Promise<void> {
  const hooks = [...registry.entries()].reverse();
  registry.clear();
  for (const [name, hook] of hooks) {
    try {
      await hook();
    } catch (error) {
      console.error(`[shutdown] ${name} failed:`, error);
    }
  }
}
