import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGES_PROCESS_STATE, PROCESS_STATE_FILES } from "../support/process-state-files";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIR = "tests/integration";

describe("integration files that change the process's state", () => {
  it("run in a process of their own (listed in tests/support/process-state-files.ts)", () => {
    const files = fs.readdirSync(path.join(ROOT, DIR)).filter((name) => name.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(40);
    const changing = files
      .map((name) => `${DIR}/${name}`)
      .filter((file) => CHANGES_PROCESS_STATE.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(changing.sort()).toEqual([...PROCESS_STATE_FILES].sort());
  });

  it("recognises each way of changing it", () => {
    for (const line of [
      "process.env.SMTP_URL = smtp.url;",
      'process.env["SMTP_URL"] = url;',
      "delete process.env.SMTP_URL;",
      'vi.stubEnv("SMTP_URL", url);',
      "registerResponseClockJobs();",
      "registerJob<{ n: string }>(",
    ])
      expect(CHANGES_PROCESS_STATE.test(line), line).toBe(true);
    for (const line of ["const url = process.env.TEST_DATABASE_URL;", "if (process.env.CI === '1') {}"])
      expect(CHANGES_PROCESS_STATE.test(line), line).toBe(false);
  });
});
