import { PNG } from 'pngjs';
import type { TicketPriority } from './ticket';

/** How many tickets of each priority. */
export type PriorityCounts = Readonly<Record<TicketPriority, number>>;

type Rgb = readonly [number, number, number];

/** The bars, left to right, and their colours. */
export const CHART_BARS: readonly { readonly priority: TicketPriority; readonly color: Rgb }[] = [
  { priority: 'low', color: [76, 175, 80] },
  { priority: 'normal', color: [33, 150, 243] },
  { priority: 'high', color: [244, 67, 54] },
];

export const CHART_WIDTH = 240;
export const CHART_HEIGHT = 160;
/** The row of the x axis; bars grow up from the row above it. */
export const CHART_BASELINE = 140;
const TOP = 20;
const BAR_WIDTH = 50;
const GAP = (CHART_WIDTH - CHART_BARS.length * BAR_WIDTH) / (CHART_BARS.length + 1);
const WHITE: Rgb = [255, 255, 255];
const GRID: Rgb = [225, 225, 225];
const AXIS: Rgb = [60, 60, 60];

/** The x of the left edge of bar `index`. */
export function barLeft(index: number): number {
  return Math.round(GAP + index * (BAR_WIDTH + GAP));
}

/** The height in pixels of a bar of `count` when the tallest is `max`. */
export function barHeight(count: number, max: number): number {
  return max === 0 ? 0 : Math.round((count / max) * (CHART_BASELINE - TOP));
}

/**
 * A bar chart of tickets by priority as a PNG: one bar per priority (low green, normal blue, high red), a grid line
 * per ticket so that the counts can be read, drawn pixel by pixel and encoded with pngjs.
 */
export function drawPriorityChart(counts: PriorityCounts): Buffer {
  const png = new PNG({ width: CHART_WIDTH, height: CHART_HEIGHT });
  const fill = (x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb): void => {
    for (let y = Math.max(0, y0); y < Math.min(CHART_HEIGHT, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(CHART_WIDTH, x1); x++) {
        const i = (y * CHART_WIDTH + x) * 4;
        png.data[i] = r;
        png.data[i + 1] = g;
        png.data[i + 2] = b;
        png.data[i + 3] = 255;
      }
  };
  fill(0, 0, CHART_WIDTH, CHART_HEIGHT, WHITE);
  const max = Math.max(0, ...CHART_BARS.map(({ priority }) => counts[priority]));
  for (let count = 1; count <= max; count++) {
    const y = CHART_BASELINE - barHeight(count, max);
    fill(0, y, CHART_WIDTH, y + 1, GRID);
  }
  CHART_BARS.forEach(({ priority, color }, index) => {
    const height = barHeight(counts[priority], max);
    fill(barLeft(index), CHART_BASELINE - height, barLeft(index) + BAR_WIDTH, CHART_BASELINE, color);
  });
  fill(0, CHART_BASELINE, CHART_WIDTH, CHART_BASELINE + 2, AXIS);
  return PNG.sync.write(png);
}
