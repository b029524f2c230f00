// `npm test`: every check CI runs, in order: lint, format, type check, unit + API + component tests
// (Vitest), then the end-to-end journeys (Playwright on the production build).
// It ends with one summary line, "N passed, N failed", counted from both runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** How long each step took, printed at the end: where CI's minutes go. */
const timings = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  timings.push(`${label} ${Math.round((performance.now() - started) / 1000)} s`);
  return result.status === 0;
}

const npx = (args, env) => ['npx', args, env];
const steps = [
  ['lint', ...npx(['eslint', '.', '--max-warnings=0'])],
  // No cycles, no feature importing another, pages in app/routes (.dependency-cruiser.mjs).
  ['boundaries', 'npm', ['run', 'lint:boundaries']],
  ['format', ...npx(['prettier', '--check', '.', '--log-level=warn'])],
  [
    'type check',
    ...npx([
      'tsc',
      '-b',
      'packages/shared',
      'apps/api',
      'apps/api/tsconfig.test.json',
      'apps/web',
      'e2e',
    ]),
  ],
  [
    'unit, API and component tests',
    ...npx([
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest.json')}`,
    ]),
  ],
  ['build', 'npm', ['run', 'build']],
  [
    'end-to-end tests',
    ...npx(['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json'),
    }),
  ],
];

const failedSteps = [];
for (const [label, command, args, env] of steps) {
  if (!run(label, command, args, env)) failedSteps.push(label);
}

function count(file, read, absent = { passed: 0, failed: 0 }) {
  if (!existsSync(file)) return absent;
  return read(JSON.parse(readFileSync(file, 'utf8')));
}
const vitest = count(join(reports, 'vitest.json'), (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
}));
const playwright = count(join(reports, 'playwright.json'), (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
}));
// Name what failed in the closing lines, so a CI log cut to its tail still says which test broke.
function failedVitestTests(report) {
  return report.testResults.flatMap((file) => {
    const failed = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${file.name.replace(root, '.')} > ${test.fullName}`);
    // A file that failed outside any test (a hook, an import) has no failed assertion to name.
    if (!failed.length && file.status === 'failed') {
      return [`${file.name.replace(root, '.')}: ${String(file.message).split('\n')[0]}`];
    }
    return failed;
  });
}
function failedPlaywrightTests(suite, trail = []) {
  const here = suite.title ? [...trail, suite.title] : trail;
  return [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => [...here, spec.title].join(' > ')),
    ...(suite.suites ?? []).flatMap((child) => failedPlaywrightTests(child, here)),
  ];
}
const failedTests = [
  ...count(join(reports, 'vitest.json'), failedVitestTests, []),
  ...count(join(reports, 'playwright.json'), (r) => failedPlaywrightTests(r), []),
];
if (failedTests.length) {
  console.log('\nFailed tests:');
  for (const name of failedTests) console.log(`  ✗ ${name}`);
}

const passed = vitest.passed + playwright.passed;
const failed =
  vitest.failed + playwright.failed + failedSteps.filter((s) => !s.includes('tests')).length;

console.log(`\nSteps: ${timings.join(', ')}`);
console.log(
  `\nVitest: ${vitest.passed} passed, ${vitest.failed} failed; Playwright: ${playwright.passed} passed, ${playwright.failed} failed`,
);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
