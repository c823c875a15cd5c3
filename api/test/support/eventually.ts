/**
 * Retries `check` until it passes, for up to `withinMs` (default 5 s): for what another instance learns through the
 * change feed (LISTEN/NOTIFY, the broker) or its next read, which a loaded machine may deliver late.
 */
export async function eventually(check: () => Promise<void>, withinMs = 5_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
