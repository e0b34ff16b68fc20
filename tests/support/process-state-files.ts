/**
 * Integration files that change state of the test process that lasts as long as the process: the
 * configuration (server/config.ts reads process.env once, on first use) and the job handlers
 * (registerJob fills a module-wide table that runDueJobs reads). The other integration files share
 * their workers (vitest.config.ts, `isolate: false`); these run in a process each. A lint test
 * (tests/lint/process-state.test.ts) finds a file that does either and is not listed here.
 */
export const PROCESS_STATE_FILES = [
  "tests/integration/auto-reply.test.ts",
  "tests/integration/form-notify-once.test.ts",
  "tests/integration/jobs.test.ts",
  "tests/integration/response-overdue.test.ts",
  "tests/integration/retention.test.ts",
];

/** What changes that state in a test file: an assignment to process.env, or a job registered. */
export const CHANGES_PROCESS_STATE =
  /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|\bdelete process\.env|\bvi\.stubEnv\(|\bregister\w*Jobs?\s*[<(]/;
