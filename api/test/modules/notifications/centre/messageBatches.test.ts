import { messageBatches } from '../../../../src/modules/notifications/centre/messageBatches';

/** A handler that records each batch it is given and waits `holdMs` in each (a batch's database work). */
function recorder(holdMs = 0, failWhen: (batch: readonly number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const handle = async (batch: readonly number[]) => {
    batches.push([...batch]);
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    if (failWhen(batch)) throw new Error(`batch ${batch.join(',')} failed`);
  };
  return { batches, handle };
}

describe('the notification centre handles bus messages in batches', () => {
  it('handles the messages published in one turn as one batch, in their order', async () => {
    const { batches, handle } = recorder();
    const queue = messageBatches(handle, () => undefined);
    for (let message = 1; message <= 5; message += 1) queue.add(message);
    await queue.idle();
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('gathers what arrives while a batch is being written into the next one, never two batches at once', async () => {
    let running = 0;
    let most = 0;
    const batches: number[][] = [];
    const queue = messageBatches<number>(async (batch) => {
      running += 1;
      most = Math.max(most, running);
      batches.push([...batch]);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
    }, () => undefined);
    queue.add(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (let message = 2; message <= 4; message += 1) queue.add(message);
    await queue.idle();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(most).toBe(1);
  });

  it('splits a burst into batches of at most the bound', async () => {
    const { batches, handle } = recorder();
    const queue = messageBatches(handle, () => undefined, 3);
    for (let message = 1; message <= 7; message += 1) queue.add(message);
    await queue.idle();
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('handles a failed batch again one message at a time: only the bad message is lost, and it is reported', async () => {
    const { batches, handle } = recorder(0, (batch) => batch.includes(3));
    const failures: Array<number | null> = [];
    const queue = messageBatches(handle, (_error, message) => failures.push(message));
    for (let message = 1; message <= 4; message += 1) queue.add(message);
    await queue.idle();
    expect(batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
    expect(failures).toEqual([3]);
  });

  it('waits, when asked, until every queued message is handled (the server closing)', async () => {
    const { batches, handle } = recorder(20);
    const queue = messageBatches(handle, () => undefined);
    queue.add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    queue.add(2);
    await queue.idle();
    expect(batches.flat()).toEqual([1, 2]);
  });
});
