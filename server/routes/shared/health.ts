import { json } from '../../../contracts/shared/answers';
import { Health } from '../../../contracts/shared/health';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import type { ContractApp } from '../../plugins/contract-types';

export async function healthRoutes(app: ContractApp, { database }: AppContext) {
  // Exempt from rate limits: load balancers and the dashboard poll it, and it costs one `select 1`.
  app.get(
    `${API_BASE}${paths.health}`,
    {
      config: { rateLimit: false },
      schema: { response: { 200: json(Health, 'The database answers.'), 503: json(Health, 'The database does not answer.') } },
    },
    async (_request, reply) => {
      const reachable = await database.ping();
      const body: Health = { status: reachable ? 'ok' : 'degraded', database: reachable };
      return reply
        .code(reachable ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
