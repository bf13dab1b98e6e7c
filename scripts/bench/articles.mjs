// The `articles` rows of `npm run bench` (BENCH_ONLY=articles runs them alone): /article and one article page, as an
// anonymous reader gets them — HTML bytes (raw and brotli), CSS and JS (brotli), the scripts beyond the page shell's
// service-worker registration (must be none: docs/articles.md "Pages"), and requests/s with p99 under load.
import autocannon from 'autocannon';

/** Scripts a page runs: external ones (src, modulepreload) and inline ones that are code (JSON-LD is data). */
function scriptsOf(html) {
  const external = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  const inline = [...html.matchAll(/<script(?![^>]*src=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[1]))
    .map((m) => m[2]);
  return { external, inline };
}

/** The page shell's one script (src/layouts/BaseLayout.astro): the service-worker registration. */
const isShellScript = (src) => /\/_astro\/BaseLayout\.astro_astro_type_script_index_\d+_lang\.[\w-]+\.js$/.test(src);

export async function benchArticles({ base, connections, duration, transferSize, fetchText }) {
  const list = await (await fetch(`${base}/api-v2/article/index/?per-page=1`)).json();
  const slug = list.items[0]?.slug;
  const targets = [
    { name: '/article', path: '/article' },
    ...(slug ? [{ name: 'article page', path: `/article/${slug}` }] : []),
    ...(slug ? [{ name: 'article page (sw)', path: `/sw/article/${slug}` }] : []),
  ];
  const rows = [];
  for (const target of targets) {
    const url = base + target.path;
    const raw = await transferSize(url, 'identity');
    const br = await transferSize(url, 'br');
    const html = await fetchText(url);
    const { external, inline } = scriptsOf(html);
    const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    let css = 0;
    let js = inline.reduce((sum, code) => sum + code.length, 0);
    for (const href of styles) css += (await transferSize(new URL(href, base).toString(), 'br')).bytes;
    for (const src of external) js += (await transferSize(new URL(src, base).toString(), 'br')).bytes;
    const beyondShell = external.filter((src) => !isShellScript(src)).length + inline.length;
    const load = await autocannon({
      url,
      connections,
      duration,
      headers: { 'Accept-Encoding': 'br, gzip', 'Accept-Language': 'en' },
    });
    rows.push({
      target: target.name,
      'body raw': `${(raw.bytes / 1024).toFixed(1)} KiB`,
      [`body ${br.encoding}`]: `${(br.bytes / 1024).toFixed(1)} KiB`,
      'CSS (br)': `${(css / 1024).toFixed(1)} KiB`,
      'JS (br, incl. inline)': `${(js / 1024).toFixed(1)} KiB`,
      'scripts beyond SW': beyondShell === 0 ? 'none' : `${beyondShell} (MUST be none)`,
      'req/s': Math.round(load.requests.average),
      'p99 ms': load.latency.p99,
      errors: load.errors + load.non2xx,
    });
  }
  console.log(`\nArticles (${connections} connections × ${duration} s, anonymous reader):\n`);
  console.table(rows);
  return rows;
}
