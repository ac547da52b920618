// The browser's EventSource as the live hook uses it (hooks/use-live-room): tests install it
// with `vi.stubGlobal('EventSource', FakeEventSource)` and reset `opened` before each test.
import type { StreamLike } from '@/hooks/use-live-room';

export class FakeEventSource implements StreamLike {
  static opened: FakeEventSource[] = [];
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners: ((event: MessageEvent<string>) => void)[] = [];

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(_type: 'state', listener: (event: MessageEvent<string>) => void): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.closed = true;
  }

  /** The server sends a `state` event (text as is, anything else as JSON). */
  send(data: unknown): void {
    const message = { data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent<string>;
    for (const listener of this.listeners) listener(message);
  }

  /** The connection breaks. */
  fail(): void {
    this.onerror?.(new Event('error'));
  }
}
