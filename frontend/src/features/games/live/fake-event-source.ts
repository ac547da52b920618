// The browser's EventSource as the live hook uses it (games/live/use-live-room): tests install it
// with `vi.stubGlobal('EventSource', FakeEventSource)` and reset `opened` before each test.
import type { StreamLike } from '@/features/games/live/use-live-room';

export class FakeEventSource implements StreamLike {
  static opened: FakeEventSource[] = [];
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners: { type: 'state' | 'end'; listener: (event: MessageEvent<string>) => void }[] =
    [];

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: 'state' | 'end', listener: (event: MessageEvent<string>) => void): void {
    this.listeners.push({ type, listener });
  }

  close(): void {
    this.closed = true;
  }

  /** The server sends a `state` event (text as is, anything else as JSON). */
  send(data: unknown, type: 'state' | 'end' = 'state'): void {
    const message = {
      data: typeof data === 'string' ? data : JSON.stringify(data),
    } as MessageEvent<string>;
    for (const entry of this.listeners) if (entry.type === type) entry.listener(message);
  }

  /** The server ends the stream because its session ended. */
  end(): void {
    this.send({ err: 'login_required' }, 'end');
  }

  /** The connection breaks. */
  fail(): void {
    this.onerror?.(new Event('error'));
  }
}
