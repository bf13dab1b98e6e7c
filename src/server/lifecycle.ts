import { processGlobal } from '~/server/process-global';

/**
 * Shutdown hooks: resources (the database, mail transports) register a close function; the HTTP server
 * runs them after the last request has finished. Kept on globalThis so that the dev server's module
 * reloads do not lose a registered connection.
 */
type Hook = () => Promise<void> | void;
const registry = processGlobal('mavuno.shutdown-hooks', () => new Map<string, Hook>());

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
