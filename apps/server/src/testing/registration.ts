import { CONFIRM_ACCOUNT_PATH } from '../auth/auth-paths';
import { linkTo, mailsTo } from './mailbox';
import { createTestBrowser, formActionOf, type TestBrowser } from './sign-in';
import type { TestApp } from './test-app';

/**
 * A new customer made as a person makes one: the 'Create an account' form, the link mailed to the
 * address, and the button on the page it opens. Answers the browser, signed in.
 */
export async function registerCustomer(
  t: TestApp,
  form: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<TestBrowser> {
  const browser = createTestBrowser(t);
  const registerPage = await browser.follow(await browser.get('/oidc/register'));
  await browser.post(formActionOf(registerPage.body)!, {
    firstName: form.firstName ?? 'New',
    lastName: form.lastName ?? 'Customer',
    email: form.email,
    password: form.password,
  });
  const [mail] = await mailsTo(t, form.email, browser.host);
  if (mail?.template !== 'registration.confirm') throw new Error(`no confirmation mail for ${form.email}`);
  const confirmPage = await browser.get(linkTo(mail, CONFIRM_ACCOUNT_PATH));
  const token = /name="token" value="([^"]+)"/.exec(confirmPage.body)?.[1];
  if (!token) throw new Error('the confirmation page has no token');
  await browser.follow(await browser.post(formActionOf(confirmPage.body)!, { token }));
  return browser;
}
