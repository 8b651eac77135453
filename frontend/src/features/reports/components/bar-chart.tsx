import { useId, useLayoutEffect, useRef, useState } from 'react';

import { formatNumber } from '../format';
import type { ChartModel } from '../views';

// Drawn at the width it is shown (measured), so that text is never scaled down on a phone.
const DEFAULT_WIDTH = 640;
const LABEL_HEIGHT = 20;
const BAR_HEIGHT = 16;
const BAR_GAP = 3;
const GROUP_GAP = 14;
const LEGEND_HEIGHT = 30;
const VALUE_SPACE = 44;
const CHAR_WIDTH = 7.2; // at 13px

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);
  return { ref, width };
}

function clip(text: string, width: number): string {
  const room = Math.max(8, Math.floor(width / CHAR_WIDTH));
  return text.length > room ? `${text.slice(0, room - 1)}…` : text;
}

/**
 * A horizontal bar chart as SVG: one group per row (its label above its bars), one bar per
 * series. A figure whose caption is the title and a summary of the figures; the picture itself
 * is one image named by that caption (the numbers are in the report's table).
 */
export function BarChart({ chart }: { chart: ChartModel }) {
  const captionId = useId();
  const { ref, width } = useWidth();
  const max = Math.max(1, ...chart.groups.flatMap((group) => group.values));
  const groupHeight = LABEL_HEIGHT + chart.series.length * (BAR_HEIGHT + BAR_GAP) + GROUP_GAP;
  const height = LEGEND_HEIGHT + chart.groups.length * groupHeight;
  const scale = (value: number) => (Math.max(0, width - VALUE_SPACE) * value) / max;

  return (
    <figure className="bar-chart">
      <figcaption id={captionId} className="bar-chart__caption">
        <span className="bar-chart__title">{chart.title}</span> <span className="bar-chart__summary">{chart.summary}</span>
      </figcaption>
      <div ref={ref} className="bar-chart__canvas">
        <svg role="img" aria-labelledby={captionId} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
          <g className="bar-chart__legend">
            {chart.series.map((name, index) => {
              const x = index * Math.min(200, width / chart.series.length);
              return (
                <g key={name} transform={`translate(${x}, 4)`}>
                  <rect width="14" height="14" rx="2" className={`bar-chart__bar bar-chart__bar--${index}`} />
                  <text x="20" y="12" className="bar-chart__text">
                    {name}
                  </text>
                </g>
              );
            })}
          </g>
          {chart.groups.map((group, row) => {
            const top = LEGEND_HEIGHT + row * groupHeight;
            return (
              <g key={`${group.label}-${row}`} transform={`translate(0, ${top})`}>
                <text x="0" y="14" className="bar-chart__text bar-chart__label">
                  {clip(group.label, width)}
                </text>
                {group.values.map((value, index) => {
                  const y = LABEL_HEIGHT + index * (BAR_HEIGHT + BAR_GAP);
                  const length = scale(value);
                  return (
                    <g key={index}>
                      <rect
                        x="0"
                        y={y}
                        width={Math.max(value > 0 ? 2 : 0, length)}
                        height={BAR_HEIGHT}
                        rx="2"
                        className={`bar-chart__bar bar-chart__bar--${index}`}
                      />
                      <text x={length + 6} y={y + 12.5} className="bar-chart__text bar-chart__value">
                        {formatNumber(value)}
                      </text>
                    </g>
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>
    </figure>
  );
}
