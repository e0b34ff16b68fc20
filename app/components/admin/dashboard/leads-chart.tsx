import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { SITE_TIME_ZONE } from "~/lib/dates";

/**
 * Leads per day as stacked bars, drawn by uPlot (about 20 KB gzipped). This module is
 * loaded lazily by the dashboard, so neither the admin shell's first paint nor any public
 * page carries it. The same figures are in a table beside it for screen readers.
 */
export interface ChartDay {
  date: string;
  contact: number;
  calculator: number;
  other: number;
}

export const SERIES = [
  { key: "contact", label: "Contact form", color: "#1f5fa8" },
  { key: "calculator", label: "Savings calculator", color: "#047857" },
  { key: "other", label: "Other forms and manual", color: "#b45309" },
] as const;

const HEIGHT = 240;

export default function LeadsChart({ days }: { days: ChartDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Arizona midnights as Unix seconds; stacked totals drawn back to front.
    const x = days.map((d) => Date.parse(`${d.date}T07:00:00.000Z`) / 1000);
    const a = days.map((d) => d.contact);
    const ab = days.map((d) => d.contact + d.calculator);
    const abc = days.map((d) => d.contact + d.calculator + d.other);
    const bars = uPlot.paths.bars!({ size: [0.7, 28], gap: 1 });
    const series = (label: string, color: string): uPlot.Series => ({
      label,
      fill: color,
      stroke: color,
      width: 0,
      paths: bars,
      points: { show: false },
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
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
          },
        ],
        series: [
          {},
          series(SERIES[2].label, SERIES[2].color),
          series(SERIES[1].label, SERIES[1].color),
          series(SERIES[0].label, SERIES[0].color),
        ],
      },
      [x, abc, ab, a],
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
