/**
 * The page a browser bench measures, behind one small interface, in two kinds:
 *
 * - a Playwright page (`fromPlaywright`): what the sign-in uses;
 * - a bare page (`openBarePage`): created and driven over the DevTools protocol on a session of its
 *   own, in a browser context Playwright does not know, so Playwright never instruments it. Playwright
 *   enables the Network domain on its pages, and with it the renderer keeps every response of the page
 *   for DevTools (bench/README.md: a 60,000-photo month scrolled through kept 60,000 thumbnails' worth of
 *   DevTools records, and the collector's pauses grew with them). A customer's browser has no DevTools
 *   attached: its figures come from a bare page.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

export interface BenchPage {
  /** Evaluates an expression in the page, awaiting a promise, and returns its (JSON-able) value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Presses and releases a key on the focused element. */
  press(key: string): Promise<void>;
  /** Turns the mouse wheel by `deltaY` with the pointer at (x, y) of the viewport. */
  wheel(x: number, y: number, deltaY: number): Promise<void>;
  /** A DevTools protocol call on the page's own session (Performance, HeapProfiler, Runtime...). */
  send<T>(method: string, params?: object): Promise<T>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export function fromPlaywright(page: Page, cdp: CDPSession): BenchPage {
  return {
    evaluate: (expression) => page.evaluate(expression),
    press: (key) => page.keyboard.press(key),
    async wheel(x, y, deltaY) {
      await page.mouse.move(x, y);
      await page.mouse.wheel(0, deltaY);
    },
    send: (method, params) => cdp.send(method as never, params as never),
    async screenshot(file) {
      await page.screenshot({ path: file });
    },
    close: () => page.close(),
  };
}

/** Virtual key codes of the keys the bench presses (Input.dispatchKeyEvent needs them). */
const KEY_CODES: Record<string, number> = {
  Tab: 9,
  PageUp: 33,
  PageDown: 34,
  End: 35,
  Home: 36,
  ArrowUp: 38,
  ArrowDown: 40,
};

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Opens `url` in a new bare page: a browser context of its own holding `signedInFrom`'s cookies, the
 * viewport and scale given, and `initScript` run before the page's own scripts.
 */
export async function openBarePage(
  browser: Browser,
  options: {
    signedInFrom: BrowserContext;
    url: string;
    viewport: { width: number; height: number };
    deviceScaleFactor: number;
    initScript: string;
  },
): Promise<BenchPage> {
  const session = await browser.newBrowserCDPSession();
  const call = <T>(method: string, params?: object) =>
    session.send(method as never, params as never) as Promise<T>;
  const { browserContextId } = await call<{ browserContextId: string }>('Target.createBrowserContext');
  const cookies = await options.signedInFrom.cookies();
  await call('Storage.setCookies', {
    browserContextId,
    cookies: cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
      name,
      value,
      domain,
      path,
      expires,
      httpOnly,
      secure,
      sameSite,
    })),
  });
  // Playwright sees the new target, finds no context of its own for it and lets it go.
  const { targetId } = await call<{ targetId: string }>('Target.createTarget', {
    url: 'about:blank',
    browserContextId,
  });
  // Not flattened: the page's messages travel inside this browser session, not beside Playwright's.
  const { sessionId } = await call<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: false,
  });
  const pending = new Map<number, Pending>();
  let lastId = 0;
  session.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id!);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => {
      lastId += 1;
      pending.set(lastId, { resolve: resolve as (value: unknown) => void, reject });
      call('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: lastId, method, params }),
      }).catch(reject);
    });

  const evaluate = async <T>(expression: string): Promise<T> => {
    const answer = await send<{
      result: { value: T };
      exceptionDetails?: { exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (answer.exceptionDetails) {
      throw new Error(`in the page: ${answer.exceptionDetails.exception?.description ?? 'an exception'}`);
    }
    return answer.result.value;
  };
  const key = async (type: 'keyDown' | 'keyUp', name: string) => {
    const code = KEY_CODES[name];
    if (code === undefined) throw new Error(`the bare page cannot press ${name}`);
    await send('Input.dispatchKeyEvent', { type, key: name, code: name, windowsVirtualKeyCode: code });
  };

  await send('Page.enable');
  await send('Page.addScriptToEvaluateOnNewDocument', { source: options.initScript });
  await send('Performance.enable');
  await send('Emulation.setDeviceMetricsOverride', {
    ...options.viewport,
    deviceScaleFactor: options.deviceScaleFactor,
    mobile: false,
  });
  // Headless pages are not focused unless told to be: key events would reach no element.
  await send('Emulation.setFocusEmulationEnabled', { enabled: true });
  await send('Page.navigate', { url: options.url });

  return {
    evaluate,
    async press(name) {
      await key('keyDown', name);
      await key('keyUp', name);
    },
    async wheel(x, y, deltaY) {
      await send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
      await send('Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX: 0, deltaY });
    },
    send,
    async screenshot(file) {
      const { data } = await send<{ data: string }>('Page.captureScreenshot');
      writeFileSync(file, Buffer.from(data, 'base64'));
    },
    async close() {
      await call('Target.disposeBrowserContext', { browserContextId });
      await session.detach();
    },
  };
}
