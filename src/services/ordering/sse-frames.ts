/**
 * Server-Sent Events read from a fetch body (the board sends a bearer header, which EventSource
 * cannot). The parts of the HTML standard's parsing the order stream uses: `event`, `data`
 * (several lines joined), `id`, `retry`, comments (`:` keep-alives), CR, LF or CRLF line ends,
 * and a frame ended by a blank line. Text arrives in arbitrary chunks; a partial line waits for
 * the next one.
 */
export type SseFrame = { event: string; data: string; id: string | null };

export type SseParser = {
  /** Feeds decoded text; calls `onFrame` for every frame it completes. */
  push(text: string): void;
};

export function createSseParser(onFrame: (frame: SseFrame) => void, onRetry?: (ms: number) => void): SseParser {
  let pending = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;

  const dispatch = () => {
    if (data.length > 0) onFrame({ event: event || 'message', data: data.join('\n'), id });
    event = '';
    data = [];
    id = null;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };

  return {
    push(text) {
      pending += text;
      // A CR at the very end may be the first half of a CRLF: keep it for the next chunk.
      const lines = pending.split(/\r\n|\r(?!$)|\n/);
      pending = lines.pop() ?? '';
      lines.forEach(line);
    },
  };
}
