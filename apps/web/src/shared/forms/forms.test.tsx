import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createQueryClient } from '../api/query-client';
import { I18nProvider } from '../i18n/i18n.context';
import { enTranslator } from '../../test/fixtures';
import { ChoiceGroup, Field, useFieldErrors } from './field';
import { FormActions } from './form-actions';
import { useSubmit } from './use-submit';

function renderInProviders(children: ReactNode) {
  const queryClient = createQueryClient();
  render(
    <I18nProvider translator={enTranslator}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>,
  );
  return queryClient;
}

/** A form of two fields, checked on submit, that sends the name. */
function NameForm({ send }: { send: (name: string) => Promise<unknown> }) {
  const fields = useFieldErrors<'name' | 'city'>();
  const [name, setName] = useState('');
  const saved = useQuery({ queryKey: ['saved'], queryFn: () => send('read') });
  const save = useSubmit({
    mutationFn: send,
    invalidates: [['saved']],
    failureMessage: (error) =>
      error instanceof ApiError && error.status === 429 ? 'email.error.tooMany' : 'error.generic',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name) return fields.show({ city: 'Say where', name: 'Say who' }, ['name', 'city']);
    fields.clear();
    save.mutate(name);
  };
  return (
    <form onSubmit={submit} noValidate>
      <p>Reads: {saved.dataUpdatedAt > 0 ? String(saved.data) : ''}</p>
      <Field label="Name" hint="As on your passport" {...fields.of('name')}>
        {(control) => <input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <Field label="City" optional {...fields.of('city')}>
        {(control) => <input {...control} />}
      </Field>
      {save.failure && <p role="alert">{save.failure}</p>}
      <FormActions
        submitLabel="Save"
        busy={save.isPending}
        cancel={{ label: 'Cancel', onClick: () => undefined }}
      />
    </form>
  );
}

describe('a form of the shared pieces', () => {
  it('labels each control, describes it by its hint, and says "optional"', () => {
    renderInProviders(<NameForm send={async () => 'ok'} />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription('As on your passport');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveClass('field__input');
    expect(screen.getByLabelText('City (optional)')).toBeInTheDocument();
  });

  it('shows each error under its field, marks it invalid and moves the focus to the first', async () => {
    const send = vi.fn(async () => 'ok');
    renderInProviders(<NameForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('As on your passport Say who');
    expect(screen.getByLabelText('City (optional)')).toHaveAccessibleDescription('Say where');
    expect(send).not.toHaveBeenCalledWith('');
  });

  it('sends the change with the buttons disabled, then fetches the stale queries again', async () => {
    let finish = () => {};
    const send = vi.fn((name: string) =>
      name === 'read'
        ? Promise.resolve(`read ${send.mock.calls.length}`)
        : new Promise<string>((done) => (finish = () => done(name))),
    );
    renderInProviders(<NameForm send={send} />);
    expect(await screen.findByText('Reads: read 1')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(send).toHaveBeenCalledWith('Ada');
    finish();
    expect(await screen.findByText('Reads: read 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says a failure in the message the API answer chooses', async () => {
    const send = async (name: string) => {
      if (name === 'read') return 'ok';
      throw new ApiError(429, 'too_many_requests', 'c', 'slow down');
    };
    renderInProviders(<NameForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You asked too often. Please try again later.',
    );
  });
});

describe('a group of choices', () => {
  it('is described by its error', () => {
    renderInProviders(
      <ChoiceGroup legend="Album" error="Choose an album">
        <label>
          <input type="radio" name="album" /> Summer
        </label>
      </ChoiceGroup>,
    );
    expect(screen.getByRole('group', { name: 'Album' })).toHaveAccessibleDescription('Choose an album');
  });
});

describe('a field whose error the server found', () => {
  it('announces it', () => {
    renderInProviders(
      <Field label="Callback URL" error="This address can't receive callbacks." announceError>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent("This address can't receive callbacks.");
    expect(screen.getByLabelText('Callback URL')).toHaveAttribute('aria-invalid', 'true');
  });
});
