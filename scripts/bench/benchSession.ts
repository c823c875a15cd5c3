/**
 * A signed-in visitor for Lighthouse: the demo account logs in through the API (POST /api/auth/login, as the login
 * form does), and the session goes where the site keeps it (localStorage `authToken`, `refreshToken`, `user`, see
 * shared-contracts/src/session) in the Chrome that Lighthouse drives, over the DevTools protocol (Node's WebSocket).
 */

export type BenchRole = 'customer' | 'staff' | 'technician' | 'manager' | 'admin';

interface LoginData {
  accessToken: string;
  refreshToken: string;
  userId: string;
  fullName: string;
  email: string;
  role: string;
  emailVerified: boolean;
  avatar: string | null;
}

/** The three entries the login flow writes, for `email`. */
export async function sessionEntriesOf(origin: string, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login of ${email} failed: ${response.status} ${await response.text()}`);
  const login = ((await response.json()) as { data: LoginData }).data;
  const user = { id: login.userId, fullName: login.fullName, email: login.email, role: login.role, emailVerified: login.emailVerified, avatar: login.avatar };
  return { authToken: login.accessToken, refreshToken: login.refreshToken, user: JSON.stringify(user) };
}

type Send = (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Runs `use` with a DevTools session on a new tab of the Chrome listening on `port`, then closes the tab. */
async function withTab<T>(port: number, use: (send: Send) => Promise<T>): Promise<T> {
  const target = (await (await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })).json()) as { id: string; webSocketDebuggerUrl: string };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error('no DevTools connection to the new tab'));
  });
  let lastId = 0;
  const pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  socket.onmessage = (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
    const call = message.id === undefined ? undefined : pending.get(message.id);
    if (!call) return;
    pending.delete(message.id!);
    if (message.error) call.reject(new Error(message.error.message));
    else call.resolve(message.result ?? {});
  };
  const send: Send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      lastId += 1;
      pending.set(lastId, { resolve, reject });
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  try {
    return await use(send);
  } finally {
    socket.close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
  }
}

/**
 * Before a signed-in run: the browser's HTTP cache emptied (Lighthouse's own reset would also clear the session, so
 * the run keeps storage and the cold load is made here) and the session stored for `origin`.
 */
export async function prepareSignedInRun(port: number, origin: string, entries: Record<string, string>): Promise<void> {
  await withTab(port, async (send) => {
    await send('Network.clearBrowserCache');
    // a small same-origin answer gives the tab the origin's localStorage
    await send('Page.navigate', { url: `${origin}/api/health` });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const result = (await send('Runtime.evaluate', { expression: 'location.origin', returnByValue: true })) as { result?: { value?: string } };
      if (result.result?.value === origin) break;
      if (Date.now() > deadline) throw new Error(`the tab never reached ${origin}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const script = `localStorage.clear(); sessionStorage.clear(); for (const [key, value] of Object.entries(${JSON.stringify(entries)})) localStorage.setItem(key, value);`;
    await send('Runtime.evaluate', { expression: script });
    // the health answer itself is not part of the page's load
    await send('Network.clearBrowserCache');
  });
}
