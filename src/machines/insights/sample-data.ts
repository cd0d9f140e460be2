/**
 * The insight screens' decoration (sparklines, trend arrows, the analytics time series). The
 * specification calls them generated, not real history; PRODUCT.md wants decoration deterministic
 * and labelled "Sample data", so every figure here comes from a seeded generator: the same seed
 * always draws the same picture, and tests can check what the screen shows.
 */
export const SAMPLE_LABEL = 'Sample data';

/** mulberry32: a tiny, well-spread seeded generator, numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Twelve points of a gently wandering line, for a KPI card's sparkline. */
export function sampleSparkline(seed: number, points = 12): number[] {
  const random = seededRandom(seed);
  let value = 50;
  return Array.from({ length: points }, () => (value = Math.max(5, value + (random() - 0.45) * 20)));
}

/** A KPI card's decorative trend, a whole percent between -9 and 24. */
export function sampleTrend(seed: number): number {
  return Math.round(seededRandom(seed * 7919)() * 33) - 9;
}

/** Section 9: the moving average's window is at least 2 and about a tenth of the period. */
export const movingAverageWindow = (days: number) => Math.max(2, Math.round(days / 10));

function movingAverage(values: number[], window: number): number[] {
  return values.map((_, index) => {
    const slice = values.slice(Math.max(0, index - window + 1), index + 1);
    return Math.round((slice.reduce((sum, value) => sum + value, 0) / slice.length) * 10) / 10;
  });
}

export type SamplePoint = { date: string; orders: number; revenue: number };

/** Section 9: revenue is the second series (raw daily sales units) times 12, in USD. */
export const REVENUE_PER_UNIT = 12;

/**
 * The Analytics screen's orders and revenue, one point per day ending `today`, seeded by the
 * range so a range always shows the same series. Orders are the moving average of the first
 * series; revenue is the second series times 12.
 */
export function sampleSeries(days: number, today: Date): SamplePoint[] {
  const random = seededRandom(days);
  const orders = Array.from({ length: days }, () => 20 + Math.round(random() * 40));
  const units = Array.from({ length: days }, () => 15 + Math.round(random() * 30));
  const averaged = movingAverage(orders, movingAverageWindow(days));
  return averaged.map((value, index) => {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1 - index)));
    return { date: day.toISOString().slice(0, 10), orders: value, revenue: (units[index] ?? 0) * REVENUE_PER_UNIT };
  });
}

/** Section 7: run rate per day from the revenue about 7 days back, else the latest. */
export function runRatePerDay(series: SamplePoint[]): number {
  return (series[series.length - 8] ?? series[series.length - 1])?.revenue ?? 0;
}

/** Section 7: the latest revenue divided by the latest orders, never by less than 1. */
export function averageOrderValue(series: SamplePoint[]): number {
  const latest = series[series.length - 1];
  return latest ? latest.revenue / Math.max(1, latest.orders) : 0;
}

/** The CSV export: columns date, orders, revenue (section 9). */
export function seriesCsv(series: SamplePoint[]): string {
  return ['date,orders,revenue', ...series.map((point) => `${point.date},${point.orders},${point.revenue}`)].join('\n') + '\n';
}
