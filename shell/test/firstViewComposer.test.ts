import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFirstViewComposer, injectFirstView, matchRoute, scriptLoaderAfterFirstPaint } from '../../scripts/serve/firstView';

const FRAME = '<header>EV Service</header><main><!--ev-first-view-page--></main><footer>©</footer>';
const REMOTE = 'http://127.0.0.1:3301/';
const ROUTES = {
  assetBase: '__EV_ASSET_BASE__/',
  pages: [
    { path: '/', file: 'home.html' },
    {
      path: '/products',
      file: 'products.html',
      listing: { file: 'products-listing.html', api: 'products?sort=popular&page=1&pageSize=12', slot: '__EV_FIRST_PRODUCT_SLUG__' },
    },
    { path: '/products/:slug', file: 'product.html', slots: { slug: '__EV_PRODUCT_SLUG__' } },
  ],
};
const FILES: Record<string, string> = {
  'routes.json': JSON.stringify(ROUTES),
  'home.html': '<h1>Trang chủ</h1><img src="__EV_ASSET_BASE__/hero.svg">',
  'product.html': '<img src="/api/media/product-cover/__EV_PRODUCT_SLUG__" alt="">',
  'products.html': '<h1>Sản phẩm</h1><div role="status"></div>',
  'products-listing.html': '<h1>Sản phẩm</h1><img src="/api/media/product-cover/__EV_FIRST_PRODUCT_SLUG__" alt="">',
};
const API = 'http://127.0.0.1:4300';
const SIGNED_IN_FRAMES = {
  pages: [
    { path: '/dashboard', file: 'signed-in.html', remote: 'mfe_account', skeleton: 'public' },
    { path: '/technician/work-queue', file: 'work-technician.html', remote: 'mfe_backoffice', skeleton: 'work' },
  ],
  skeletons: { public: '<div role="status">Đang tải...</div>', work: '<div role="status" class="work">Đang tải...</div>' },
};
const ACCOUNT = 'http://127.0.0.1:3302/';
const ACCOUNT_FILES: Record<string, string> = {
  'routes.json': JSON.stringify({ assetBase: '__EV_ASSET_BASE__/', pages: [{ path: '/dashboard', file: 'dashboard.html' }] }),
  'dashboard.html': '<h1>Tổng quan</h1><p>Tổng quan tài khoản của bạn</p>',
};

let shellRoot: string;
beforeAll(() => {
  shellRoot = mkdtempSync(path.join(tmpdir(), 'ev-first-view-'));
  mkdirSync(path.join(shellRoot, 'first-view'));
  writeFileSync(path.join(shellRoot, 'first-view', 'frame.html'), FRAME);
  writeFileSync(path.join(shellRoot, 'first-view', 'signed-in.json'), JSON.stringify(SIGNED_IN_FRAMES));
  writeFileSync(path.join(shellRoot, 'first-view', 'signed-in.html'), '<header>EV Service<a href="/profile">Tài khoản</a></header><main><!--ev-first-view-page--></main>');
  writeFileSync(path.join(shellRoot, 'first-view', 'work-technician.html'), '<header>EV Service<span>Kỹ thuật viên</span></header><main><!--ev-first-view-page--></main>');
});
afterAll(() => rmSync(shellRoot, { recursive: true, force: true }));

function remote(files: Record<string, string> = FILES) {
  const requested: string[] = [];
  const fetchText = async (url: URL) => {
    requested.push(url.href);
    const file = url.href.startsWith(`${REMOTE}first-view/`) ? files[url.href.slice(`${REMOTE}first-view/`.length)] : undefined;
    if (file === undefined) throw new Error(`404 ${url.href}`);
    return file;
  };
  return { fetchText, requested };
}

describe('the first view of a public page', () => {
  it('matches a route pattern and reads its parameters', () => {
    expect(matchRoute('/', '/')).toEqual({});
    expect(matchRoute('/products/:slug', '/products/pin-60v')).toEqual({ slug: 'pin-60v' });
    expect(matchRoute('/products/:slug', '/products')).toBeNull();
    expect(matchRoute('/products', '/promotions')).toBeNull();
  });

  it("puts the storefront's page into the shell's frame, with the remote's asset URLs", async () => {
    const { fetchText } = remote();
    const composer = createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, fetchText);
    const view = await composer.forPath('/');
    expect(view).toBe(`<header>EV Service</header><main><h1>Trang chủ</h1><img src="${REMOTE}hero.svg"></main><footer>©</footer>`);
  });

  it("reads the pages from the storefront's address inside the deployment, and keeps the browser's URL in them (a container)", async () => {
    const requested: string[] = [];
    const inside = 'http://storefront:8080/first-view/';
    const fetchText = async (url: URL) => {
      requested.push(url.href);
      const file = url.href.startsWith(inside) ? FILES[url.href.slice(inside.length)] : undefined;
      if (file === undefined) throw new Error(`404 ${url.href}`);
      return file;
    };
    const composer = createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, fetchText, { mfe_storefront: 'http://storefront:8080' });
    expect(await composer.forPath('/')).toContain(`<img src="${REMOTE}hero.svg">`);
    expect(requested).toEqual([`${inside}routes.json`, `${inside}home.html`, `${inside}products.html`, `${inside}products-listing.html`, `${inside}product.html`]);
  });

  it("writes the product's slug into the product page (its image by slug)", async () => {
    const composer = createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, remote().fetchText);
    expect(await composer.forPath('/products/ma-phanh-dia')).toContain('<img src="/api/media/product-cover/ma-phanh-dia" alt="">');
  });

  it('gives no first view for a slug that is not one (nothing of the path reaches the HTML), nor for a page without one', async () => {
    const composer = createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, remote().fetchText);
    expect(await composer.forPath('/products/"><script>alert(1)<')).toBeNull();
    expect(await composer.forPath('/products/Pin_60V')).toBeNull();
    expect(await composer.forPath(`/products/${'a'.repeat(201)}`)).toBeNull();
    expect(await composer.forPath('/cart')).toBeNull();
  });

  it("gives no first view when the storefront's pages cannot be read (the page still loads as before)", async () => {
    const withoutRoutes = Object.fromEntries(Object.entries(FILES).filter(([file]) => file !== 'routes.json'));
    const composer = createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, remote(withoutRoutes).fetchText);
    expect(await composer.forPath('/')).toBeNull();
  });

  it('does not ask a storefront that failed again before the TTL (a hanging remote would delay every page)', async () => {
    const { fetchText, requested } = remote({});
    const composer = createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, fetchText);
    expect(await composer.forPath('/')).toBeNull();
    expect(await composer.forPath('/')).toBeNull();
    expect(requested).toHaveLength(1);
  });

  it('asks a storefront that failed again after a second, and keeps pages that came for longer', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      let reachable = false;
      const { fetchText: answer, requested } = remote();
      const fetchText = (url: URL) => (reachable ? answer(url) : Promise.reject(new Error('timeout')));
      const composer = createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, fetchText);
      expect(await composer.forPath('/')).toBeNull();
      reachable = true;
      now.mockReturnValue(1_000_500);
      expect(await composer.forPath('/')).toBeNull();
      now.mockReturnValue(1_001_100);
      expect(await composer.forPath('/')).toContain('<h1>Trang chủ</h1>');
      const reads = requested.filter((url) => url.endsWith('routes.json')).length;
      now.mockReturnValue(1_009_000);
      expect(await composer.forPath('/')).toContain('<h1>Trang chủ</h1>');
      expect(requested.filter((url) => url.endsWith('routes.json'))).toHaveLength(reads);
    } finally {
      now.mockRestore();
    }
  });

  it("reads the storefront's pages once for many requests", async () => {
    const { fetchText, requested } = remote();
    const composer = createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, fetchText);
    await Promise.all([composer.forPath('/'), composer.forPath('/'), composer.forPath('/products/pin')]);
    await composer.forPath('/');
    expect(requested.filter((url) => url.endsWith('routes.json'))).toHaveLength(1);
  });

  it("hides the app's root until it reveals itself, after the first view, and starts the shell's scripts after the first paint", () => {
    const html =
      '<!doctype html><html><head><title>EV</title><link rel=preload as=style href=/67.ab.css><link rel=preload as=script href=/470.cd.js>' +
      '<script defer src=/main.js?1234></script></head><body><div id=root></div></body></html>';
    const { html: page, scriptLoader } = injectFirstView(html, '<h1>Trang chủ</h1>', `${REMOTE}mf-manifest.json`);
    // the inline bootstrap script then leaves the storefront's manifest to the loader
    expect(page).toMatch(/^<!doctype html><html data-ev-first-view><head>/);
    expect(scriptLoader).toContain(`{"as":"fetch","href":"${REMOTE}mf-manifest.json","crossOrigin":true}`);
    expect(page).toContain('<div id="ev-first-view"><h1>Trang chủ</h1></div><div id="root" hidden></div><script>');
    // nothing but the HTML, its styles and its images downloads before the first paint
    expect(page).not.toMatch(/<link rel=preload|<script defer/);
    expect(scriptLoader).toContain('"main":"/main.js?1234"');
    expect(scriptLoader).toContain('{"as":"style","href":"/67.ab.css"},{"as":"script","href":"/470.cd.js"}');
    expect(page).toContain(scriptLoader);
    // a visitor with a stored session sees the app, not a guest's page
    expect(page).toContain('html[data-ev-session] #ev-first-view{display:none}');
    // the first paint waits until the whole first view is parsed (the root follows it): one paint, not two
    expect(page).toContain('<link rel="expect" href="#root" blocking="render"></head>');
    expect(page.indexOf('id="root"')).toBeGreaterThan(page.indexOf('</h1></div>'));
  });

  it('leaves a page it does not recognise as it is', () => {
    const html = '<html><body><div id="app"></div></body></html>';
    expect(injectFirstView(html, '<h1>Trang chủ</h1>')).toEqual({ html, scriptLoader: '' });
  });

  it('loads the scripts it names, in a browser, once the page has loaded and a frame has painted', async () => {
    document.head.innerHTML = '';
    const chunks = Array.from({ length: 9 }, (_, index) => ({ as: 'script', href: `/${index}.js` }));
    const loader = scriptLoaderAfterFirstPaint('/main.js?1', chunks);
    new Function(loader.replace(/^<script>|<\/script>$/g, ''))();
    expect(document.head.querySelector('script[src="/main.js?1"]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(document.head.querySelector('script[src="/main.js?1"]')).not.toBeNull();
    // every preload, in order, before the main script
    expect([...document.head.children].map((element) => element.getAttribute('href') ?? element.getAttribute('src'))).toEqual([...chunks.map((chunk) => chunk.href), '/main.js?1']);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});

describe('the first view of /products', () => {
  const withApi = (answer: unknown) => {
    const { fetchText: remoteText, requested } = remote();
    const fetchText = async (url: URL) => {
      if (!url.href.startsWith(`${API}/api/`)) return remoteText(url);
      requested.push(url.href);
      if (answer instanceof Error) throw answer;
      return JSON.stringify(answer);
    };
    return { composer: createFirstViewComposer(shellRoot, () => `${REMOTE}mf-manifest.json`, fetchText, undefined, API), requested };
  };

  it("shows the listing's first product's image from the HTML: the page's largest element on a phone", async () => {
    const { composer, requested } = withApi({ success: true, data: { items: [{ slug: 'ma-phanh-dia' }, { slug: 'pin-60v' }] } });
    expect(await composer.forPath('/products')).toContain('<h1>Sản phẩm</h1><img src="/api/media/product-cover/ma-phanh-dia" alt="">');
    await composer.forPath('/products');
    // the page's own first query, asked once for many pages
    expect(requested.filter((url) => url.startsWith(API))).toEqual([`${API}/api/products?sort=popular&page=1&pageSize=12`]);
  });

  it('shows placeholders instead with filters in the query, without an answer or with a slug that is not one', async () => {
    expect(await withApi({ success: true, data: { items: [{ slug: 'ma-phanh-dia' }] } }).composer.forPath('/products', 'category=pin')).toContain(
      '<h1>Sản phẩm</h1><div role="status"></div>',
    );
    expect(await withApi(new Error('503')).composer.forPath('/products')).toContain('<div role="status"></div>');
    expect(await withApi({ success: true, data: { items: [] } }).composer.forPath('/products')).toContain('<div role="status"></div>');
    expect(await withApi({ success: true, data: { items: [{ slug: '"><script>' }] } }).composer.forPath('/products')).not.toContain('script');
  });
});

describe('the first view of a signed-in page', () => {
  const manifestUrls: Record<string, string> = { mfe_storefront: `${REMOTE}mf-manifest.json`, mfe_account: `${ACCOUNT}mf-manifest.json`, mfe_backoffice: 'http://127.0.0.1:3303/mf-manifest.json' };
  const composer = (accountFiles: Record<string, string> = ACCOUNT_FILES) =>
    createFirstViewComposer(shellRoot, (name) => manifestUrls[name], async (url: URL) => {
      const file = url.href.startsWith(`${ACCOUNT}first-view/`) ? accountFiles[url.href.slice(`${ACCOUNT}first-view/`.length)] : undefined;
      if (file === undefined) throw new Error(`404 ${url.href}`);
      return file;
    });

  it("puts the page as its remote's first view has it into the shell's frame in its signed-in form", async () => {
    expect(await composer().signedInForPath('/dashboard')).toEqual({
      markup: '<header>EV Service<a href="/profile">Tài khoản</a></header><main><h1>Tổng quan</h1><p>Tổng quan tài khoản của bạn</p></main>',
      remote: 'mfe_account',
    });
  });

  it("shows the page's skeleton when its remote has no first view of it, and nothing for a page not of the signed-in", async () => {
    expect(await composer({}).signedInForPath('/dashboard')).toEqual({
      markup: '<header>EV Service<a href="/profile">Tài khoản</a></header><main><div role="status">Đang tải...</div></main>',
      remote: 'mfe_account',
    });
    expect(await composer().signedInForPath('/technician/work-queue')).toEqual({
      markup: '<header>EV Service<span>Kỹ thuật viên</span></header><main><div role="status" class="work">Đang tải...</div></main>',
      remote: 'mfe_backoffice',
    });
    expect(await composer().signedInForPath('/products')).toBeNull();
  });

  it('shows it to a visitor with a stored session only (a guest is sent to the login by the app), and preloads the page remote', () => {
    const html = '<!doctype html><html><head><title>EV</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';
    const { html: page, scriptLoader } = injectFirstView(html, '<header>EV Service</header>', 'http://127.0.0.1:3302/mf-manifest.json', 'signed-in');
    expect(page).toContain('html:not([data-ev-session]) #ev-first-view{display:none}html:not([data-ev-session]) #root{display:block}');
    expect(page).not.toContain('html[data-ev-session] #ev-first-view{display:none}');
    expect(page).toContain('<div id="ev-first-view"><header>EV Service</header></div><div id="root" hidden></div>');
    expect(scriptLoader).toContain('{"as":"fetch","href":"http://127.0.0.1:3302/mf-manifest.json","crossOrigin":true}');
  });
});
