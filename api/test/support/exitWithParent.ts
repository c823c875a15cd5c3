/**
 * Preloaded (`--import`) into an API process a test starts with an IPC channel (apiProcess.ts): when the channel
 * closes, i.e. the test process ended however it ended, the API shuts down as on SIGTERM.
 */
if (process.send) {
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // The channel must not keep the API alive once it shuts down.
  process.channel?.unref();
}

export {};
