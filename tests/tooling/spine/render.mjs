// Draws one frame of a limber Spine export in headless Chromium with spine-webgl and writes it as
// a PNG.
//
//   node render.mjs SKELETON.json OUT.png [--animation NAME] [--time T] [--x0 X] [--y0 Y]
//                   [--width W] [--height H] [--scale S] [--bg R,G,B] [--skin NAME] [--pma 0|1]
//
// Each option becomes the page's query parameter of that name (page/frame.mjs says what each does).
// The atlas is SKELETON.atlas beside the JSON, its pages beside the atlas. A localhost HTTP server
// on a free port serves page/ (index.html, frame.mjs), spine-webgl's IIFE bundle from node_modules
// and the export's folder; Chromium (CHROMIUM, default /usr/bin/chromium) opens the page through
// playwright-core with a fresh profile and WebGL on SwiftShader, and the canvas is saved.
// Setup: `npm ci` here and Debian's `chromium` package (CI's .ci/run installs both).
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, writeFile, access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const [skeleton, out, ...rest] = process.argv.slice(2);
if (!skeleton || !out) {
  console.error('usage: node render.mjs SKELETON.json OUT.png [--animation NAME] [--time T] ...');
  process.exit(2);
}
const params = new URLSearchParams();
for (let i = 0; i + 1 < rest.length; i += 2) params.set(rest[i].replace(/^--/, ''), rest[i + 1]);

const exportDir = path.dirname(path.resolve(skeleton));
const stem = path.basename(skeleton, '.json');
const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.json': 'application/json', '.atlas': 'text/plain', '.png': 'image/png' };
const routes = [
  ['/page/', path.join(here, 'page')],
  ['/spine-webgl/', path.join(here, 'node_modules', '@esotericsoftware', 'spine-webgl', 'dist', 'iife')],
  ['/export/', exportDir],
];
const server = createServer(async (req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  let file = url === '/' ? path.join(here, 'page', 'index.html') : null;
  for (const [prefix, dir] of routes) {
    if (!file && url.startsWith(prefix)) {
      const candidate = path.join(dir, url.slice(prefix.length));
      if (candidate.startsWith(dir + path.sep)) file = candidate;
    }
  }
  try {
    if (!file) throw new Error('not found');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
params.set('json', `/export/${encodeURIComponent(`${stem}.json`)}`);
params.set('atlas', `/export/${encodeURIComponent(`${stem}.atlas`)}`);

const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
try {
  await access(executablePath);
} catch {
  console.error(`Chromium not found at ${executablePath}: install it (apt-get install -y chromium) or set CHROMIUM`);
  server.close();
  process.exit(3);
}
const profile = await mkdtemp(path.join(tmpdir(), 'limber-spine-chromium-'));
let status = 0;
let context;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      // WebGL without a GPU: SwiftShader, which Chromium only allows when asked.
      '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  const page = context.pages()[0] || (await context.newPage());
  const logs = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e}`));
  await page.goto(`http://127.0.0.1:${port}/?${params}`);
  await page.waitForFunction(() => window.frame || window.frameError, null, { timeout: 60000 });
  const error = await page.evaluate(() => window.frameError);
  if (error) throw new Error(`${error}\n${logs.join('\n')}`);
  const url = await page.evaluate(() => window.frame);
  await writeFile(out, Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
} catch (e) {
  console.error(String(e && e.stack ? e.stack : e));
  status = 1;
} finally {
  if (context) await context.close();
  server.close();
  await rm(profile, { recursive: true, force: true });
}
process.exit(status);
