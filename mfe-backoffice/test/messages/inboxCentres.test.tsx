import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { messagesApi } from '../../src/messages/messagesApi';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { floorChange, lastStreamOptions } from '../staffFixtures';
import { list, readResult, renderMessagesPage, summary, thread } from './messageFixtures';

jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));
jest.mock('../../src/inventory/inventoryApi', () => ({ inventoryApi: { centres: jest.fn() } }));
jest.mock('../../src/messages/messagesApi', () => ({
  messagesApi: { inbox: jest.fn(), thread: jest.fn(), assignees: jest.fn(), serviceOrderThread: jest.fn(), uploadPhoto: jest.fn(), send: jest.fn(), markRead: jest.fn(), assign: jest.fn(), setStatus: jest.fn() },
}));

const api = jest.mocked(messagesApi);
const inventory = jest.mocked(inventoryApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

/** Centre 1's thread 3, centre 2's thread 5. */
const hanoi = summary();
const danang = summary({ id: 5, centreId: 2, centreName: 'EV Service Đà Nẵng', customerName: 'Trần Thị Bình', unreadCount: 0 });


const picker = () => screen.getByRole('combobox', { name: 'Trung tâm' });
const row = (id: number) => screen.findByTestId(`conversation-${id}`);

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  inventory.centres.mockResolvedValue(CENTRES);
  api.inbox.mockImplementation(async ({ centreId, page }) => (centreId === 2 ? list([danang]) : list([hanoi], { total: 2, page: page ?? 1 })));
  api.assignees.mockResolvedValue([]);
  api.thread.mockImplementation(async (id) => (id === 5 ? thread({ conversation: danang }) : thread()));
  api.markRead.mockResolvedValue(readResult(0));
  signIn('admin');
});

afterEach(signOut);

describe('the inbox’s centre for an admin', () => {
  it('lists the service centres, the first one shown until another is chosen', async () => {
    renderMessagesPage();
    await row(3);
    await waitFor(() => expect(picker()).toBeEnabled());
    expect(within(picker()).getAllByRole('option').map((option) => option.textContent)).toEqual(['EV Service Hà Nội', 'EV Service Đà Nẵng']);
    expect(picker()).toHaveValue('1');
    // no choice yet: the API's own first centre, the one the picker shows
    expect(api.inbox).toHaveBeenCalledWith({ filter: 'open', q: '', page: 1, centreId: undefined }, expect.anything());
    expect(api.assignees).toHaveBeenCalledWith(undefined, expect.anything());
  });

  it('choosing a centre reads its inbox from page 1, its people and its live changes, and keeps it in the URL', async () => {
    renderMessagesPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Xem thêm hội thoại' }));
    await waitFor(() => expect(api.inbox).toHaveBeenLastCalledWith({ filter: 'open', q: '', page: 2, centreId: undefined }, expect.anything()));
    await waitFor(() => expect(picker()).toBeEnabled());

    await userEvent.selectOptions(picker(), '2');
    expect(await row(5)).toHaveAttribute('href', '/staff/messages?centre=2&thread=5');
    expect(screen.queryByTestId('conversation-3')).not.toBeInTheDocument();
    expect(picker()).toHaveValue('2');
    expect(api.inbox).toHaveBeenLastCalledWith({ filter: 'open', q: '', page: 1, centreId: 2 }, expect.anything());
    await waitFor(() => expect(api.assignees).toHaveBeenLastCalledWith(2, expect.anything()));
    expect(lastStreamOptions(subscribe).centreId).toBe(2);

    // the chosen centre's live change reads its inbox again
    const calls = api.inbox.mock.calls.length;
    act(() => lastStreamOptions(subscribe).onChange(floorChange({ centreId: 2, kind: 'conversation', appointmentId: null, conversationId: 5 })));
    await waitFor(() => expect(api.inbox).toHaveBeenCalledTimes(calls + 1));
    expect(api.inbox).toHaveBeenLastCalledWith({ filter: 'open', q: '', page: 1, centreId: 2 }, expect.anything());
    await row(5);
  });

  it('a reload keeps the chosen centre', async () => {
    renderMessagesPage('/staff/messages?centre=2');
    await row(5);
    expect(api.inbox).toHaveBeenCalledWith({ filter: 'open', q: '', page: 1, centreId: 2 }, expect.anything());
    expect(api.inbox).not.toHaveBeenCalledWith(expect.objectContaining({ centreId: undefined }), expect.anything());
    await waitFor(() => expect(picker()).toHaveValue('2'));
    expect(api.assignees).toHaveBeenCalledWith(2, expect.anything());
    expect(lastStreamOptions(subscribe).centreId).toBe(2);
  });

  it('a thread of another centre brings its centre along, and choosing another centre closes it', async () => {
    renderMessagesPage('/staff/messages?thread=5');
    expect(await screen.findByRole('heading', { level: 2, name: 'Trần Thị Bình' })).toBeInTheDocument();
    await waitFor(() => expect(picker()).toHaveValue('2'));
    expect(await row(5)).toHaveAttribute('aria-current', 'true');
    expect(api.inbox).toHaveBeenLastCalledWith({ filter: 'open', q: '', page: 1, centreId: 2 }, expect.anything());
    await waitFor(() => expect(api.assignees).toHaveBeenLastCalledWith(2, expect.anything()));

    await userEvent.selectOptions(picker(), '1');
    expect(await screen.findByText('Chọn một hội thoại để xem tin nhắn.')).toBeInTheDocument();
    expect(await row(3)).toHaveAttribute('href', '/staff/messages?centre=1&thread=3');
    await waitFor(() => expect(api.assignees).toHaveBeenLastCalledWith(1, expect.anything()));
  });
});

describe('the inbox for the centre’s own people', () => {
  it('a staff member sees no centre picker and reads their own centre', async () => {
    signIn('staff');
    renderMessagesPage('/staff/messages?centre=2');
    await row(3);
    expect(screen.queryByRole('combobox', { name: 'Trung tâm' })).not.toBeInTheDocument();
    expect(inventory.centres).not.toHaveBeenCalled();
    expect(api.inbox).toHaveBeenCalledWith({ filter: 'open', q: '', page: 1, centreId: undefined }, expect.anything());
    expect(api.assignees).toHaveBeenCalledWith(undefined, expect.anything());
    expect(lastStreamOptions(subscribe).centreId).toBeUndefined();
  });
});
