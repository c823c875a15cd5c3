import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_VIEW_ID, FIRST_VIEW_PAGE_SLOT, SIGNED_IN_FRAMES_FILE, type SignedInFrames } from '../../shell/src/firstView/firstViewMarkup.ts';

/**
 * The first view (docs/decisions/0005-first-view-composed-by-the-server.md): a public page's HTML, composed into
 * the shell's index.html when it is served, so a phone paints the page (and its largest element) from the HTML
 * instead of after the script chain. The shell's build writes its frame (dist/first-view/frame.html: header, footer,
 * the page's slot); the storefront's build writes its pages and routes.json (scripts/webpack/createFirstViewConfig.mts),
 * served with the remote and read from its URL (the remote is deployed on its own: a new storefront brings its new
 * pages). The shell's scripts show the app in its place once the app has rendered the page
 * (shell/src/firstView/revealApp.ts). A signed-in visitor's page (the account's, a work area's) starts as the shell's
 * frame in its signed-in form around the page's remote's first view, or a skeleton
 * (docs/decisions/0040-signed-in-first-view.md).
 */

interface RemoteFirstViewRoutes {
  /** what the page markup carries in place of the remote's public URL */
  assetBase: string;
  pages: Array<{ path: string; file: string; slots?: Record<string, string>; listing?: ListingFirstView }>;
}

/** A page's first view with the first item of an API listing (mfe-storefront/src/firstView/renderFirstView.tsx). */
interface ListingFirstView {
  file: string;
  /** the API path under /api/ (with its query) */
  api: string;
  /** what the markup carries in place of the first item's slug */
  slot: string;
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

/** How long a remote's pages are kept before it is asked again (a redeployed remote shows within this). */
const REMOTE_PAGES_TTL_MS = 10_000;
/** How long a failed read is kept: a hanging remote does not delay every page, a remote slow once is asked again soon. */
const FAILED_READ_TTL_MS = 1_000;
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
/**
 * A signed-in page's first view (the frame in its signed-in form around the page's skeleton) is the other way round:
 * a visitor without a stored session (whom the app sends to the login) sees the app from the start.
 */
const GUEST_STYLE = `<style>html:not([data-ev-session]) #${FIRST_VIEW_ID}{display:none}html:not([data-ev-session]) #root{display:block}</style>`;

/** Whom a first view is for: a guest's public page, or a page of the signed-in (account, work areas). */
export type FirstViewAudience = 'guest' | 'signed-in';

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
export function injectFirstView(
  html: string,
  firstView: string,
  pageRemoteManifestUrl?: string,
  audience: FirstViewAudience = 'guest',
): { html: string; scriptLoader: string } {
  const main = SHELL_SCRIPT.exec(html);
  if (!ROOT_ELEMENT.test(html) || !main) return { html, scriptLoader: '' };
  const preloads: Array<{ as: string; href: string; crossOrigin?: boolean }> = [...html.matchAll(STARTUP_PRELOAD)].map((match) => ({ as: match[1]!, href: match[2]! }));
  // the inline bootstrap script leaves the page's remote's manifest to this loader on a first view (data-ev-first-view)
  if (pageRemoteManifestUrl) preloads.push({ as: 'fetch', href: pageRemoteManifestUrl, crossOrigin: true });
  const visibility = audience === 'guest' ? SESSION_STYLE : GUEST_STYLE;
  const scriptLoader = scriptLoaderAfterFirstPaint(main[1]!, preloads);
  const page = html
    .replace(/<html(?=[ >])/, '<html data-ev-first-view')
    .replace('</head>', `${PAINT_WHOLE_FIRST_VIEW}</head>`)
    .replace(STARTUP_PRELOAD, '')
    .replace(SHELL_SCRIPT, '')
    .replace(ROOT_ELEMENT, () => `${visibility}<div id="${FIRST_VIEW_ID}">${firstView}</div><div id="root" hidden></div>${scriptLoader}`);
  return { html: page, scriptLoader };
}

export interface FirstViewComposer {
  /**
   * The first view of `pathname` (the frame with its page), or null when the storefront has none for it. `query`:
   * the request's query string; a page with one (filters) gets no listing's first item.
   */
  forPath(pathname: string, query?: string, manifestUrlOf?: ManifestUrlOf): Promise<string | null>;
  /**
   * The signed-in first view of `pathname`: the shell's frame in its signed-in form with the page as its remote's
   * first view has it, or else the page's skeleton; and the page's remote. Null when the path is not a page of the
   * signed-in.
   */
  signedInForPath(pathname: string, manifestUrlOf?: ManifestUrlOf): Promise<{ markup: string; remote: string } | null>;
}

/** A remote's mf-manifest.json URL in the browser's run-time manifest (absolute, or a path of this site). */
export type ManifestUrlOf = (remote: string) => string | undefined;

/** The storefront's name in the run-time manifest: the remote of the public pages' first views. */
const STOREFRONT = 'mfe_storefront';

/**
 * `shellRoot`: the shell's dist; `manifestUrlOf`: a remote's mf-manifest.json URL in the run-time manifest (its
 * folder holds first-view/). A remote that cannot be read gives no first view of its own: the page still works.
 * `internalUrls`: remote → where this server reads it from when that is not the browser's URL (a container reaches
 * another by its service name: http://storefront:8080); the page's asset URLs stay the browser's.
 * `apiUrl`: where this server asks the API for a listing's first item (the API's origin); without it, no listing.
 * `siteOrigin`: where this server reaches itself, to read a remote whose manifest URL is a path of this site (a
 * published build under /remotes/, decision 0070). Each call may pass the browser's own manifest (a canary's pages).
 */
export function createFirstViewComposer(
  shellRoot: string,
  manifestUrlOf: ManifestUrlOf,
  fetchText: (url: URL) => Promise<string> = fetchRemoteText,
  internalUrls: Partial<Record<string, string>> = {},
  apiUrl?: string,
  siteOrigin?: () => string | undefined,
): FirstViewComposer {
  const shellFiles = new Map<string, string | null>();
  const shellFile = (file: string): string | null => {
    if (!shellFiles.has(file)) {
      try {
        shellFiles.set(file, readFileSync(path.join(shellRoot, 'first-view', file), 'utf8'));
      } catch {
        shellFiles.set(file, null);
      }
    }
    return shellFiles.get(file)!;
  };
  let signedIn: SignedInFrames | null | undefined;
  const signedInFrames = () => {
    if (signedIn === undefined) {
      const list = shellFile(SIGNED_IN_FRAMES_FILE);
      signedIn = list ? (JSON.parse(list) as SignedInFrames) : null;
    }
    return signedIn;
  };
  const reads = new Map<string, { cached: RemoteRead | null; pending: Promise<RemoteRead> | null }>();
  const firstItems = new Map<string, { slug: Promise<string | null>; readAt: number }>();

  async function remotePages(remote: string, urlOf: ManifestUrlOf): Promise<RemoteRead | null> {
    const manifestUrl = urlOf(remote);
    if (!manifestUrl) return null;
    // a path of this site (a published build) is read from this server, its pages keep the path
    const onThisSite = manifestUrl.startsWith('/');
    const self = onThisSite ? siteOrigin?.() : undefined;
    if (onThisSite && !self) return null;
    const base = onThisSite ? manifestUrl.replace(/[^/]*$/, '') : new URL('.', manifestUrl).href;
    // one read per remote and folder: browsers on the canary and on the live build are served side by side
    const key = `${remote} ${base}`;
    const read = reads.get(key) ?? { cached: null, pending: null };
    reads.set(key, read);
    const keptFor = read.cached?.pages ? REMOTE_PAGES_TTL_MS : FAILED_READ_TTL_MS;
    if (read.cached && Date.now() - read.cached.readAt < keptFor) return read.cached;
    const internalUrl = internalUrls[remote];
    const readUrl = self ? new URL(base, self).href : internalUrl ? remoteFolder(internalUrl) : base;
    read.pending ??= readRemotePages(readUrl, fetchText)
      .catch(() => null)
      .then((pages) => (read.cached = { base, pages, readAt: Date.now() }))
      .finally(() => (read.pending = null));
    return read.pending;
  }

  /** The slug of the listing's first item, kept as long as a remote's pages; null when the API has none to give. */
  function firstItemSlug(api: string): Promise<string | null> {
    if (!apiUrl) return Promise.resolve(null);
    const known = firstItems.get(api);
    if (known && Date.now() - known.readAt < REMOTE_PAGES_TTL_MS) return known.slug;
    const slug = fetchText(new URL(`/api/${api}`, apiUrl))
      .then((text) => {
        const slug = (JSON.parse(text) as { data?: { items?: Array<{ slug?: unknown }> } }).data?.items?.[0]?.slug;
        return typeof slug === 'string' && slug.length <= MAX_PARAMETER_LENGTH && SAFE_PARAMETER.test(slug) ? slug : null;
      })
      .catch(() => null);
    firstItems.set(api, { slug, readAt: Date.now() });
    return slug;
  }

  /** The remote's first view of `pathname`, its asset URLs and slots filled; undefined when it has none, null when the path's parameters are refused. */
  async function remotePage(remote: string, pathname: string, query: string, urlOf: ManifestUrlOf): Promise<string | null | undefined> {
    const read = await remotePages(remote, urlOf);
    const pages = read?.pages;
    if (!read || !pages) return undefined;
    for (const page of pages.routes.pages) {
      const params = matchRoute(page.path, pathname);
      if (!params) continue;
      const firstSlug = page.listing && !query && pages.files.has(page.listing.file) ? await firstItemSlug(page.listing.api) : null;
      const markup = firstSlug ? pages.files.get(page.listing!.file)!.split(page.listing!.slot).join(firstSlug) : pages.files.get(page.file);
      if (markup === undefined) return undefined;
      let filled = markup.split(pages.routes.assetBase).join(read.base);
      for (const [name, slot] of Object.entries(page.slots ?? {})) {
        const value = params[name];
        if (!value || value.length > MAX_PARAMETER_LENGTH || !SAFE_PARAMETER.test(value)) return null;
        filled = filled.split(slot).join(value);
      }
      return filled;
    }
    return undefined;
  }

  return {
    async forPath(pathname, query = '', urlOf = manifestUrlOf) {
      const shellFrame = shellFile('frame.html');
      if (!shellFrame) return null;
      const page = await remotePage(STOREFRONT, pathname, query, urlOf);
      return typeof page === 'string' ? shellFrame.replace(FIRST_VIEW_PAGE_SLOT, () => page) : null;
    },
    async signedInForPath(pathname, urlOf = manifestUrlOf) {
      const frames = signedInFrames();
      const page = frames?.pages.find((candidate) => matchRoute(candidate.path, pathname));
      const frame = page && shellFile(page.file);
      const skeleton = page && frames?.skeletons[page.skeleton];
      if (!page || !frame || skeleton === undefined) return null;
      const remoteView = await remotePage(page.remote, pathname, '', urlOf);
      if (remoteView === null) return null;
      return { markup: frame.replace(FIRST_VIEW_PAGE_SLOT, () => remoteView ?? skeleton), remote: page.remote };
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
  const fileNames = routes.pages.flatMap((page) => (page.listing ? [page.file, page.listing.file] : [page.file]));
  await Promise.all(fileNames.map(async (file) => files.set(file, await read(file))));
  return { routes, files };
}
