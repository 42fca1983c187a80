import { useEffect, useRef, useState } from 'react';

export type ChartSeries = { label: string; values: number[]; color: string };

/**
 * A bar or line chart drawn by chart.js, loaded only when a report is shown (its own chunk). The table beside it
 * carries the same numbers for screen readers and for copying.
 */
export function ReportChart({
  kind,
  labels,
  series,
  label,
}: {
  kind: 'bar' | 'line';
  labels: string[];
  series: ChartSeries[];
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy: () => void } | null = null;
    let live = true;
    import('chart.js/auto')
      .then(({ default: Chart }) => {
        if (!live || !canvas.current) return;
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
