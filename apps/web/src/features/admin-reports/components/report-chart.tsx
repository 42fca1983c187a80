import { useEffect, useRef, useState } from 'react';

export type ChartSeries = { label: string; values: number[]; color: string };

/**
 * The page's own font for the chart's labels (Noto Sans Ethiopic first in Amharic), loaded before drawing: a canvas
 * draws with a web font only once it is in memory, and the browser's default canvas fonts have no Ethiopic glyphs.
 */
async function pageFont(canvas: HTMLCanvasElement, text: string): Promise<string> {
  const family = getComputedStyle(canvas).fontFamily;
  try {
    await document.fonts.load(`12px ${family}`, text);
  } catch {
    // Drawn with whatever the browser has; the table beside the chart carries the same labels.
  }
  return family;
}

/**
 * A bar or line chart drawn by chart.js, loaded only when a report is shown (its own chunk). The table beside it
 * carries the same numbers for screen readers and for copying.
 */
export type ChartProps = {
  kind: 'bar' | 'line';
  labels: string[];
  series: ChartSeries[];
  /** The chart's accessible name. */
  label: string;
};

export function ReportChart({ kind, labels, series, label }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy: () => void } | null = null;
    let live = true;
    const text = [...labels, ...series.map((s) => s.label)].join(' ');
    Promise.all([import('chart.js/auto'), canvas.current ? pageFont(canvas.current, text) : undefined])
      .then(([{ default: Chart }, family]) => {
        if (!live || !canvas.current) return;
        if (family) Chart.defaults.font.family = family;
        chart = new Chart(canvas.current, {
          type: kind,
          data: {
            labels,
            datasets: series.map((s) => ({
              label: s.label,
              data: s.values,
              backgroundColor: s.color,
              borderColor: s.color,
              tension: 0.2,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { display: series.length > 1, position: 'bottom' } },
            scales: { y: { beginAtZero: true } },
          },
        });
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [kind, labels, series]);
  if (failed) return null;
  return (
    <div className="relative h-56 w-full min-w-0">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="report-chart" />
    </div>
  );
}
