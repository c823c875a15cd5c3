/**
 * The shell's start-up in turns: each heavy shared library is loaded and evaluated in a task of its own, with the
 * browser given the main thread back between them, before the bootstrap chunk (the app) runs.
 *
 * Why: the bootstrap chunk's static imports are evaluated in one go, so React, ReactDOM, the router and
 * shared-contracts would initialise in a single long task on a mid-range phone, during which a tap on the first
 * view's links, or a scroll, waits. Imported here first, one at a time, each is
 * evaluated on its own (a dynamic import of a federated share evaluates it when its chunk has arrived) and the
 * bootstrap's imports then find them ready. What the page does is the same, in the same order; only the tasks are
 * shorter (Lighthouse's Total Blocking Time counts every task's time past 50 ms; docs/decisions/0006-start-up-in-short-tasks.md).
 */
export type Step = () => Promise<unknown>;

/** Resolves in a new task: after whatever input or rendering the browser has waiting. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * Runs `steps` one after another, each in a task of its own (the first too: not in the task that called this, the
 * entry script's evaluation), then `last`. A failed step does not stop the next.
 */
export async function startInTurns(steps: readonly Step[], last: Step): Promise<unknown> {
  for (const step of steps) {
    await nextTask();
    await step().catch(() => undefined);
  }
  await nextTask();
  return last();
}
