import {
  catalogueChangeListSchema,
  CHECKLIST_COMPONENT_CODES,
  serviceAdminPageSchema,
  serviceAdminSchema,
  serviceSchema,
  summariseChecklistChange,
  type ServiceAdmin,
} from 'shared-contracts/schemas';
import { CHECKLIST_COMPONENT } from '../../../src/modules/prediction/checklistComponents';
import { COMPONENTS } from '../../../src/modules/prediction/knowledgeBase';
import { SERVICES } from '../../../seed/catalogue/services';
import { seedCatalogueServiceHistory } from '../../../seed/catalogueServiceHistory';
import { DEMO_ACCOUNTS } from '../../../seed';
import type { TestUser } from '../../support/serviceTestKit';
import { authHeader, startServiceApp } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';

type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'staff', 'technician', 'manager', 'admin'];

let nameCounter = 0;
const newName = () => `Kiểm tra hệ thống điện ${process.pid % 10_000}-${(nameCounter += 1)}`;

describe('the checklist component codes a template may use', () => {
  it('hold every code prediction keys a finding by and every code of the seeded templates', () => {
    const known = new Set(CHECKLIST_COMPONENT_CODES);
    const needed = [...COMPONENTS.map((component) => component.code), ...Object.keys(CHECKLIST_COMPONENT), ...SERVICES.flatMap((service) => service.checklist.map((item) => item.code))];
    expect(needed.filter((code) => !known.has(code))).toEqual([]);
  });

  it('summarise a template’s change in words', () => {
    const before = [
      { code: 'LIGHTS', label: 'Đèn' },
      { code: 'HORN', label: 'Còi' },
      { code: 'WASH', label: 'Rửa xe' },
    ];
    const after = [
      { code: 'HORN', label: 'Còi' },
      { code: 'LIGHTS', label: 'Đèn pha, cốt' },
      { code: 'BOLTS', label: 'Siết ốc' },
    ];
    expect(summariseChecklistChange(before, after)).toBe('Thêm: Siết ốc (BOLTS) · Bỏ: Rửa xe (WASH) · Đổi nhãn: Đèn → Đèn pha, cốt (LIGHTS) · Đổi thứ tự');
    expect(summariseChecklistChange(before, before)).toBe('Không đổi');
    expect(summariseChecklistChange(null, after)).toBe('3 hạng mục');
  });
});

describe.each(testDatabases())('the admin’s services on $label', (target) => {
  const floor = useFloor(target);
  const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : floor.users[name]);

  const validBody = (overrides: Record<string, unknown> = {}) => ({
    name: newName(),
    kind: 'diagnostics',
    tier: null,
    summary: 'Đo cách điện, kiểm tra bó dây và bộ điều khiển.',
    description: 'Kỹ thuật viên kiểm tra **toàn bộ** hệ thống điện.',
    price: 350_000,
    durationMinutes: 60,
    vatRate: 10,
    vehicleTypes: ['scooter', 'car'],
    checklist: [
      { code: 'WIRING', label: 'Bó dây, giắc nối' },
      { code: 'INSULATION', label: 'Điện trở cách điện' },
    ],
    sortOrder: 500,
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}): Promise<ServiceAdmin> {
    const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/services', validBody(overrides));
    expect(response.statusCode).toBe(201);
    return serviceAdminSchema.parse(response.json().data);
  }
  const read = async (id: number) => serviceAdminSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/services/${id}`)).json().data);
  const saveBody = (service: ServiceAdmin, changes: Record<string, unknown> = {}) => {
    const { id: _id, slug: _slug, isActive: _active, ...rest } = service;
    return { ...rest, ...changes };
  };
  const save = (service: ServiceAdmin, changes: Record<string, unknown> = {}, user: TestUser = floor.users.admin) =>
    floor.request(user, 'PUT', `/api/admin/catalogue/services/${service.id}`, saveBody(service, changes));
  const publicServices = async () => ((await floor.request(null, 'GET', '/api/services')).json().data as unknown[]).map((entry) => serviceSchema.parse(entry));

  // First: the other tests edit the seeded services, and the demo history is only written where there is none.
  it('gives the demo admin’s services and packages a change history (seed), once', async () => {
    expect(await seedCatalogueServiceHistory(floor.db)).toBe(5);
    expect(await seedCatalogueServiceHistory(floor.db)).toBe(0);
    const basic = await read(await floor.serviceId('bao-duong-co-ban'));
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/services/${basic.id}/history`)).json().data);
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    expect(history.map((change) => change.field)).toEqual(['checklist', 'price']);
    expect(history[0]!.actor).toEqual({ id: expect.any(Number), name: admin.fullName });
    const last = basic.checklist.at(-1)!;
    expect(summariseChecklistChange(history[0]!.before, history[0]!.after)).toBe(`Thêm: ${last.label} (${last.code})`);
    expect(history[1]).toMatchObject({ before: basic.price - 30_000, after: basic.price });
  });

  describe('who may do what (every route × role)', () => {
    it.each(EVERYONE)('reads and writes as %s', async (name) => {
      const service = await create();
      const user = who(name);
      const readStatus = name === 'anonymous' ? 401 : name === 'admin' || name === 'manager' ? 200 : 403;
      const write = name === 'anonymous' ? 401 : name === 'admin' ? 200 : 403;
      for (const url of ['/api/admin/catalogue/services', `/api/admin/catalogue/services/${service.id}`, `/api/admin/catalogue/services/${service.id}/history`]) {
        const response = await floor.request(user, 'GET', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: readStatus });
        if (response.statusCode >= 400) expect(response.json().message).toMatch(/[ạ-ỹđĐ]/);
      }
      const created = await floor.request(user, 'POST', '/api/admin/catalogue/services', validBody());
      expect(created.statusCode).toBe(write === 200 ? 201 : write);
      const saved = await save(service, { price: 360_000 }, user as TestUser);
      expect(saved.statusCode).toBe(write);
      const archived = await floor.request(user, 'PUT', `/api/admin/catalogue/services/${service.id}/active`, { isActive: false, version: name === 'admin' ? service.version + 1 : service.version });
      expect(archived.statusCode).toBe(write);
      if (write !== 200) expect(await read(service.id)).toEqual(service);
    });
  });

  describe('bad input (§7): a Vietnamese 4xx naming the field, nothing saved', () => {
    const item = (code: string, label = 'Kiểm tra') => ({ code, label });
    const cases: [string, Record<string, unknown>, string][] = [
      ['name empty', { name: '  ' }, 'name'],
      ['name over 200', { name: 'x'.repeat(201) }, 'name'],
      ['unknown kind', { kind: 'painting' }, 'kind'],
      ['unknown tier', { tier: 'vip' }, 'tier'],
      ['summary empty', { summary: '' }, 'summary'],
      ['summary over 400', { summary: 'x'.repeat(401) }, 'summary'],
      ['description over 20,000', { description: 'x'.repeat(20_001) }, 'description'],
      ['price zero', { price: 0 }, 'price'],
      ['price over 1e9', { price: 1_000_000_001 }, 'price'],
      ['price not whole', { price: 350_000.5 }, 'price'],
      ['price a word', { price: 'ba trăm' }, 'price'],
      ['duration under 5', { durationMinutes: 4 }, 'durationMinutes'],
      ['duration over a day', { durationMinutes: 1_441 }, 'durationMinutes'],
      ['VAT 7 %', { vatRate: 7 }, 'vatRate'],
      ['no vehicle type', { vehicleTypes: [] }, 'vehicleTypes'],
      ['unknown vehicle type', { vehicleTypes: ['truck'] }, 'vehicleTypes.0'],
      ['a vehicle type twice', { vehicleTypes: ['car', 'car'] }, 'vehicleTypes.1'],
      ['an empty checklist', { checklist: [] }, 'checklist'],
      ['61 checklist items', { checklist: Array.from({ length: 61 }, () => item('HORN')) }, 'checklist'],
      ['an unknown component code', { checklist: [item('WIRING'), item('FLUX_CAPACITOR')] }, 'checklist.1.code'],
      ['a component twice', { checklist: [item('WIRING'), item('WIRING')] }, 'checklist.1.code'],
      ['an item without label', { checklist: [item('WIRING', '')] }, 'checklist.0.label'],
      ['an item label over 200', { checklist: [item('WIRING', 'x'.repeat(201))] }, 'checklist.0.label'],
      ['sort order negative', { sortOrder: -1 }, 'sortOrder'],
    ];

    it.each(cases)('refuses %s', async (_label, overrides, field) => {
      const count = async () => Number((await floor.db.selectFrom('services').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/services', validBody(overrides));
      expect([400, 422]).toContain(response.statusCode);
      const body = response.json() as { message: string; errors?: { field: string; message: string }[] };
      expect(body.errors?.map((error) => error.field)).toContain(field);
      expect(body.errors!.find((error) => error.field === field)!.message).toMatch(/[ạ-ỹđĐ]/);
      expect(await count()).toBe(before);
    });

    it('names the unknown code’s item in its message, and a refused save changes nothing', async () => {
      const service = await create();
      const response = await save(service, { price: 999_000, checklist: [{ code: 'WIRING', label: 'Bó dây' }, { code: 'NOPE', label: 'Không rõ' }] });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ field: 'checklist.1.code', message: 'Hạng mục 2: mã linh kiện "NOPE" không có trong danh sách linh kiện.' });
      expect(await read(service.id)).toEqual(service);
      const nothing = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/services/${service.id}`, { unknownField: 1 });
      expect(nothing.statusCode).toBe(422);
      expect(nothing.json().message).toBe('Không có trường nào để cập nhật.');
      expect((await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/services/999999`, saveBody(service))).statusCode).toBe(404);
    });
  });

  it('makes the slug from the folded name, unique, and keeps it when the service is renamed', async () => {
    const name = `Bảo dưỡng điều hòa ${process.pid % 10_000}-${(nameCounter += 1)}`;
    const first = await create({ name });
    const second = await create({ name });
    expect(first.slug).toMatch(/^bao-duong-dieu-hoa-\d+-\d+$/);
    expect(second.slug).toBe(`${first.slug}-2`);
    const renamed = serviceAdminSchema.parse((await save(first, { name: `${name} mới` })).json().data);
    expect(renamed.slug).toBe(first.slug);
  });

  it('lists every service with search (no diacritics needed), status filter and pages', async () => {
    const service = await create({ name: `Đại tu hệ thống phanh ${process.pid}` });
    const page = async (query: string) => serviceAdminPageSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/services?${query}`)).json().data);
    const found = await page(`q=${encodeURIComponent(`dai tu he thong phanh ${process.pid}`)}`);
    expect(found.items.map((entry) => entry.id)).toEqual([service.id]);
    expect(found.items[0]).toMatchObject({ checklistCount: 2, isActive: true, price: 350_000 });
    const firstPage = await page('pageSize=2&page=1');
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.totalPages).toBe(Math.ceil(firstPage.total / 2));
    const archived = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/services/${service.id}/active`, { isActive: false, version: service.version });
    expect(archived.statusCode).toBe(200);
    expect((await page('status=archived&pageSize=100')).items.map((entry) => entry.id)).toContain(service.id);
    expect((await page('status=active&pageSize=100')).items.map((entry) => entry.id)).not.toContain(service.id);
    expect((await floor.request(floor.users.manager, 'GET', '/api/admin/catalogue/services?pageSize=101')).statusCode).toBe(400);
  });

  it('shows a saved price, template, description and VAT on the public services and search at once; archived leaves the shop, restored returns', async () => {
    const service = await create();
    const listed = (await publicServices()).find((entry) => entry.id === service.id);
    expect(listed).toMatchObject({ price: 350_000, checklist: service.checklist, description: service.description, vatRate: service.vatRate });
    const checklist = [...service.checklist, { code: 'CONTROLLER', label: 'Bộ điều khiển' }];
    const description = 'Kiểm tra bộ điều khiển.\nCập nhật phần mềm.';
    expect((await save(service, { price: 420_000, checklist, description, vatRate: 10 })).statusCode).toBe(200);
    expect((await publicServices()).find((entry) => entry.id === service.id)).toMatchObject({ price: 420_000, checklist, description, vatRate: 10 });
    const search = await floor.request(null, 'GET', `/api/search?q=${encodeURIComponent(service.name)}`);
    expect(JSON.stringify(search.json().data)).toContain(service.slug);
    const archived = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/services/${service.id}/active`, { isActive: false, version: service.version + 1 });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ isActive: false, version: service.version + 2 });
    expect((await publicServices()).map((entry) => entry.id)).not.toContain(service.id);
    const restored = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/services/${service.id}/active`, { isActive: true, version: service.version + 2 });
    expect(restored.statusCode).toBe(200);
    expect((await publicServices()).map((entry) => entry.id)).toContain(service.id);
  });

  it('refuses to archive a service an active package credits, naming the package', async () => {
    const credited = await floor.db
      .selectFrom('service_package_credits')
      .innerJoin('service_packages', 'service_packages.id', 'service_package_credits.package_id')
      .select(['service_package_credits.service_id', 'service_packages.name'])
      .where('service_packages.is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const service = await read(credited.service_id);
    const response = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/services/${service.id}/active`, { isActive: false, version: service.version });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SERVICE_IN_PACKAGE' });
    expect(response.json().message).toContain(credited.name);
    expect(await read(service.id)).toEqual(service);
  });

  it('keeps an opened order’s checklist when the template changes; an order opened after gets the new template', async () => {
    const slug = 'bao-duong-co-ban';
    const service = await read(await floor.serviceId(slug));
    const opened = await floor.openOrder({ serviceSlugs: [slug] });
    const codesOf = (order: { checklistItems: { code: string; label: string }[] }) => order.checklistItems.map((entry) => `${entry.code}:${entry.label}`);
    expect(codesOf(opened)).toEqual(service.checklist.map((entry) => `${entry.code}:${entry.label}`));
    const checklist = [{ code: 'ROAD_TEST', label: 'Chạy thử 2 km' }, ...service.checklist.slice(1).map((entry, index) => (index === 0 ? { ...entry, label: `${entry.label} (đã sửa)` } : entry))];
    const saved = await save(service, { checklist });
    expect(saved.statusCode).toBe(200);
    expect(codesOf(await floor.detail(opened.id))).toEqual(codesOf(opened));
    const later = await floor.openOrder({ serviceSlugs: [slug], time: '11:00' });
    expect(codesOf(later)).toEqual(checklist.map((entry) => `${entry.code}:${entry.label}`));
    // Put the seeded template back for the other tests of this file.
    expect((await save(serviceAdminSchema.parse(saved.json().data), { checklist: service.checklist })).statusCode).toBe(200);
  });

  it('lets exactly one of two admins saving the same version win; the other gets 409 with the current values', async () => {
    const service = await create();
    const [first, second] = await Promise.all([save(service, { price: 410_000 }), save(service, { price: 420_000, checklist: [{ code: 'HORN', label: 'Còi' }] })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json()).toMatchObject({ code: 'STALE_VERSION' });
    expect(loser.json().message).toMatch(/vừa được người khác cập nhật/);
    expect(loser.json().data.current).toEqual(winner.json().data);
    expect(await read(service.id)).toEqual(winner.json().data);
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/services/${service.id}/history`)).json().data);
    expect(history.filter((change) => change.version === 2).map((change) => change.field)).toContain('price');
    expect(history.filter((change) => change.version === 3)).toEqual([]);
  });

  it('records every change (who, field, before → after), the checklist as its items', async () => {
    const service = await create();
    const checklist = [...service.checklist, { code: 'BMS_LOG', label: 'Nhật ký BMS' }];
    expect((await save(service, { price: 380_000, checklist })).statusCode).toBe(200);
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/services/${service.id}/history`)).json().data);
    const latest = history.filter((change) => change.version === 2);
    expect(latest.map((change) => change.field).sort()).toEqual(['checklist', 'price']);
    expect(latest.find((change) => change.field === 'price')).toMatchObject({ before: 350_000, after: 380_000, actor: { id: floor.users.admin.id } });
    const change = latest.find((entry) => entry.field === 'checklist')!;
    expect(summariseChecklistChange(change.before, change.after)).toBe('Thêm: Nhật ký BMS (BMS_LOG)');
    expect(history.filter((entry) => entry.version === 1).map((entry) => entry.field)).toEqual(expect.arrayContaining(['name', 'checklist', 'price']));
  });

  if (target.dialect === 'postgres') {
    it('shows a saved price on another API instance’s public services within a second (through the broker)', async () => {
      const databaseUrl = floor.scratch.config.databaseUrl!;
      const one = await startServiceApp(floor.db, { configOverrides: { databaseUrl } });
      const two = await startServiceApp(floor.db, { configOverrides: { databaseUrl } });
      try {
        const admin = await authHeader(one.app, floor.users.admin);
        const created = await one.app.inject({ method: 'POST', url: '/api/admin/catalogue/services', headers: admin, payload: validBody() });
        const service = serviceAdminSchema.parse(created.json().data);
        const priceOnTwo = async () => ((await two.app.inject({ method: 'GET', url: '/api/services' })).json().data as { id: number; price: number }[]).find((entry) => entry.id === service.id)?.price;
        expect(await priceOnTwo()).toBe(350_000);
        const startedAt = Date.now();
        const saved = await one.app.inject({ method: 'PUT', url: `/api/admin/catalogue/services/${service.id}`, headers: admin, payload: saveBody(service, { price: 390_000 }) });
        expect(saved.statusCode).toBe(200);
        let seen = await priceOnTwo();
        while (seen !== 390_000 && Date.now() - startedAt < 1000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen = await priceOnTwo();
        }
        expect(seen).toBe(390_000);
        expect(Date.now() - startedAt).toBeLessThan(1000);
      } finally {
        await one.close();
        await two.close();
      }
    });
  }
});
