import { catalogueChangeListSchema, packageAdminSchema, servicePackageSchema, type PackageAdmin } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';

type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'staff', 'technician', 'manager', 'admin'];

let nameCounter = 0;
const newName = () => `Gói chăm sóc pin ${process.pid % 10_000}-${(nameCounter += 1)}`;

describe.each(testDatabases())('the admin’s service packages on $label', (target) => {
  const floor = useFloor(target);
  const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : floor.users[name]);
  let basic = 0;
  let battery = 0;

  beforeAll(async () => {
    basic = await floor.serviceId('bao-duong-co-ban');
    battery = await floor.serviceId('kiem-tra-pin-bms');
  });

  const validBody = (overrides: Record<string, unknown> = {}) => ({
    name: newName(),
    tier: 'tieu-chuan',
    description: 'Hai lần bảo dưỡng và một lần kiểm tra pin trong một năm.',
    price: 1_200_000,
    originalPrice: 1_500_000,
    validityMonths: 12,
    vehicleTypes: ['scooter'],
    credits: [
      { serviceId: basic, quantity: 2 },
      { serviceId: battery, quantity: 1 },
    ],
    perks: ['Giảm 10 % phụ tùng', 'Ưu tiên đặt lịch'],
    highlighted: false,
    sortOrder: 100,
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}): Promise<PackageAdmin> {
    const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/packages', validBody(overrides));
    expect(response.statusCode).toBe(201);
    return packageAdminSchema.parse(response.json().data);
  }
  const read = async (id: number) => packageAdminSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/packages/${id}`)).json().data);
  const saveBody = (item: PackageAdmin, changes: Record<string, unknown> = {}) => {
    const { id: _id, slug: _slug, isActive: _active, credits, ...rest } = item;
    return { ...rest, credits: credits.map(({ serviceId, quantity }) => ({ serviceId, quantity })), ...changes };
  };
  const save = (item: PackageAdmin, changes: Record<string, unknown> = {}, user: TestUser = floor.users.admin) =>
    floor.request(user, 'PUT', `/api/admin/catalogue/packages/${item.id}`, saveBody(item, changes));
  const setActive = (item: { id: number }, isActive: boolean, version: number, user: TestUser | null = floor.users.admin) =>
    floor.request(user, 'PUT', `/api/admin/catalogue/packages/${item.id}/active`, { isActive, version });
  const publicPackages = async () => ((await floor.request(null, 'GET', '/api/packages')).json().data as unknown[]).map((entry) => servicePackageSchema.parse(entry));

  describe('who may do what (every route × role)', () => {
    it.each(EVERYONE)('reads and writes as %s', async (name) => {
      const item = await create();
      const user = who(name);
      const readStatus = name === 'anonymous' ? 401 : name === 'admin' || name === 'manager' ? 200 : 403;
      const write = name === 'anonymous' ? 401 : name === 'admin' ? 200 : 403;
      for (const url of ['/api/admin/catalogue/packages', `/api/admin/catalogue/packages/${item.id}`, `/api/admin/catalogue/packages/${item.id}/history`]) {
        const response = await floor.request(user, 'GET', url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: readStatus });
        if (response.statusCode >= 400) expect(response.json().message).toMatch(/[ạ-ỹđĐ]/);
      }
      const created = await floor.request(user, 'POST', '/api/admin/catalogue/packages', validBody());
      expect(created.statusCode).toBe(write === 200 ? 201 : write);
      expect((await save(item, { price: 1_100_000 }, user as TestUser)).statusCode).toBe(write);
      expect((await setActive(item, false, name === 'admin' ? item.version + 1 : item.version, user)).statusCode).toBe(write);
      if (write !== 200) expect(await read(item.id)).toEqual(item);
    });
  });

  describe('bad input (§7): a Vietnamese 4xx naming the field, nothing saved', () => {
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['name empty', () => ({ name: '' }), 'name'],
      ['name over 200', () => ({ name: 'x'.repeat(201) }), 'name'],
      ['unknown tier', () => ({ tier: 'vip' }), 'tier'],
      ['description empty', () => ({ description: '' }), 'description'],
      ['description over 20,000', () => ({ description: 'x'.repeat(20_001) }), 'description'],
      ['price zero', () => ({ price: 0 }), 'price'],
      ['price over 1e9', () => ({ price: 1_000_000_001, originalPrice: null }), 'price'],
      ['original price not above the price', () => ({ originalPrice: 1_200_000 }), 'originalPrice'],
      ['validity zero', () => ({ validityMonths: 0 }), 'validityMonths'],
      ['validity over 60 months', () => ({ validityMonths: 61 }), 'validityMonths'],
      ['no vehicle type', () => ({ vehicleTypes: [] }), 'vehicleTypes'],
      ['no credit', () => ({ credits: [] }), 'credits'],
      ['21 services', () => ({ credits: Array.from({ length: 21 }, (_, index) => ({ serviceId: index + 1, quantity: 1 })) }), 'credits'],
      ['quantity zero', () => ({ credits: [{ serviceId: basic, quantity: 0 }] }), 'credits.0.quantity'],
      ['quantity over 100', () => ({ credits: [{ serviceId: basic, quantity: 101 }] }), 'credits.0.quantity'],
      ['a service twice', () => ({ credits: [{ serviceId: basic, quantity: 1 }, { serviceId: basic, quantity: 2 }] }), 'credits.1.serviceId'],
      ['a service that does not exist', () => ({ credits: [{ serviceId: basic, quantity: 1 }, { serviceId: 999_999, quantity: 1 }] }), 'credits.1.serviceId'],
      ['11 perks', () => ({ perks: Array.from({ length: 11 }, (_, index) => `Ưu đãi ${index}`) }), 'perks'],
      ['a perk over 200', () => ({ perks: ['x'.repeat(201)] }), 'perks.0'],
      ['highlighted not a boolean', () => ({ highlighted: 'có' }), 'highlighted'],
    ];

    it.each(cases)('refuses %s', async (_label, overrides, field) => {
      const count = async () => Number((await floor.db.selectFrom('service_packages').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      const response = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/packages', validBody(overrides()));
      expect([400, 422]).toContain(response.statusCode);
      const body = response.json() as { message: string; errors?: { field: string; message: string }[] };
      expect(body.errors?.map((error) => error.field)).toContain(field);
      expect(body.errors!.find((error) => error.field === field)!.message).toMatch(/[ạ-ỹđĐ]/);
      expect(await count()).toBe(before);
    });

    it('refuses an archived service in the credits, and a refused save leaves the package and its credits as they were', async () => {
      const item = await create();
      const service = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/services', {
        name: `Dịch vụ sắp lưu trữ ${process.pid}-${(nameCounter += 1)}`,
        kind: 'care',
        summary: 'Rửa xe',
        price: 50_000,
        durationMinutes: 30,
        vatRate: 10,
        vehicleTypes: ['scooter'],
        checklist: [{ code: 'WASH', label: 'Rửa xe' }],
      });
      expect(service.statusCode).toBe(201);
      const archived = await floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/services/${service.json().data.id}/active`, { isActive: false, version: 1 });
      expect(archived.statusCode).toBe(200);
      const refused = await save(item, { price: 900_000, credits: [{ serviceId: basic, quantity: 5 }, { serviceId: service.json().data.id, quantity: 1 }] });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({ field: 'credits.1.serviceId' });
      expect(refused.json().message).toMatch(/Dịch vụ thứ 2 của gói không tồn tại hoặc đã lưu trữ/);
      expect(await read(item.id)).toEqual(item);
    });
  });

  it('shows a saved package (price, credits, perks) on the public packages at once; archived leaves the shop, restored returns', async () => {
    const item = await create();
    expect((await publicPackages()).find((entry) => entry.id === item.id)).toMatchObject({ price: 1_200_000, originalPrice: 1_500_000 });
    const saved = await save(item, { price: 990_000, credits: [{ serviceId: battery, quantity: 3 }], perks: ['Miễn phí rửa xe'], highlighted: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 2, credits: [{ serviceId: battery, quantity: 3 }], highlighted: true });
    const listed = (await publicPackages()).find((entry) => entry.id === item.id)!;
    expect(listed).toMatchObject({ price: 990_000, perks: ['Miễn phí rửa xe'], highlighted: true });
    expect(listed.credits).toEqual([{ serviceSlug: 'kiem-tra-pin-bms', serviceName: expect.any(String), quantity: 3 }]);
    expect((await setActive(item, false, 2)).statusCode).toBe(200);
    expect((await publicPackages()).map((entry) => entry.id)).not.toContain(item.id);
    const admins = (await floor.request(floor.users.manager, 'GET', '/api/admin/catalogue/packages?status=archived')).json().data as PackageAdmin[];
    expect(admins.map((entry) => entry.id)).toContain(item.id);
    expect((await setActive(item, true, 3)).statusCode).toBe(200);
    expect((await publicPackages()).map((entry) => entry.id)).toContain(item.id);
  });

  it('frees a service for archiving once its package is archived, and refuses to restore the package while the service is archived', async () => {
    const created = await floor.request(floor.users.admin, 'POST', '/api/admin/catalogue/services', {
      name: `Dịch vụ trong gói ${process.pid}-${(nameCounter += 1)}`,
      kind: 'care',
      summary: 'Phủ nano',
      price: 90_000,
      durationMinutes: 30,
      vatRate: 10,
      vehicleTypes: ['scooter'],
      checklist: [{ code: 'COATING', label: 'Phủ nano' }],
    });
    const serviceId = created.json().data.id as number;
    const item = await create({ credits: [{ serviceId, quantity: 1 }] });
    const archiveService = (version: number) => floor.request(floor.users.admin, 'PUT', `/api/admin/catalogue/services/${serviceId}/active`, { isActive: false, version });
    const held = await archiveService(1);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toContain(item.name);
    expect((await setActive(item, false, item.version)).statusCode).toBe(200);
    expect((await archiveService(1)).statusCode).toBe(200);
    const restore = await setActive(item, true, item.version + 1);
    expect(restore.statusCode).toBe(422);
    expect(restore.json().errors[0]).toMatchObject({ field: 'credits.0.serviceId' });
    expect((await read(item.id)).isActive).toBe(false);
  });

  it('lets exactly one of two admins saving the same version win; the other gets 409 with the current values', async () => {
    const item = await create();
    const [first, second] = await Promise.all([save(item, { price: 1_000_000 }), save(item, { price: 1_100_000, credits: [{ serviceId: basic, quantity: 9 }] })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json()).toMatchObject({ code: 'STALE_VERSION' });
    expect(loser.json().data.current).toEqual(winner.json().data);
    expect(await read(item.id)).toEqual(winner.json().data);
  });

  it('records every change (who, field, before → after), the credits included', async () => {
    const item = await create();
    expect((await save(item, { validityMonths: 24, credits: [{ serviceId: basic, quantity: 4 }] })).statusCode).toBe(200);
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.manager, 'GET', `/api/admin/catalogue/packages/${item.id}/history`)).json().data);
    const latest = history.filter((change) => change.version === 2);
    expect(latest.map((change) => change.field).sort()).toEqual(['credits', 'validityMonths']);
    expect(latest.find((change) => change.field === 'validityMonths')).toMatchObject({ before: 12, after: 24, actor: { id: floor.users.admin.id } });
    expect(latest.find((change) => change.field === 'credits')!.after).toEqual([{ serviceId: basic, quantity: 4 }]);
  });
});
