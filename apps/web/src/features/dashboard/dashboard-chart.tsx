/**
 * One chart of the dashboard, drawn by Chart.js (decision 020: kept, tree-shaken to the bar
 * chart, loaded only with this page). The canvas is an image with a label that says what it
 * shows; the numbers themselves are the table beside it, which screen readers and keyboards use.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface DashboardChartProps {
  /** What the chart shows, read out for the image. */
  label: string;
  labels: string[];
  values: number[];
  /** Bars across (rankings) instead of up (periods). */
  horizontal?: boolean;
  /** How a value reads on the axis and in the tooltip. */
  format: (value: number) => string;
  height: number;
}

export function DashboardChart({ label, labels, values, horizontal = false, format, height }: DashboardChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    // No 2D context (a browser without canvas, or a test's DOM): the table says it all.
    if (!context) return;
    // Whole steps: a count or a wait has no half orders (money ticks are whole dollars anyway).
    const valueAxis = {
      beginAtZero: true,
      ticks: { precision: 0, callback: (v: string | number) => format(Number(v)) },
    };
    // Category labels longer than fit beside a bar end in an ellipsis (the table has them whole).
    const categoryAxis = {
      ticks: {
        callback(this: { getLabelForValue(v: number): string }, v: string | number) {
          const text = this.getLabelForValue(Number(v));
          return text.length > 26 ? `${text.slice(0, 25)}…` : text;
        },
      },
    };
    chart.current = new Chart(context, {
      type: 'bar',
      data: { labels: [], datasets: [{ label, data: [], backgroundColor: '#0d6efd', borderRadius: 2 }] },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { callbacks: { label: (item) => format(Number(item.raw)) } } },
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { y: valueAxis },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [label, horizontal, format]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = labels;
    c.data.datasets[0]!.data = values;
    c.update();
  }, [labels, values, label, horizontal, format]);

  return (
    <div className="dashboard-chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
