import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { rawBody: Buffer; signature: string | undefined };

/** A stand-in webhook endpoint: keeps each delivery's raw bytes and Stripe-Signature, answers `status`. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({ rawBody: Buffer.concat(chunks), signature: request.headers['stripe-signature'] as string | undefined });
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/`,
    received,
    /** The event types received, in arrival order. */
    types: () => received.map((delivery) => (JSON.parse(delivery.rawBody.toString('utf8')) as { type: string }).type),
    answerWith: (next: number) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: one the system gave out and that was closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
