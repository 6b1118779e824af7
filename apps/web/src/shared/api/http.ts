import type { z } from 'zod/mini';
import type { HttpMethod } from '@photo/contracts/endpoint';
import { CORRELATION_HEADER, CSRF_HEADER, ErrorBodySchema, type ErrorCode } from '@photo/contracts/errors';
import { nextTask, yieldsAhead } from '../scheduling/next-task';
import { ApiError } from './api-error';
import { newCorrelationId } from './correlation-id';
import type { ReportError } from './error-reporter';

export interface JsonCall<Schema extends z.ZodMiniType> {
  url: string;
  method: HttpMethod;
  body?: unknown;
  /** Every answer is parsed with this schema: an answer of another shape is a failure (docs/product/validation.md). */
  response: Schema;
  /** Names the failure in error reports, `_FAILED` like the spec's reported actions. */
  failedAction: string;
  signal?: AbortSignal;
  /** Statuses that are answers for this call (404 = account deleted): thrown, not reported. */
  expectedStatuses?: readonly number[];
}

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

function codeForStatus(status: number): ErrorCode {
  return codeByStatus[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Whether a call has already been sent by the code running now (one task); see `callJson`.
let sentInThisTask = false;

/**
 * The second and later calls that code sends in one go each wait for a task of their own. Sending a
 * request costs the browser's main thread a few milliseconds (four times that on a mid-range phone), and
 * a page's first render starts all its queries at once: the overview's eight calls were one 400 ms task
 * under Lighthouse's slowdown, in which the page could not answer a tap (issue 23). Only where the
 * browser resumes yielded work ahead of other tasks (`scheduler.yield`): behind a timer, a call could
 * wait on whatever else is queued.
 */
async function takeTurnToSend(): Promise<void> {
  if (sentInThisTask && yieldsAhead()) await nextTask();
  if (!sentInThisTask) {
    sentInThisTask = true;
    // Microtasks run once the code of this task is done: the next task starts with a clean slate.
    queueMicrotask(() => (sentInThisTask = false));
  }
}

/**
 * The one place the app talks HTTP: same-origin session cookie, a fresh correlation id per call,
 * the CSRF header on state-changing calls, strict parsing, and every failure reported.
 */
export async function callJson<Schema extends z.ZodMiniType>(
  call: JsonCall<Schema>,
  reportError: ReportError,
): Promise<z.output<Schema>> {
  const sentId = newCorrelationId();
  const headers: Record<string, string> = { accept: 'application/json', [CORRELATION_HEADER]: sentId };
  if (call.method !== 'GET') headers[CSRF_HEADER] = '1';
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  // Query strings may hold e-mail addresses or tokens: reports carry the path only.
  const reportedUrl = call.url.split('?')[0];

  const fail = (
    status: number,
    code: ApiError['code'],
    detail: string,
    correlationId: string,
    field?: string,
  ) => {
    const message = `${call.method} ${reportedUrl} failed: ${detail}`;
    if (!call.expectedStatuses?.includes(status)) {
      reportError({ action: call.failedAction, message, correlationId, status, url: reportedUrl });
    }
    return new ApiError(status, code, correlationId, message, field);
  };

  await takeTurnToSend();
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      credentials: 'same-origin',
      cache: 'no-cache',
      signal: call.signal,
    });
  } catch (error) {
    // A call cancelled by its caller (a query that is no longer needed) is not a failure.
    if (call.signal?.aborted) throw error;
    throw fail(0, 'network_error', error instanceof Error ? error.message : 'no answer', sentId);
  }

  const correlationId = response.headers.get(CORRELATION_HEADER) ?? sentId;
  if (!response.ok) {
    const errorBody = ErrorBodySchema.safeParse(await readJson(response));
    const code = errorBody.success ? errorBody.data.error.code : codeForStatus(response.status);
    const field = errorBody.success ? errorBody.data.error.field : undefined;
    throw fail(response.status, code, `status ${response.status} (${code})`, correlationId, field);
  }

  const parsed = call.response.safeParse(response.status === 204 ? undefined : await readJson(response));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail = `unexpected answer at "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`;
    throw fail(response.status, 'invalid_response', detail, correlationId);
  }
  return parsed.data;
}
