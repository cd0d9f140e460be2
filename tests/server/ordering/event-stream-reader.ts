/** One block of a Server-Sent Events stream, as a client reads it. */
export type StreamMessage = { event?: string; id?: string; data?: string; retry?: string; comment?: string };

export type StreamReader = {
  response: Response;
  /** The next block, or null once the stream has ended. */
  next(): Promise<StreamMessage | null>;
  /** The next `event:` block (skipping comments, `retry:` and lone `id:` blocks), or null once ended. */
  nextEvent(): Promise<StreamMessage | null>;
  close(): Promise<void>;
};

function parseBlock(block: string): StreamMessage {
  const message: StreamMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    else {
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event' || field === 'id' || field === 'data' || field === 'retry') message[field] = value;
    }
  }
  return message;
}

/**
 * GET `url` and read its body as the order board does: fetch streaming, blocks split on blank
 * lines. A refused request is returned as it is (read `response`).
 */
export async function readStream(url: string, headers: Record<string, string>): Promise<StreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  // A refusal's JSON is left for the test to read.
  const reader = response.ok ? response.body!.getReader() : undefined;
  const decoder = new TextDecoder();
  let buffered = '';
  let ended = false;
  const next = async (): Promise<StreamMessage | null> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        return parseBlock(block);
      }
      if (ended || !reader) return null;
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) ended = true;
      else buffered += decoder.decode(chunk.value, { stream: true });
    }
  };
  const nextEvent = async (): Promise<StreamMessage | null> => {
    for (;;) {
      const message = await next();
      if (message === null || message.event !== undefined) return message;
    }
  };
  return {
    response,
    next,
    nextEvent,
    close: async () => {
      controller.abort();
      await reader?.cancel().catch(() => undefined);
    },
  };
}
