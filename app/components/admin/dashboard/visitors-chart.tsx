import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { SITE_TIME_ZONE } from "~/lib/dates";

/**
 * Views and visitors per day as two lines, drawn by uPlot like the leads chart (loaded lazily
 * by the dashboard; never on a public page). The same figures are in a table beside it.
 */
export interface VisitorDay {
  date: string;
  views: number;
  visitors: number;
}

export const VISITOR_SERIES = [
  { key: "views", label: "Page views", color: "#1f5fa8" },
  { key: "visitors", label: "Visitors", color: "#047857" },
] as const;

const HEIGHT = 240;

export default function VisitorsChart({ days }: { days: VisitorDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Arizona midnights as Unix seconds.
    const x = days.map((d) => Date.parse(`${d.date}T07:00:00.000Z`) / 1000);
    const line = (label: string, color: string): uPlot.Series => ({
      label,
      stroke: color,
      width: 2,
      points: { show: days.length <= 31, size: 5, fill: color },
    });
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), SITE_TIME_ZONE),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [
          { stroke: "#475569", grid: { show: false } },
          {
            stroke: "#475569",
            grid: { stroke: "#e2e8f0", width: 1 },
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000],
          },
        ],
        series: [
          {},
          line(VISITOR_SERIES[0].label, VISITOR_SERIES[0].color),
          line(VISITOR_SERIES[1].label, VISITOR_SERIES[1].color),
        ],
      },
      [x, days.map((d) => d.views), days.map((d) => d.visitors)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} aria-hidden className="w-full" />;
}
