// How a fault section prints what its writers saw and what the database kept.
import type { SectionResult } from './options';
import { tally, type WriteOutcome } from './write-load';

export function reportWrites(name: string, title: string, outcomes: WriteOutcome[], stored: Parameters<typeof tally>[1]): SectionResult {
  const figures = tally(outcomes, stored);
  console.log(`\n${title}`);
  console.table([
    {
      writes: outcomes.length,
      acknowledged: figures.acknowledged,
      'of which orders': figures.acknowledgedOrders,
      'acknowledged but lost': figures.lost.length,
      'half-written': figures.partial.length,
      ...Object.fromEntries(Object.entries(figures.byStatus).map(([status, count]) => [status === 'no answer' ? status : `answered ${status}`, count])),
    },
  ]);
  const failures: string[] = [];
  if (figures.lost.length > 0) failures.push(`${figures.lost.length} acknowledged writes lost (${figures.lost.slice(0, 5).join(', ')})`);
  if (figures.partial.length > 0) failures.push(`${figures.partial.length} half-written (categories or orders: ${figures.partial.slice(0, 5).join(', ')})`);
  const unexpected = Object.keys(figures.byStatus).filter((status) => !['201', '503', 'no answer'].includes(status));
  if (unexpected.length > 0) failures.push(`answers other than 201, 503 or none: ${unexpected.join(', ')}`);
  return { name, failures };
}
