/**
 * `zod` as the browser bundles import it: astro.config.mjs resolves every `import … from 'zod'` of client code to
 * this module, which switches zod's JIT off before any schema module runs (ES modules run their imports first).
 * Building an object schema would otherwise probe `new Function('')`: the pages' Content-Security-Policy has no
 * `'unsafe-eval'`, so the probe fails — zod falls back quietly, but the browser reports a CSP violation on every
 * page with a form. The server keeps the JIT (its bundles import zod itself).
 */
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
export { z, z as default };
