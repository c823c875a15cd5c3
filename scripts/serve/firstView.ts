import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_VIEW_ID, FIRST_VIEW_PAGE_SLOT } from '../../shell/src/firstView/firstViewMarkup.ts';

/**
 * The first view (docs/decisions/0005-first-view-composed-by-the-server.md): a public page's HTML, composed into
 * the shell's index.html when it is served, so a phone paints the page (and its largest element) from the HTML
 * instead of after the script chain. The shell's build writes its frame (dist/first-view/frame.html: header, footer,
 * the page's slot); the storefront's build writes its pages and routes.json (scripts/webpack/createFirstViewConfig.mts),
 * served with the remote and read from its URL (the remote is deployed on its own: a new storefront brings its new
 * pages). The shell's scripts show the app in its place once the app has rendered the page
 * (shell/src/firstView/revealApp.ts).
 */

interface RemoteFirstViewRoutes {
  /** what the page markup carries in place of the remote's public URL */
  assetBase: string;
  pages: Array<{ path: string; file: string; slots?: Record<string, string> }>;
}

interface RemotePages {
  routes: RemoteFirstViewRoutes;
  files: Map<string, string>;
}

/** What was read of a remote, or that it could not be read (not asked again before the TTL either). */
interface RemoteRead {
  base: string;
  pages: RemotePages | null;
  readAt: number;
}

/** How long a remote's pages, or its failure to give them, are kept before it is asked again (a redeployed remote shows within this). */
const REMOTE_PAGES_TTL_MS = 10_000;
/** A route parameter the page may carry: a slug, nothing an HTML attribute or a URL would read otherwise. */
const SAFE_PARAMETER = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_PARAMETER_LENGTH = 200;
const ROOT_ELEMENT = /<div id="?root"?><\/div>/;

/** The parameters of `pathname` under `pattern` (/products/:slug), or null when it does not match. */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < want.length; index++) {
    const segment = want[index]!;
    const actual = got[index]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = actual;
    else if (segment !== actual) return null;
  }
  return params;
}

/**
 * The first view is a guest's page (its header says 'Đăng nhập'): a visitor with a stored session (the inline
 * bootstrap script marks <html data-ev-session>, remotesBootstrap.ts) sees the app from the start instead.
 */
const SESSION_STYLE = `<style>html[data-ev-session] #${FIRST_VIEW_ID}{display:none}html[data-ev-session] #root{display:block}</style>`;

/** The shell's scripts and the preloads of its startup chunks and stylesheet, as its build writes them into index.html. */
const SHELL_SCRIPT = /<script defer(?:="defer")? src="?([^" >]+)"?><\/script>/;
const STARTUP_PRELOAD = /<link rel="?preload"? as="?(script|style)"? href="?([^" >]+)"?>/g;

/**
 * The first paint waits for the whole first view (render-blocking until the app's root, which follows it, is parsed):
 * otherwise the browser paints the header from the first bytes of the HTML and lays out the whole page again after
 * that first paint, a long main-thread task counted as blocking time, and the page appears in two steps. Browsers
 * without `rel=expect` ignore it (docs/decisions/0006-start-up-in-short-tasks.md).
 */
const PAINT_WHOLE_FIRST_VIEW = '<link rel="expect" href="#root" blocking="render">';

/** At the latest this long after the page is parsed, the scripts start even if its images are still coming. */
export const SCRIPTS_AT_THE_LATEST_MS = 1_500;

/**
 * Preloads started per task. Each inserted preload is a request the renderer starts there and then, a measurable
 * slice of the main thread on a phone: several in one task make a long task, one at a time keeps each task short,
 * and the browser paints or answers a tap between them (docs/decisions/0006-start-up-in-short-tasks.md; figures in
 * docs/performance.md, bench:main-thread).
 */
export const PRELOADS_PER_TASK = 1;

/**
 * The inline script that starts the shell's scripts (and its preloads: startup chunks, stylesheet, the storefront's
 * manifest) once the first view is complete: after the page's load event (its styles and its largest image are in)
 * and the frame that paints it, or SCRIPTS_AT_THE_LATEST_MS after the page was parsed, whichever comes first. The
 * preloads go in PRELOADS_PER_TASK at a time, then the shell's main script.
 */
export function scriptLoaderAfterFirstPaint(mainScript: string, preloads: Array<{ as: string; href: string; crossOrigin?: boolean }>): string {
  const data = JSON.stringify({ main: mainScript, preloads, latest: SCRIPTS_AT_THE_LATEST_MS, perTask: PRELOADS_PER_TASK }).replace(/</g, '\\u003c');
  return (
    '<script>(function(d){var done=false,next=0;function go(){if(done)return;done=true;batch()}' +
    "function batch(){d.preloads.slice(next,next+d.perTask).forEach(function(p){var l=document.createElement('link');l.rel='preload';l.as=p.as;if(p.crossOrigin)l.crossOrigin='anonymous';l.href=p.href;document.head.appendChild(l)});" +
    "next+=d.perTask;if(next<d.preloads.length){setTimeout(batch,0);return}" +
    "var s=document.createElement('script');s.src=d.main;document.head.appendChild(s)}" +
    "function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}" +
    "if(document.readyState==='complete')painted();else addEventListener('load',painted);" +
    `setTimeout(go,d.latest)})(${data})</script>`
  );
}

/**
 * index.html with the first view before the app's root, the root hidden until the app reveals itself, and the
 * shell's scripts started only once the first view has painted: the page's first bytes on a phone's network are
 * its HTML, its inline styles and its largest image, not 200 KB of script that cannot show anything sooner.
 * `scriptLoader` is the inline script the page's Content-Security-Policy must allow (by its hash).
 */
export function injectFirstView(html: string, firstView: string, storefrontManifestUrl?: string): { html: string; scriptLoader: string } {
  const main = SHELL_SCRIPT.exec(html);
  if (!ROOT_ELEMENT.test(html) || !main) return { html, scriptLoader: '' };
  const preloads: Array<{ as: string; href: string; crossOrigin?: boolean }> = [...html.matchAll(STARTUP_PRELOAD)].map((match) => ({ as: match[1]!, href: match[2]! }));
  // the inline bootstrap script leaves the storefront's manifest to this loader on a first view (data-ev-first-view)
  if (storefrontManifestUrl) preloads.push({ as: 'fetch', href: storefrontManifestUrl, crossOrigin: true });
  const scriptLoader = scriptLoaderAfterFirstPaint(main[1]!, preloads);
  const page = html
    .replace(/<html(?=[ >])/, '<html data-ev-first-view')
    .replace('</head>', `${PAINT_WHOLE_FIRST_VIEW}</head>`)
    .replace(STARTUP_PRELOAD, '')
    .replace(SHELL_SCRIPT, '')
    .replace(ROOT_ELEMENT, () => `${SESSION_STYLE}<div id="${FIRST_VIEW_ID}">${firstView}</div><div id="root" hidden></div>${scriptLoader}`);
  return { html: page, scriptLoader };
}

export interface FirstViewComposer {
  /** the first view of `pathname` (the frame with its page), or null when the storefront has none for it */
  forPath(pathname: string): Promise<string | null>;
}

/**
 * `shellRoot`: the shell's dist; `storefrontManifestUrl`: the storefront's mf-manifest.json URL of the run-time
 * manifest (its folder holds first-view/). A remote that cannot be read gives no first view: the page still works.
 * `storefrontReadUrl`: where this server reads the storefront from when that is not the browser's URL (a container
 * reaches another by its service name: http://storefront:8080); the page's asset URLs stay the browser's.
 */
export function createFirstViewComposer(
  shellRoot: string,
  storefrontManifestUrl: () => string | undefined,
  fetchText: (url: URL) => Promise<string> = fetchRemoteText,
  storefrontReadUrl?: string,
): FirstViewComposer {
  let frame: string | null | undefined;
  const frameMarkup = () => {
    if (frame === undefined) {
      try {
        frame = readFileSync(path.join(shellRoot, 'first-view', 'frame.html'), 'utf8');
      } catch {
        frame = null;
      }
    }
    return frame;
  };
  let cached: RemoteRead | null = null;
  let pending: Promise<RemoteRead> | null = null;

  async function remotePages(): Promise<RemoteRead | null> {
    const manifestUrl = storefrontManifestUrl();
    if (!manifestUrl) return null;
    const base = new URL('.', manifestUrl).href;
    if (cached && cached.base === base && Date.now() - cached.readAt < REMOTE_PAGES_TTL_MS) return cached;
    pending ??= readRemotePages(storefrontReadUrl ? remoteFolder(storefrontReadUrl) : base, fetchText)
      .catch(() => null)
      .then((pages) => (cached = { base, pages, readAt: Date.now() }))
      .finally(() => (pending = null));
    return pending;
  }

  return {
    async forPath(pathname) {
      const shellFrame = frameMarkup();
      if (!shellFrame) return null;
      const read = await remotePages();
      const remote = read?.pages;
      if (!read || !remote) return null;
      for (const page of remote.routes.pages) {
        const params = matchRoute(page.path, pathname);
        if (!params) continue;
        const markup = remote.files.get(page.file);
        if (markup === undefined) return null;
        let filled = markup.split(remote.routes.assetBase).join(read.base);
        for (const [name, slot] of Object.entries(page.slots ?? {})) {
          const value = params[name];
          if (!value || value.length > MAX_PARAMETER_LENGTH || !SAFE_PARAMETER.test(value)) return null;
          filled = filled.split(slot).join(value);
        }
        return shellFrame.replace(FIRST_VIEW_PAGE_SLOT, () => filled);
      }
      return null;
    },
  };
}

/** The folder of a remote's manifest URL, or of its base URL (http://storefront:8080 → http://storefront:8080/). */
export function remoteFolder(url: string): string {
  return /\.(json|js)$/.test(new URL(url).pathname) ? new URL('.', url).href : `${url.replace(/\/+$/, '')}/`;
}

async function fetchRemoteText(url: URL): Promise<string> {
  // a remote that hangs delays the page this long at most, once per TTL
  const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  if (!response.ok) throw new Error(`${url.href}: ${response.status}`);
  return response.text();
}

async function readRemotePages(base: string, fetchText: (url: URL) => Promise<string>): Promise<RemotePages> {
  const read = (file: string) => fetchText(new URL(`first-view/${file}`, base));
  const routes = JSON.parse(await read('routes.json')) as RemoteFirstViewRoutes;
  const files = new Map<string, string>();
  await Promise.all(routes.pages.map(async (page) => files.set(page.file, await read(page.file))));
  return { routes, files };
}
