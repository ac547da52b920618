// Test helpers: JSON responses in the server's envelope and a fetch mock.
import { vi } from 'vitest';

export const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({
  code: 1,
  msg: '',
  data,
  ...extra,
});

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type FetchCall = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
};

/** Replaces global fetch; `respond` decides each answer. Returns the recorded calls. */
export function mockFetch(respond: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>),
    );
    const call: FetchCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body:
        typeof init.body === 'string'
          ? JSON.parse(init.body)
          : init.body instanceof FormData
            ? Object.fromEntries(
                [...init.body.entries()].filter(([, value]) => typeof value === 'string'),
              )
            : undefined,
    };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** What a routed API path answers: data (sent in a success envelope) or a whole Response. */
export type Answer = (call: FetchCall) => unknown;

/**
 * Replaces global fetch with a router over `answers`, keyed by path without the query string
 * and read at each call (tests may change entries); any other path gets `bad_params`.
 */
export function routeFetch(answers: Record<string, Answer>) {
  return mockFetch((call) => {
    const answer = answers[call.url.split('?')[0] ?? ''];
    if (answer === undefined)
      return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
    const data = answer(call);
    return data instanceof Response ? data : jsonResponse(envelope(data));
  });
}

/** A receiving account of the deposit page's options (bank unless `fields` say otherwise). */
export const receivingAccount = (fields: Record<string, unknown> = {}) => ({
  code: 'vcb',
  method: 'bank' as const,
  bank: 'Vietcombank',
  branch: 'District 1',
  holder: 'FAIRHALL LTD',
  number: '0071000123456',
  network: '',
  address: '',
  currencies: [] as string[],
  countries: [] as string[],
  min: '10.00',
  max: '1000000.00',
  ...fields,
});
