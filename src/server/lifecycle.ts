import { errorMessage, log } from '~/server/log';
import { processGlobal } from '~/server/process-global';

/**
 * Shutdown hooks, in two phases. When shutdown begins, the `begin` hooks end the answers that would otherwise
 * never finish (the chat's live streams), so the server does not wait for them; after the last request has
 * finished, the close hooks free resources (the chat hub's listener, the database, mail transports), the last
 * registered first. Kept on globalThis so that the dev server's module reloads do not lose a registered connection.
 */
type Hook = () => Promise<void> | void;
const registry = processGlobal('mavuno.shutdown-hooks', () => new Map<string, Hook>());
const beginRegistry = processGlobal('mavuno.shutdown-begin-hooks', () => new Map<string, Hook>());
const state = processGlobal('mavuno.shutdown-state', () => ({ shuttingDown: false }));

/** Shutdown has begun (src/server/main.ts): the readiness check answers 503 from then on, so balancers stop sending. */
export function isShuttingDown(): boolean {
  return state.shuttingDown;
}

/** Marks the start of shutdown (or, for a test, its end: `false`) and answers the previous mark. */
export function markShuttingDown(value = true): boolean {
  const previous = state.shuttingDown;
  state.shuttingDown = value;
  return previous;
}

export function onShutdown(name: string, hook: Hook): void {
  registry.set(name, hook);
}

/** A hook run as soon as shutdown begins, before open requests are waited for. */
export function onShutdownBegin(name: string, hook: Hook): void {
  beginRegistry.set(name, hook);
}

async function runAll(hooks: Map<string, Hook>, order: 'first' | 'last'): Promise<void> {
  const entries = [...hooks.entries()];
  if (order === 'last') entries.reverse();
  hooks.clear();
  for (const [name, hook] of entries) {
    try {
      await hook();
    } catch (error) {
      log.error({ component: 'shutdown', hook: name, err: error }, `shutdown: ${name} failed: ${errorMessage(error)}`);
    }
  }
}

export function runShutdownBeginHooks(): Promise<void> {
  return runAll(beginRegistry, 'first');
}

export function runShutdownHooks(): Promise<void> {
  return runAll(registry, 'last');
}
