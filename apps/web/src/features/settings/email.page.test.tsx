import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, testConfig } from '../../test/fixtures';

const changesUrl = `${testConfig.apiBaseUrls.auth}/v2/identities/photo-shop/c-1/emailchanges`;

async function ask(status: number, body: unknown = null) {
  let sent: unknown;
  const view = renderApp({
    path: '/settings/email',
    routes: {
      [changesUrl]: (init) => {
        sent = JSON.parse(init!.body as string);
        return jsonResponse(body, status);
      },
    },
  });
  await userEvent.type(await screen.findByLabelText('New e-mail address'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Your password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
  return { view, sent: () => sent };
}

describe('the e-mail change page', () => {
  it('asks for the password again and says where the mail went, without saying whether the address is free', async () => {
    const { sent } = await ask(204);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent an e-mail to new@example.com. If the address can be used for your account, it contains a link: open it within 24 hours and confirm the change there.',
    );
    expect(sent()).toEqual({ email: 'new@example.com', password: 'secret', channel: 'UK', locale: 'en-GB' });
  });

  it('never tells the address is in use: the server does not answer 409 any more, and one would be a failure', async () => {
    await ask(409, { error: { code: 'conflict', message: 'in use' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An unexpected error has occurred');
    expect(alert).not.toHaveTextContent('already in use');
  });

  it('says when asked too often (429)', async () => {
    await ask(429, { error: { code: 'too_many_requests', message: 'slow down' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You asked too often. Please try again later.',
    );
  });

  it('shows a wrong password under the password field', async () => {
    await ask(400, { error: { code: 'bad_request', message: 'no', field: 'body.password' } });
    await waitFor(() =>
      expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription(
        'The password is not correct',
      ),
    );
  });
});

describe('the change-email confirmation page', () => {
  it('confirms only on the button press, then shows the success page', async () => {
    let confirmed = 0;
    const view = renderApp({
      path: '/change-email-confirmation?confirmation-token=abc',
      routes: {
        [`${changesUrl}/abc/actions/confirm`]: () => {
          confirmed += 1;
          return jsonResponse({ email: 'new@example.com' });
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Confirm my new e-mail address' });
    expect(confirmed).toBe(0);
    await userEvent.click(button);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/change-email-success'));
    expect(confirmed).toBe(1);
  });

  it('goes to the error page with the in-use reason on 409', async () => {
    const view = renderApp({
      path: '/change-email-confirmation?confirmation-token=abc',
      routes: {
        [`${changesUrl}/abc/actions/confirm`]: () =>
          jsonResponse({ error: { code: 'conflict', message: 'x' } }, 409),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my new e-mail address' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/change-email-error'));
    expect(
      await screen.findByText('This e-mail address is already in use by another account.'),
    ).toBeInTheDocument();
  });

  it('says the link is no longer valid on 404 (used, expired or replaced)', async () => {
    renderApp({
      path: '/change-email-confirmation?confirmation-token=abc',
      routes: {
        [`${changesUrl}/abc/actions/confirm`]: () =>
          jsonResponse({ error: { code: 'not_found', message: 'x' } }, 404),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my new e-mail address' }));
    expect(
      await screen.findByText(
        'This link has expired or has already been used. Ask for the change again to get a new link.',
      ),
    ).toBeInTheDocument();
  });
});
