// The medians, the targets of issue 31 and the printed table.

export const TARGETS = {
  performance: { login: 95, signedIn: 90 },
  accessibility: 100,
  lcpMs: 2000,
  cls: 0.05,
  mainThreadCpuMs: { login: 150, signedIn: 300 },
};

const median = (values) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const COLUMNS = [
  'performance',
  'accessibility',
  'fcp',
  'lcp',
  'tbt',
  'cls',
  'cpuMs',
  'ratio',
  'benchmarkIndex',
  'load',
];

/** What a page misses of its targets, as sentences. */
function missesOf(row) {
  const kind = row.role ? 'signedIn' : 'login';
  const performance = TARGETS.performance[kind];
  const cpu = TARGETS.mainThreadCpuMs[kind];
  return [
    !(row.performance >= performance) && `performance ${row.performance} < ${performance}`,
    !(row.accessibility >= TARGETS.accessibility) && `accessibility ${row.accessibility} < ${TARGETS.accessibility}`,
    !(row.lcp <= TARGETS.lcpMs) && `LCP ${seconds(row.lcp)} > ${TARGETS.lcpMs / 1000} s`,
    !(row.cls <= TARGETS.cls) && `CLS ${row.cls.toFixed(3)} > ${TARGETS.cls}`,
    !(row.cpuMs <= cpu) && `main-thread CPU ${Math.round(row.cpuMs)} ms > ${cpu} ms`,
  ].filter(Boolean);
}

/** A page's medians, its runs and what it misses. */
export function summarise(target, runs) {
  const row = { name: target.key, path: target.path, role: target.role, runs };
  for (const column of COLUMNS) row[column] = median(runs.map((run) => run[column]));
  row.misses = missesOf(row);
  return row;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const fixed = (value, digits) => (Number.isNaN(value) ? '?' : value.toFixed(digits));

/** A run's or a page's figures, in the table's order. */
export function cells(row) {
  return [
    row.performance,
    row.accessibility,
    seconds(row.fcp),
    seconds(row.lcp),
    `${Math.round(row.tbt)} ms`,
    fixed(row.cls, 3),
    `${fixed(row.cpuMs, 0)} ms`,
    fixed(row.ratio, 2),
    fixed(row.benchmarkIndex, 0),
    fixed(row.load, 2),
  ];
}

export function printTable(rows, runs) {
  console.log(`\nLighthouse, ${runs} runs per page, mobile preset, simulated throttling: the median of each column\n`);
  console.log(
    '| page | performance | accessibility | FCP | LCP | TBT | CLS | main-thread CPU | CPU/wall | benchmarkIndex | load (1 min) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(`| ${row.path} | ${cells(row).join(' | ')} |`);
  const { performance, accessibility, lcpMs, cls, mainThreadCpuMs: cpu } = TARGETS;
  console.log(
    `\nTargets: performance >= ${performance.login} on login, >= ${performance.signedIn} signed in; accessibility ` +
      `${accessibility}; LCP <= ${lcpMs / 1000} s; CLS <= ${cls}; main-thread CPU until quiet <= ${cpu.login} ms ` +
      `on login, <= ${cpu.signedIn} ms signed in.`,
  );
  console.log('\nEach run (performance, a11y, FCP, LCP, TBT, CLS, CPU, CPU/wall, benchmarkIndex, load):');
  for (const row of rows) {
    console.log(`  ${row.path}`);
    for (const run of row.runs) console.log(`    ${cells(run).join(', ')}`);
  }
}

/** Prints what each page misses; answers whether any page missed a target. */
export function printMisses(rows) {
  let missed = false;
  for (const row of rows) {
    const failedAudits = [...new Set(row.runs.flatMap((run) => run.failedAccessibility))];
    if (failedAudits.length) console.log(`${row.path}: failed accessibility audits: ${failedAudits.join(', ')}`);
    if (row.misses.length) {
      missed = true;
      console.log(`MISSED ${row.path}: ${row.misses.join('; ')}`);
    }
  }
  if (!missed) console.log('Every page meets its targets.');
  return missed;
}
