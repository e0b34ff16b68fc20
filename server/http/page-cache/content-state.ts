import type { DB } from "../../db";

/**
 * What a cached public page depends on: the content version (raised by every write of
 * content, FAQ, industries, settings and redirects, on any instance sharing the database) and
 * the time the next scheduled publication comes due (a page built before it must not be
 * served after it).
 */
export interface ContentState {
  version: number;
  /** Epoch ms of the next scheduled publication, or null when none is waiting. */
  dueAt: number | null;
}

/**
 * Where the page cache reads what its pages depend on. The page cache knows no domain: the
 * source is assembled in server/app/page-cache-content.ts and handed to pageCache().
 */
export interface ContentSource {
  /** The content version, raised by every write a public page may show. */
  version(db: DB): Promise<number>;
  /** Epoch ms of the next scheduled publication after `now`, or null when none is waiting. */
  nextDueAt(db: DB, now: Date): Promise<number | null>;
}

/**
 * Reads the content version for every request, batched: the requests that arrive in one turn
 * of the event loop share one read, started after that turn (`setImmediate`), so after every
 * one of them arrived; and at most one read is in flight, a batch waiting for the one before
 * to end. Each request therefore sees a version read after it arrived (a write committed before
 * a request is always seen), while a burst of 64 concurrent requests costs a query or two, not 64.
 */
export class ContentStateReader {
  private running: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  private state: ContentState | null = null;
  private dueRead: Promise<ContentState> | null = null;

  constructor(
    private readonly db: DB,
    private readonly source: ContentSource,
  ) {}

  /** How many version reads have started (for tests). */
  reads = 0;

  private readVersion(): Promise<number> {
    this.queued ??= this.nextRead(this.running);
    return this.queued;
  }

  private async nextRead(previous: Promise<number> | null): Promise<number> {
    if (previous) await previous.catch(() => undefined);
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Requests from here on wait for the read after this one.
    this.queued = null;
    this.reads++;
    const read = this.source.version(this.db);
    this.running = read;
    try {
      return await read;
    } finally {
      if (this.running === read) this.running = null;
    }
  }

  /** The current state; the next due time is re-read only when the version changes or it has passed. */
  async current(now = Date.now()): Promise<ContentState> {
    const version = await this.readVersion();
    const known = this.state;
    if (known && known.version === version && (known.dueAt === null || now < known.dueAt)) return known;
    this.dueRead ??= this.readDue(version).finally(() => {
      this.dueRead = null;
    });
    const state = await this.dueRead;
    // A slower read for an older version must not replace a newer one.
    if (state.version === version) return state;
    return this.current(now);
  }

  private async readDue(version: number): Promise<ContentState> {
    const state = { version, dueAt: await this.source.nextDueAt(this.db, new Date()) };
    if (!this.state || this.state.version <= version) this.state = state;
    return state;
  }
}
