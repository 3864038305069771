// What the page's main thread did, read from the trace Lighthouse recorded: the renderer main
// thread's top-level tasks (`RunTask`, category `toplevel`) from the page's navigation start to
// the end of the trace. Lighthouse ends the trace once the page has loaded and both the network
// and the main thread have gone quiet, so "until quiet" counts everything the page does to start
// up, including work put off until after the load event (which Lighthouse's own TBT may not see).
// Chrome gives each complete event its wall time (`dur`) and the thread's CPU time (`tdur`, from
// the thread's own clock): their ratio says how much of a task's wall time the thread really ran,
// so a ratio well under 1 means the machine's other processes took the core from it.

const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The measured document's navigation start: the last one of an outermost frame that is not about:blank. */
function navigationStartOf(events) {
  let found;
  for (const event of events) {
    if (event.name !== 'navigationStart') continue;
    const data = event.args?.data;
    if (!data?.isOutermostMainFrame || !data.documentLoaderURL?.startsWith('http')) continue;
    if (!found || event.ts > found.ts) found = event;
  }
  return found;
}

/**
 * The main thread's CPU and wall milliseconds of its top-level tasks, and how many carried a CPU
 * time; `undefined` when the trace holds no navigation of the page.
 */
export function mainThreadTime(traceEvents) {
  const start = navigationStartOf(traceEvents);
  if (!start) return undefined;
  let cpuUs = 0;
  let wallUs = 0;
  let timedWallUs = 0;
  let tasks = 0;
  let withCpu = 0;
  for (const event of traceEvents) {
    if (event.ph !== 'X' || !TOP_LEVEL.has(event.name)) continue;
    if (event.pid !== start.pid || event.tid !== start.tid || event.ts < start.ts) continue;
    tasks++;
    wallUs += event.dur ?? 0;
    if (typeof event.tdur === 'number') {
      withCpu++;
      cpuUs += event.tdur;
      timedWallUs += event.dur ?? 0;
    }
  }
  return {
    cpuMs: withCpu ? cpuUs / 1000 : Number.NaN,
    wallMs: wallUs / 1000,
    ratio: timedWallUs ? cpuUs / timedWallUs : Number.NaN,
    tasks,
    tasksWithCpu: withCpu,
  };
}
