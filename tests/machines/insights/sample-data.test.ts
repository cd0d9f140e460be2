import { describe, expect, it } from 'vitest';
import {
  REVENUE_PER_UNIT,
  averageOrderValue,
  movingAverageWindow,
  runRatePerDay,
  sampleSeries,
  sampleSparkline,
  seriesCsv,
} from '#src/machines/insights/sample-data';

const TODAY = new Date(Date.UTC(2026, 10, 25));

describe('sample data', () => {
  it('draws the same decoration for the same seed, another for another', () => {
    expect(sampleSparkline(3)).toEqual(sampleSparkline(3));
    expect(sampleSparkline(3)).not.toEqual(sampleSparkline(4));
    expect(sampleSeries(30, TODAY)).toEqual(sampleSeries(30, TODAY));
  });

  it('has one point per day of the range, ending today', () => {
    for (const days of [7, 30, 90]) {
      const series = sampleSeries(days, TODAY);
      expect(series).toHaveLength(days);
      expect(series.at(-1)?.date).toBe('2026-11-25');
    }
    expect(sampleSeries(7, TODAY)[0]?.date).toBe('2026-11-19');
  });

  it('uses a moving-average window of at least 2 and about a tenth of the period', () => {
    expect([7, 30, 90].map(movingAverageWindow)).toEqual([2, 3, 9]);
  });

  it('makes revenue whole multiples of 12', () => {
    expect(sampleSeries(30, TODAY).every((point) => point.revenue % REVENUE_PER_UNIT === 0)).toBe(true);
  });

  it('takes the run rate 7 days back (else the latest) and divides by at least one order', () => {
    const series = Array.from({ length: 10 }, (_, index) => ({ date: `d${index}`, orders: index === 9 ? 0.5 : 4, revenue: index * 12 }));
    expect(runRatePerDay(series)).toBe(24);
    expect(runRatePerDay(series.slice(0, 3))).toBe(24);
    expect(averageOrderValue(series)).toBe(108);
  });

  it('writes the CSV with columns date, orders, revenue', () => {
    expect(seriesCsv([{ date: '2026-11-25', orders: 3.5, revenue: 120 }])).toBe('date,orders,revenue\n2026-11-25,3.5,120\n');
  });
});
