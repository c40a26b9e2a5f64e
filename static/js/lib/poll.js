// Repeats an async task every intervalMs, one at a time, paused while the page is hidden.

export function startPolling(task, intervalMs) {
  let timer = null;
  let stopped = false;
  let running = false;

  const schedule = () => {
    clearTimeout(timer);
    if (!stopped && !document.hidden) timer = setTimeout(run, intervalMs);
  };
  async function run() {
    if (stopped || running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      console.error(error);
    } finally {
      running = false;
      schedule();
    }
  }
  const onVisibility = () => {
    if (document.hidden) clearTimeout(timer);
    else run();
  };
  document.addEventListener("visibilitychange", onVisibility);
  run();

  return {
    /** Run now (e.g. after an action) instead of waiting for the next tick. */
    now: run,
    stop() {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    },
  };
}
