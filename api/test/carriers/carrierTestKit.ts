import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ghnStandInMasterData } from '../../src/modules/carriers';
import { searchWards } from '../../src/modules/addresses';

/** GHN's codes of an official ward straight from the stand-in's master data (what a sync would store). */
export async function standInWardCodeOf(officialWardCode: string) {
  const ward = ghnStandInMasterData().wards.find((entry) => entry.officialCode === officialWardCode);
  return ward ? { districtId: ward.districtId, wardCode: ward.wardCode } : null;
}

/** A ward of a province by its name (the route's ends in the tests). */
export function wardNamed(province: string, q: string) {
  const ward = searchWards({ province, q, limit: 1 })[0];
  if (!ward) throw new Error(`no ward ${q} in ${province}`);
  return ward;
}

/** A loopback receiver of webhooks: what arrived, and the status it answers. */
export async function webhookReceiver(answer = 200) {
  const received: { url: string; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ url: request.url ?? '', body });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
