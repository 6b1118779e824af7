import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyPostalAddress, type PostalAddress } from '@photo/contracts/addresses';
import { I18nProvider } from '../i18n/i18n.context';
import { ApiError } from '../api/api-error';
import { createQueryClient } from '../api/query-client';
import { enTranslator } from '../../test/fixtures';
import { AddressForm } from './address-form';

function renderForm(initial: PostalAddress, onSubmit = vi.fn(async () => {})) {
  render(
    <I18nProvider translator={enTranslator}>
      <QueryClientProvider client={createQueryClient()}>
        <AddressForm initial={initial} submitLabel="Save" onSubmit={onSubmit} failureMessage="Not saved" />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return onSubmit;
}

const fieldLabels = () =>
  [...document.querySelectorAll('label')].map((label) => label.textContent?.replace(/ \(optional\)$/, ''));

describe('the address form', () => {
  it('lays out the fields of the chosen country in its order', async () => {
    renderForm(emptyPostalAddress('NL'));
    expect(fieldLabels()).toEqual([
      'Country',
      'Company',
      'First name',
      'Last name',
      'Street name',
      'Street number',
      'Additional address line',
      'Postal Code',
      'Town or city',
      'Phone number',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'IT');
    expect(fieldLabels().slice(1, 3)).toEqual(['First name', 'Last name']);
    expect(screen.getByLabelText('Province')).toHaveRole('combobox');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'IE');
    expect(screen.getByLabelText(/Eircode/)).toBeInTheDocument();
    expect(screen.getByLabelText(/County/)).toBeInTheDocument();
  });

  it('asks a British address for its postcode, the house number before the street and only if it has one', async () => {
    const onSubmit = renderForm({ ...emptyPostalAddress('GB'), firstName: 'Ann', lastName: 'Hale' });
    expect(fieldLabels().slice(4, 7)).toEqual(['Street number', 'Street name', 'Additional address line']);
    expect(fieldLabels()).toContain('Postcode');
    expect(screen.getByLabelText(/Street number/)).not.toBeRequired();
    await userEvent.type(screen.getByLabelText('Street name'), 'Rose Cottage, Church Lane');
    await userEvent.type(screen.getByLabelText('Town or city'), 'Moreton-in-Marsh');
    await userEvent.type(screen.getByLabelText('Postcode'), 'gl560ld');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ street: 'Rose Cottage, Church Lane', houseNumber: '', postcode: 'GL56 0LD' }),
    );
  });

  it('shows the four messages of docs/product/validation.md under their fields and sends nothing', async () => {
    const onSubmit = renderForm({
      ...emptyPostalAddress('DE'),
      firstName: 'Max',
      lastName: 'Muster',
    });
    await userEvent.type(screen.getByLabelText('Street name'), '12345');
    await userEvent.type(screen.getByLabelText('Street number'), 'abc');
    await userEvent.type(screen.getByLabelText('Postal Code'), '1234');
    await userEvent.type(screen.getByLabelText('Town or city'), 'Berlin');
    await userEvent.type(screen.getByLabelText(/Phone number/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Street name must be valid')).toBeInTheDocument();
    expect(screen.getByText('Street number must be valid')).toBeInTheDocument();
    expect(screen.getByText('Postal Code must be valid')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Street name')).toHaveFocus();
    expect(screen.getByLabelText('Street name')).toHaveAccessibleDescription('Street name must be valid');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the address as stored: postcode and phone normalised', async () => {
    const onSubmit = renderForm({
      ...emptyPostalAddress('NL'),
      firstName: 'Anna',
      lastName: 'de Vries',
      street: 'Damrak',
      houseNumber: '1',
      postcode: '1012lg',
      city: 'Amsterdam',
      phone: '06 12345678',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ postcode: '1012 LG', phone: '+31612345678' }),
    );
  });

  it('shows a field the server found at fault under that field', async () => {
    renderForm(
      {
        ...emptyPostalAddress('FR'),
        firstName: 'Jean',
        lastName: 'Dupont',
        street: 'Rue de Rivoli',
        houseNumber: '5',
        postcode: '75001',
        city: 'Paris',
      },
      vi.fn(async () => {
        throw new ApiError(400, 'bad_request', 'c', 'Postal Code must be valid', 'body.postcode');
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Postal Code must be valid')).toBeInTheDocument();
    expect(screen.queryByText('Not saved')).not.toBeInTheDocument();
  });
});
