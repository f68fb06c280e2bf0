#!/usr/bin/env node
// `npm test`: builds what the browser tier needs, runs the three vitest tiers in order
// (unit, integration, e2e) and prints, as the very last line, the total over all of them:
// `N passed, N failed`. CI (.ci/run) reads that line, so nothing may be printed after it.
// `npm run validate` (`--with-checks`) first runs the typecheck, the lint and the format
// check, each counted as one passed or one failed in that same total.
//
// Each tier runs in its own child process (this same file, with `--tier <name>`), for two
// reasons: a tier that crashes or hangs cannot take the others down (it is killed after a
// time limit and counted as failed), and the child can use vitest's node API to count
// precisely. The JSON report alone is not enough: a test skipped because its `beforeAll`
// threw (e.g. the e2e server never became ready) appears there as "skipped", which would
// turn a broken tier into a silent zero.
//
// A tier stopped at its cap (or by Ctrl-C) cannot report through vitest: the child logs
// each file's tests as it collects them and each result as it comes (.tmp/progress-<tier>.jsonl),
// and the parent tells from that log what passed, what failed and which tests never ran
// (files never started are read statically, `--list`). The stop itself is one failure.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.tmp');

// Caps are at least twice what each tier takes on a quiet 2-core machine (the README gives
// the measured figures), and the budget at least twice the whole: a busy machine still
// finishes, a hung tier is stopped. The budget counts from the start of this script, static
// checks and build included. CI allows 90 minutes for everything; npm ci and the Chromium
// install come before this script, so the budget leaves them 20 (npm ci took under 10 on a
// busy 2-core machine with an empty cache). A tier is stopped at its own cap, and all tiers
// together at the overall budget, so the total line is always printed in time (the stop
// counts as one failure, its tests as not run).
const BUDGET_MINUTES = 70;
const TIERS = [
  { name: 'unit', timeoutMinutes: 10 },
  { name: 'integration', timeoutMinutes: 20 },
  // 33 browser files, each starting its own server from the run's seeded template
  // (tests/helpers/seeded-template.ts).
  { name: 'e2e', timeoutMinutes: 40 },
];

/** Set when Ctrl-C or a SIGTERM reached us: the remaining tiers are not started. */
let interrupted = false;

/** Static checks run by `--with-checks`, before the build; each is one passed or failed. */
const CHECKS = [
  { label: 'typecheck', script: 'typecheck' },
  { label: 'lint', script: 'lint' },
  { label: 'format', script: 'format:check' },
];

const tierArg = process.argv.indexOf('--tier');
const listArg = process.argv.indexOf('--list');
if (listArg !== -1) {
  await listTierStatically(process.argv[listArg + 1]);
} else if (tierArg !== -1) {
  await runTierInThisProcess(
    process.argv[tierArg + 1],
    process.argv[process.argv.indexOf('--tally') + 1],
    process.argv[process.argv.indexOf('--progress') + 1],
  );
} else {
  process.exitCode = await runAllTiers();
}

// ---------------------------------------------------------------------------------------
// Parent: build, run each tier, print the summary.

async function runAllTiers() {
  const deadline = Date.now() + BUDGET_MINUTES * 60_000;
  mkdirSync(reportDir, { recursive: true });
  /** @type {{ label: string, passed: number, failed: number, note: string }[]} */
  const rows = [];

  if (process.argv.includes('--with-checks')) {
    for (const check of CHECKS) {
      console.log(`\n▶ ${check.label} (npm run ${check.script})`);
      const run = spawnSync('npm', ['run', '--silent', check.script], {
        cwd: root,
        stdio: 'inherit',
        timeout: 10 * 60_000,
      });
      const ok = run.status === 0;
      rows.push({
        label: check.label,
        passed: ok ? 1 : 0,
        failed: ok ? 0 : 1,
        note: ok ? '' : `npm run ${check.script} exited with ${describeExit(run.status, run.signal)}`,
      });
    }
  }

  // The e2e tier drives the production server, which serves dist/. A failed build is
  // counted as one failure, and the tiers still run: unit and integration do not need it.
  console.log('\n▶ build (scripts/ensure-build.mjs)');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.mjs')], {
    cwd: root,
    stdio: 'inherit',
    // A build takes seconds; one still running after 10 minutes is stuck.
    timeout: 10 * 60_000,
  });
  if (build.status !== 0) {
    rows.push({
      label: 'build',
      passed: 0,
      failed: 1,
      note: `ensure-build exited with ${describeExit(build.status, build.signal)}`,
    });
  }

  const mysqlNotice = process.env.MYSQL_TEST_URL
    ? 'MySQL integration suite: enabled (MYSQL_TEST_URL is set)'
    : 'MySQL integration suite: SKIPPED (MYSQL_TEST_URL is not set; integration tests run on SQLite only)';

  for (const tier of TIERS) {
    if (interrupted) {
      rows.push(notStartedRow(tier.name, 'interrupted'));
      continue;
    }
    const minutesLeft = (deadline - Date.now()) / 60_000;
    if (minutesLeft < 1) {
      rows.push(notStartedRow(tier.name, `the ${BUDGET_MINUTES}-minute budget is spent`));
      continue;
    }
    console.log(`\n▶ tier ${tier.name}`);
    if (tier.name === 'integration') console.log(mysqlNotice);
    const cappedByBudget = minutesLeft < tier.timeoutMinutes;
    rows.push(
      await runTierInChild({
        name: tier.name,
        timeoutMinutes: Math.min(tier.timeoutMinutes, minutesLeft),
        cap: cappedByBudget
          ? `the rest of the ${BUDGET_MINUTES}-minute budget (${Math.round(minutesLeft)} min)`
          : `its ${tier.timeoutMinutes}-minute cap`,
      }),
    );
  }

  const passed = rows.reduce((sum, row) => sum + row.passed, 0);
  const failed = rows.reduce((sum, row) => sum + row.failed, 0);
  const width = Math.max(...rows.map((row) => row.label.length)) + 1;
  console.log('\n── Summary ─────────────────────────────');
  for (const row of rows) {
    console.log(
      `${`${row.label}:`.padEnd(width)} ${row.passed} passed, ${row.failed} failed${row.note ? ` (${row.note})` : ''}`,
    );
  }
  console.log(mysqlNotice);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

/** @param {{ name: string, timeoutMinutes: number, cap: string }} tier */
function runTierInChild(tier) {
  const tallyFile = path.join(reportDir, `tally-${tier.name}.json`);
  const progressFile = path.join(reportDir, `progress-${tier.name}.jsonl`);
  // A stale tally from an earlier run must never stand in for a tier that crashed.
  rmSync(tallyFile, { force: true });
  rmSync(progressFile, { force: true });
  rmSync(path.join(reportDir, `vitest-${tier.name}.json`), { force: true });

  return new Promise((resolve) => {
    // detached: the child leads its own process group, so a timeout can end it together
    // with whatever it spawned (vitest workers, servers, browsers) and nothing else.
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--tier', tier.name, '--tally', tallyFile, '--progress', progressFile],
      {
        cwd: root,
        stdio: 'inherit',
        detached: true,
      },
    );
    // Being in its own group, the child no longer hears Ctrl-C or CI's SIGTERM: pass them on.
    const forward = (/** @type {NodeJS.Signals} */ signal) => {
      interrupted = true;
      killGroup(child.pid, signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n✖ tier ${tier.name} still running at ${tier.cap}: stopping it`);
      killGroup(child.pid, 'SIGTERM');
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000).unref();
    }, tier.timeoutMinutes * 60_000);

    const finish = (/** @type {number | null} */ code, /** @type {NodeJS.Signals | null} */ signal) => {
      clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(tallyRow(tier, tallyFile, progressFile, code, signal, timedOut));
    };
    child.on('exit', finish);
    child.on('error', (error) => {
      console.error(`✖ could not start tier ${tier.name}: ${error.message}`);
      finish(null, null);
    });
  });
}

function tallyRow(tier, tallyFile, progressFile, code, signal, timedOut) {
  const tally = readTally(tallyFile);
  if (!tally) {
    // No report: the tier was stopped, or crashed, before vitest finished. Never a silent
    // zero: what the progress log saw is counted, the rest listed as not run.
    const why = timedOut
      ? `stopped at ${tier.cap}`
      : interrupted
        ? 'interrupted'
        : `crashed without a report, ${describeExit(code, signal)}`;
    return stoppedRow(tier.name, progressFile, why);
  }
  let { passed, failed } = tally;
  const notes = [];
  if (tally.skipped) notes.push(`${tally.skipped} skipped`);
  if (tally.files === 0) notes.push('no test files yet');
  if (timedOut) {
    notes.push('timed out after reporting');
    if (failed === 0) failed = 1;
  } else if (code !== 0 && failed === 0) {
    // Vitest failed for a reason the tally could not see (config error, teardown failure…).
    notes.push(`vitest exited with ${describeExit(code, signal)}`);
    failed = 1;
  }
  return { label: tier.name, passed, failed, note: notes.join(', ') };
}

/**
 * A tier that ended without its report: passed and failed as the progress log saw them,
 * plus one failure for the stop; every test without a result is listed as not run.
 */
function stoppedRow(name, progressFile, why) {
  const progress = readProgress(progressFile);
  const notRun = progress.notRun;
  const unstarted = listStatically(name, progress.files);
  notRun.push(...unstarted.tests);
  const failed = progress.failed + 1;
  console.error(
    `\n✖ tier ${name} ${why}: ${progress.passed} passed, ${progress.failed} failed (and the stop, counted as` +
      ` one more), ${notRun.length} not run${notRun.length ? ':' : ''}`,
  );
  for (const test of notRun) console.error(`  not run: ${test}`);
  if (unstarted.note) console.error(`  (${unstarted.note})`);
  const notes = [why, `${notRun.length} not run (listed above)`];
  if (progress.skipped) notes.push(`${progress.skipped} skipped`);
  return { label: name, passed: progress.passed, failed, note: notes.join(', ') };
}

/** A tier never started (budget spent, Ctrl-C): its tests, read statically, are not run. */
function notStartedRow(name, why) {
  const unstarted = listStatically(name, new Set());
  console.error(`\n✖ tier ${name} not run (${why}): ${unstarted.tests.length} tests not run`);
  if (unstarted.note) console.error(`  (${unstarted.note})`);
  return {
    label: name,
    passed: 0,
    failed: 1,
    note: `not run: ${why}, ${unstarted.tests.length} tests not run`,
  };
}

/**
 * What the child's progress log holds: each collected file's tests (file > suite > name)
 * with their state once they have one; a finished file's counts are those of the full
 * tally (countModules), so a test skipped because its beforeAll threw is a failure there too.
 */
function readProgress(file) {
  /** @type {Map<string, { tests: Map<string, { name: string, state?: string }>, counts?: { passed: number, failed: number, skipped: number } }>} */
  const modules = new Map();
  let lines = [];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    // No log: nothing was collected.
  }
  for (const line of lines) {
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      continue; // An empty line, or the last one cut by the stop.
    }
    if (event.type === 'module') {
      const tests = new Map(event.tests.map((test) => [test.id, { name: `${event.file} > ${test.name}` }]));
      modules.set(event.file, { tests });
    } else if (event.type === 'result') {
      for (const module of modules.values()) {
        const test = module.tests.get(event.id);
        if (test) test.state = event.state;
      }
    } else if (event.type === 'module-end' && modules.has(event.file)) {
      modules.get(event.file).counts = event.counts;
    }
  }
  const progress = { files: new Set(modules.keys()), passed: 0, failed: 0, skipped: 0, notRun: [] };
  for (const module of modules.values()) {
    const tests = [...module.tests.values()];
    const counts = module.counts ?? {
      passed: tests.filter((test) => test.state === 'passed').length,
      failed: tests.filter((test) => test.state === 'failed').length,
      skipped: tests.filter((test) => test.state === 'skipped').length,
    };
    progress.passed += counts.passed;
    progress.failed += counts.failed;
    progress.skipped += counts.skipped;
    if (!module.counts) progress.notRun.push(...tests.filter((test) => !test.state).map((test) => test.name));
  }
  return progress;
}

/**
 * The tests of the tier's files that are not in `seen`, read from their text (vitest's
 * static parse, no file is run): a test written in a loop or with test.each counts once.
 * @returns {{ tests: string[], note: string }}
 */
function listStatically(name, seen) {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--list', name], {
    cwd: root,
    encoding: 'utf8',
    timeout: 2 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  let listed;
  try {
    listed = JSON.parse(run.stdout);
  } catch {
    return {
      tests: [],
      note: `the tests of files never started could not be listed (${describeExit(run.status, run.signal)})`,
    };
  }
  const tests = [];
  let files = 0;
  for (const [file, names] of Object.entries(listed)) {
    if (seen.has(file)) continue;
    files += 1;
    for (const test of names) tests.push(`${file} > ${test}`);
  }
  return {
    tests,
    note: files ? `${files} files never started, read from their text: a test in a loop counts once` : '',
  };
}

function readTally(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function killGroup(pid, signal) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function describeExit(code, signal) {
  return signal ? `signal ${signal}` : `code ${code}`;
}

// ---------------------------------------------------------------------------------------
// Child: one tier through vitest's node API, with the JSON report kept in .tmp/ for CI.

async function runTierInThisProcess(tier, tallyFile, progressFile) {
  const { startVitest } = await import('vitest/node');
  const tally = { passed: 0, failed: 0, skipped: 0, files: 0 };
  let reported = false;
  const log = (/** @type {object} */ event) => appendFileSync(progressFile, `${JSON.stringify(event)}\n`);

  /** @type {import('vitest/node').Reporter} */
  const tallyReporter = {
    // Written as the run goes, read by the parent only when the tier ends without a tally.
    onTestModuleCollected(testModule) {
      log({
        type: 'module',
        file: testModule.relativeModuleId,
        tests: [...testModule.children.allTests()].map((test) => ({ id: test.id, name: test.fullName })),
      });
    },
    onTestCaseResult(testCase) {
      log({ type: 'result', id: testCase.id, state: testCase.result().state });
    },
    onTestModuleEnd(testModule) {
      const { passed, failed, skipped } = countModules([testModule]);
      log({ type: 'module-end', file: testModule.relativeModuleId, counts: { passed, failed, skipped } });
    },
    onTestRunEnd(testModules, unhandledErrors, reason) {
      Object.assign(tally, countModules(testModules));
      // Errors thrown outside any test (a timer firing after its test ended, a rejected
      // promise nobody awaited) make vitest fail the run; each one counts.
      tally.failed += unhandledErrors.length;
      if (reason === 'interrupted' && tally.failed === 0) tally.failed = 1;
      reported = true;
    },
  };

  const ctx = await startVitest('test', [], {
    run: true,
    watch: false,
    project: [tier],
    // An empty tier is 0 passed, 0 failed, not an error.
    passWithNoTests: true,
    reporters: [
      'default',
      ['json', { outputFile: path.join(reportDir, `vitest-${tier}.json`) }],
      tallyReporter,
    ],
  });
  if (reported) writeFileSync(tallyFile, JSON.stringify(tally));
  // Same ending as the vitest CLI: close, and force the exit if something keeps the loop alive.
  await ctx.exit();
  process.exit();
}

/** `--list <tier>`: prints `{ file: [full test names] }` from the files' text, running nothing. */
async function listTierStatically(tier) {
  const { createVitest } = await import('vitest/node');
  const ctx = await createVitest('test', { run: true, watch: false, project: [tier] });
  const { testModules } = await ctx.collect([], { staticParse: true });
  /** @type {Record<string, string[]>} */
  const listed = {};
  for (const testModule of testModules) {
    listed[testModule.relativeModuleId] = [...testModule.children.allTests()].map((test) => test.fullName);
  }
  process.stdout.write(JSON.stringify(listed));
  await ctx.close();
  process.exit();
}

/**
 * Passed and skipped are what the tests say. Failed also covers what the tests cannot say:
 * a test that should have run but did not because a hook of an enclosing suite threw, a
 * test left pending, and a file or suite that errored (failed to import, afterAll threw)
 * without any of its tests being counted as failed.
 * @param {ReadonlyArray<import('vitest/node').TestModule>} testModules
 */
function countModules(testModules) {
  const counts = { passed: 0, failed: 0, skipped: 0, files: testModules.length };
  for (const testModule of testModules) {
    const failedUnder = new Map(); // suite or module -> failures counted below it

    for (const test of testModule.children.allTests()) {
      const state = test.result().state;
      let failed = false;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed' || state === 'pending') failed = true;
      else if (isMeantToRun(test) && hasErroredAncestor(test)) failed = true;
      else counts.skipped += 1;
      if (failed) {
        counts.failed += 1;
        for (let parent = test.parent; ; parent = parent.parent) {
          failedUnder.set(parent, (failedUnder.get(parent) ?? 0) + 1);
          if (parent.type === 'module') break;
        }
      }
    }

    for (const container of [testModule, ...testModule.children.allSuites()]) {
      if (hasErrors(container) && !failedUnder.get(container)) counts.failed += 1;
    }
  }
  return counts;
}

function isMeantToRun(test) {
  return test.options.mode === 'run' || test.options.mode === 'only';
}

function hasErroredAncestor(test) {
  for (let parent = test.parent; ; parent = parent.parent) {
    if (hasErrors(parent)) return true;
    if (parent.type === 'module') return false;
  }
}

function hasErrors(container) {
  return container.errors().length > 0;
}
