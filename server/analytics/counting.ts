import type { DB } from "../db";
import { collectHandler } from "./collect";
import { Collector } from "./collector";
import { DailySalt } from "./salt";

/**
 * This instance's visitor counting (decision 0044): the collector that batches counts into the
 * shared aggregates and the day's salt. One per process; `flushVisitorCounts` at shutdown.
 */
let counting: { collector: Collector; salt: DailySalt } | undefined;

function instance(db: () => DB) {
  counting ??= { collector: new Collector(db), salt: new DailySalt(db) };
  return counting;
}

/** POST /api/collect (mount it with a small JSON body reader, ahead of the session lookup). */
export function visitorBeacon(db: () => DB, options: { enabled: boolean }) {
  return collectHandler({ enabled: options.enabled, ...instance(db) });
}

export async function flushVisitorCounts(): Promise<void> {
  await counting?.collector.flush();
}
