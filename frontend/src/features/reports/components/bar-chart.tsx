import { useId, useLayoutEffect, useRef, useState } from 'react';

import { formatNumber } from '../format';
import type { ChartModel } from '../views';

// Drawn at the width it is shown (measured), so that text is never scaled down on a phone.
const DEFAULT_WIDTH = 640;
const LEGEND_HEIGHT = 30;
const CHAR_WIDTH = 7.2; // at 13px
// Rows: a label above each group's bars.
const LABEL_HEIGHT = 20;
const BAR_HEIGHT = 16;
const BAR_GAP = 3;
const GROUP_GAP = 14;
const VALUE_SPACE = 44;
// Columns: a value axis on the left, labels under the groups.
const AXIS_WIDTH = 32;
const PLOT_HEIGHT = 180;
const TICK_LABELS_HEIGHT = 36;

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

/** A round top for the value axis and its step: 1, 2 or 5 times a power of ten, 2 to 5 steps. */
export function axisSteps(max: number): { top: number; step: number } {
  const rough = Math.max(1, max) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? power);
  return { top: Math.max(step, Math.ceil(max / step) * step), step };
}

function Legend({ series, width }: { series: string[]; width: number }) {
  return (
    <g>
      {series.map((name, index) => (
        <g key={name} transform={`translate(${index * Math.min(200, width / series.length)}, 4)`}>
          <rect width="14" height="14" rx="2" className={`bar-chart__bar bar-chart__bar--${index}`} />
          <text x="20" y="12" className="bar-chart__text">
            {name}
          </text>
        </g>
      ))}
    </g>
  );
}

/** One group a row, its label above its bars: for long names (events). */
function Rows({ chart, width }: { chart: ChartModel; width: number }) {
  const max = Math.max(1, ...chart.groups.flatMap((group) => group.values));
  const groupHeight = LABEL_HEIGHT + chart.series.length * (BAR_HEIGHT + BAR_GAP) + GROUP_GAP;
  const scale = (value: number) => (Math.max(0, width - VALUE_SPACE) * value) / max;
  return (
    <>
      {chart.groups.map((group, row) => (
        <g key={`${group.label}-${row}`} transform={`translate(0, ${LEGEND_HEIGHT + row * groupHeight})`}>
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
      ))}
    </>
  );
}

/** One group a column over a value axis: for a series in time (months). */
function Columns({ chart, width }: { chart: ChartModel; width: number }) {
  const { top, step } = axisSteps(Math.max(0, ...chart.groups.flatMap((group) => group.values)));
  const plotTop = LEGEND_HEIGHT + 14;
  const y = (value: number) => plotTop + PLOT_HEIGHT - (PLOT_HEIGHT * value) / top;
  // A little room on the right, so that the last label is not cut.
  const groupWidth = (width - AXIS_WIDTH - 12) / Math.max(1, chart.groups.length);
  const barWidth = Math.max(4, Math.min(24, (groupWidth - 6) / chart.series.length));
  // Narrow groups: every other label, so that they do not run into each other.
  const labelEvery = groupWidth < 34 ? 2 : 1;
  const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step);
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={AXIS_WIDTH} x2={width} y1={y(tick)} y2={y(tick)} className="bar-chart__grid" />
          <text x={AXIS_WIDTH - 6} y={y(tick) + 4} textAnchor="end" className="bar-chart__text bar-chart__tick">
            {formatNumber(tick)}
          </text>
        </g>
      ))}
      {chart.groups.map((group, column) => {
        const left = AXIS_WIDTH + column * groupWidth + (groupWidth - barWidth * chart.series.length) / 2;
        const cut = group.label.lastIndexOf(' ');
        const lines = cut > 0 ? [group.label.slice(0, cut), group.label.slice(cut + 1)] : [group.label];
        const middle = AXIS_WIDTH + (column + 0.5) * groupWidth;
        return (
          <g key={`${group.label}-${column}`}>
            {group.values.map((value, index) => (
              <g key={index}>
                <rect
                  x={left + index * barWidth}
                  y={y(value)}
                  width={barWidth - 1}
                  height={plotTop + PLOT_HEIGHT - y(value)}
                  className={`bar-chart__bar bar-chart__bar--${index}`}
                />
                {/* No "0" over the axis: an empty place says it. */}
                {value > 0 && (
                  <text
                    x={left + index * barWidth + barWidth / 2}
                    y={y(value) - 4}
                    textAnchor="middle"
                    className="bar-chart__text bar-chart__value bar-chart__value--small"
                  >
                    {formatNumber(value)}
                  </text>
                )}
              </g>
            ))}
            {column % labelEvery === 0 &&
              lines.map((line, index) => (
                <text
                  key={index}
                  x={middle}
                  y={plotTop + PLOT_HEIGHT + 16 + index * 14}
                  textAnchor="middle"
                  className="bar-chart__text bar-chart__tick"
                >
                  {line}
                </text>
              ))}
          </g>
        );
      })}
    </>
  );
}

/**
 * A bar chart as SVG: groups as rows (label above the bars) or as columns over a value axis,
 * one bar per series. A figure whose caption is the title and a summary of the figures; the
 * picture itself is one image named by that caption (the numbers are in the report's table).
 */
export function BarChart({ chart }: { chart: ChartModel }) {
  const captionId = useId();
  const { ref, width } = useWidth();
  const rowsHeight =
    LEGEND_HEIGHT + chart.groups.length * (LABEL_HEIGHT + chart.series.length * (BAR_HEIGHT + BAR_GAP) + GROUP_GAP);
  const height = chart.layout === 'rows' ? rowsHeight : LEGEND_HEIGHT + 14 + PLOT_HEIGHT + TICK_LABELS_HEIGHT;

  return (
    <figure className="bar-chart">
      <figcaption id={captionId} className="bar-chart__caption">
        <span className="bar-chart__title">{chart.title}</span> <span className="bar-chart__summary">{chart.summary}</span>
      </figcaption>
      <div ref={ref} className="bar-chart__canvas">
        <svg role="img" aria-labelledby={captionId} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
          <Legend series={chart.series} width={width} />
          {chart.layout === 'rows' ? <Rows chart={chart} width={width} /> : <Columns chart={chart} width={width} />}
        </svg>
      </div>
    </figure>
  );
}
