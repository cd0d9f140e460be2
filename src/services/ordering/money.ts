import { MoneyStats, type MoneyStatsQuery } from '../../../contracts/ordering/money-stats';
import { paths } from '../../../contracts/shared/paths';
import { api, type ApiClient, type DownloadedFile } from '../shared/api';

/**
 * The Money screen's figures (issue 43): a restaurant's money per day. The query is the
 * contract's (dates of the restaurant's calendar, none for this month so far; an administrator's
 * `restaurant_id`); every answer is checked with contracts/ordering/money-stats.ts.
 */
export type MoneyAsk = Omit<MoneyStatsQuery, 'format'>;

export function loadMoneyStats(ask: MoneyAsk, client: ApiClient = api): Promise<MoneyStats> {
  return client.get(paths.stats.money, { searchParams: ask, struct: MoneyStats });
}

/** The same figures as the server's CSV file, named by it. */
export function downloadMoneyCsv(ask: MoneyAsk, client: ApiClient = api): Promise<DownloadedFile> {
  return client.getFile(paths.stats.money, { searchParams: { ...ask, format: 'csv' } });
}
