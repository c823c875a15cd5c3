/*
 * The site's Web Push worker (issue 49), served at /push-sw.js so its scope is the whole site. A push carries
 * JSON { title, body, link, tag? } (shared-contracts PushMessagePayload); it is shown with the site's icon, and a
 * click focuses a tab of the site (taking it to the link) or opens the link. It has no fetch handler: pages load
 * from the network as without it.
 */
const ICON = '/push-icon.png';
const FALLBACK_TITLE = 'EV Service';

function readPayload(data) {
  if (!data) return {};
  try {
    const payload = data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return { body: data.text() };
  }
}

/** A path of this site; anything else opens the home page. */
function siteUrl(link) {
  const url = new URL(typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/', self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title.trim() ? payload.title : FALLBACK_TITLE;
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: ICON,
    badge: ICON,
    lang: 'vi',
    data: { url: siteUrl(payload.link) },
  };
  if (typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data && event.notification.data.url) || siteUrl('/');
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const site = tabs.filter((tab) => new URL(tab.url).origin === self.location.origin);
      const there = site.find((tab) => tab.url === target);
      if (there) return there.focus();
      if (site.length > 0) {
        const tab = await site[0].focus();
        // a tab this worker does not control cannot be sent elsewhere: the link opens in a new one
        const moved = await tab.navigate(target).catch(() => null);
        if (moved) return moved;
      }
      return self.clients.openWindow(target);
    })(),
  );
});
