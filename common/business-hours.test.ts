import { describe, expect, it } from "vitest";
import {
  businessMinutesBetween,
  businessMsBetween,
  DEFAULT_OPENING_HOURS,
  openingHoursSchema,
  responseDeadline,
  weekdayOf,
  WEEKDAYS,
  type OpeningHours,
} from "./business-hours";
import { fieldErrorsOf } from "./result";

const hours = DEFAULT_OPENING_HOURS; // Monday to Friday, 08:00 to 17:00 Arizona time
/** An Arizona wall-clock time as the UTC instant it is (Arizona is UTC-7 all year). */
const az = (local: string) => new Date(`${local}-07:00`);

// 2026-03-02 is a Monday. 2026-03-08 is the US switch to daylight saving time (not Arizona's).
describe("business minutes between two moments", () => {
  it("counts only opening hours within one day", () => {
    expect(businessMinutesBetween(az("2026-03-02T09:00"), az("2026-03-02T09:12"), hours)).toBe(12);
    expect(businessMinutesBetween(az("2026-03-02T07:00"), az("2026-03-02T08:15"), hours)).toBe(15);
    expect(businessMinutesBetween(az("2026-03-02T16:50"), az("2026-03-02T19:00"), hours)).toBe(10);
    expect(businessMinutesBetween(az("2026-03-02T18:00"), az("2026-03-02T23:59"), hours)).toBe(0);
  });

  it("skips the night", () => {
    // 16:55 Monday to 08:10 Tuesday: 5 + 10 minutes.
    expect(businessMinutesBetween(az("2026-03-02T16:55"), az("2026-03-03T08:10"), hours)).toBe(15);
  });

  it("skips the weekend", () => {
    // Friday 16:50 to Monday 08:05: 10 + 5 minutes.
    expect(businessMinutesBetween(az("2026-03-06T16:50"), az("2026-03-09T08:05"), hours)).toBe(15);
    // Saturday to Sunday night: nothing.
    expect(businessMinutesBetween(az("2026-03-07T09:00"), az("2026-03-08T23:00"), hours)).toBe(0);
  });

  it("reads the day in Arizona time, not UTC", () => {
    // 00:30 UTC on Tuesday is 17:30 on Monday in Arizona: closed, although 00:30 UTC Tuesday
    // would be inside no UTC "day" of these hours either way; 15:00 UTC Saturday is 08:00 Saturday.
    expect(weekdayOf("2026-03-03")).toBe("tuesday");
    expect(businessMinutesBetween("2026-03-03T00:00:00Z", "2026-03-03T01:00:00Z", hours)).toBe(0);
    // 23:00 UTC Monday is 16:00 Monday in Arizona: an hour before closing.
    expect(businessMinutesBetween("2026-03-02T23:00:00Z", "2026-03-03T06:59:00Z", hours)).toBe(60);
    // Friday 16:30 Arizona is 23:30 UTC Friday; Saturday in UTC starts while Arizona is still open.
    expect(businessMinutesBetween("2026-03-06T23:30:00Z", "2026-03-07T00:10:00Z", hours)).toBe(30);
  });

  it("does not move with daylight saving time elsewhere", () => {
    // Across the US switch on 2026-03-08 and back on 2026-11-01: Arizona keeps UTC-7.
    expect(businessMinutesBetween(az("2026-03-06T16:00"), az("2026-03-09T09:00"), hours)).toBe(120);
    expect(businessMinutesBetween(az("2026-10-30T16:00"), az("2026-11-02T09:00"), hours)).toBe(120);
    const phoenix = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Phoenix",
      hour: "2-digit",
      hourCycle: "h23",
    });
    expect(phoenix.format(new Date("2026-01-15T15:00:00Z"))).toBe("08");
    expect(phoenix.format(new Date("2026-07-15T15:00:00Z"))).toBe("08");
  });

  it("counts whole weeks and long ranges", () => {
    expect(businessMinutesBetween(az("2026-03-02T08:00"), az("2026-03-09T08:00"), hours)).toBe(5 * 9 * 60);
    expect(businessMinutesBetween(az("2026-03-04T12:00"), az("2026-05-20T12:00"), hours)).toBe(11 * 5 * 9 * 60);
  });

  it("is zero for a reversed or empty range", () => {
    expect(businessMsBetween(az("2026-03-02T10:00"), az("2026-03-02T09:00"), hours)).toBe(0);
    expect(businessMsBetween(az("2026-03-02T10:00"), az("2026-03-02T10:00"), hours)).toBe(0);
  });

  it("follows other opening hours: a Saturday morning and a day open until midnight", () => {
    const custom: OpeningHours = {
      ...hours,
      friday: { open: "08:00", close: "24:00" },
      saturday: { open: "09:00", close: "12:00" },
    };
    expect(businessMinutesBetween(az("2026-03-06T23:00"), az("2026-03-07T09:30"), custom)).toBe(90);
  });

  it("matches a minute-by-minute count in the America/Phoenix time zone", () => {
    const custom: OpeningHours = { ...hours, wednesday: { open: "10:30", close: "14:15" }, saturday: null };
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Phoenix",
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const isOpen = (instant: number) => {
      const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
      const day = custom[p.weekday!.toLowerCase() as keyof OpeningHours];
      const minute = Number(p.hour) * 60 + Number(p.minute);
      return (
        !!day &&
        minute >= Number(day.open.slice(0, 2)) * 60 + Number(day.open.slice(3)) &&
        minute < Number(day.close.slice(0, 2)) * 60 + Number(day.close.slice(3))
      );
    };
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const step = 5 * 60_000;
    for (let i = 0; i < 25; i++) {
      const from = Date.parse("2026-02-20T00:00:00Z") + Math.floor(random() * 40 * 288) * step;
      const to = from + Math.floor(random() * 10 * 288) * step;
      let expected = 0;
      for (let t = from; t < to; t += step) if (isOpen(t)) expected += 5;
      expect(businessMinutesBetween(from, to, custom), new Date(from).toISOString()).toBe(expected);
    }
  });
});

describe("response deadline", () => {
  it("is the target later during opening hours", () => {
    expect(responseDeadline(az("2026-03-02T09:00"), 15, hours)).toEqual(az("2026-03-02T09:15"));
  });

  it("starts counting at opening time for a lead sent at night or at the weekend", () => {
    expect(responseDeadline(az("2026-03-02T21:00"), 15, hours)).toEqual(az("2026-03-03T08:15"));
    expect(responseDeadline(az("2026-03-06T16:50"), 15, hours)).toEqual(az("2026-03-09T08:05"));
    expect(responseDeadline(az("2026-03-07T10:00"), 15, hours)).toEqual(az("2026-03-09T08:15"));
    expect(responseDeadline(az("2026-03-07T10:00"), 0, hours)).toEqual(az("2026-03-09T08:00"));
  });

  it("spans weeks for long targets and agrees with the count", () => {
    for (const [from, minutes] of [
      [az("2026-03-04T12:34"), 15],
      [az("2026-03-04T12:34"), 9 * 60],
      [az("2026-03-06T16:59"), 5 * 9 * 60],
      [az("2026-03-07T03:00"), 3 * 5 * 9 * 60 + 7],
    ] as const) {
      const due = responseDeadline(from, minutes, hours);
      expect(businessMsBetween(from, due, hours)).toBe(minutes * 60_000);
      expect(businessMsBetween(from, due.getTime() - 1, hours)).toBeLessThan(minutes * 60_000);
    }
  });
});

describe("opening hours schema", () => {
  it("accepts the defaults and refuses closing before opening, bad times and a week with no open day", () => {
    expect(openingHoursSchema.safeParse(DEFAULT_OPENING_HOURS).success).toBe(true);
    const bad = openingHoursSchema.safeParse({
      ...DEFAULT_OPENING_HOURS,
      monday: { open: "17:00", close: "08:00" },
      tuesday: { open: "8am", close: "17:00" },
    });
    expect(fieldErrorsOf(bad.error!)).toEqual({
      "monday.close": "Closing must be later than opening.",
      "tuesday.open": "Enter the opening time as HH:MM, e.g. 08:00.",
    });
    const closed = openingHoursSchema.safeParse(Object.fromEntries(WEEKDAYS.map((day) => [day, null])));
    expect(fieldErrorsOf(closed.error!)).toEqual({ _form: "Open on at least one day of the week." });
  });
});
