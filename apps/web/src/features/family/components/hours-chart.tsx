import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Hours attended per month, drawn by chart.js (its own lazily loaded chunk); the numbers are also in text. */
export function HoursChart({ labels, hours, label }: { labels: string[]; hours: number[]; label: string }) {
  const { t } = useTranslation('family');
  const dataset = t('Hours');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const key = `${labels.join('|')}:${hours.join('|')}`;
  useEffect(() => {
    let chart: { destroy: () => void } | null = null;
    let live = true;
    import('chart.js/auto')
      .then(({ default: Chart }) => {
        if (!live || !canvas.current) return;
        chart = new Chart(canvas.current, {
          type: 'bar',
          data: { labels, datasets: [{ label: dataset, data: hours, backgroundColor: '#1f6f5c' }] },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { display: false } },
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          },
        });
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      chart?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, dataset]);
  if (failed) return null;
  return (
    <div className="relative h-44 w-full min-w-0">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
