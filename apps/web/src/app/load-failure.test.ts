import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { showLoadFailure } from './load-failure';

it("says the page could not be loaded when the app's code did not arrive, and tries again on request", async () => {
  const container = document.createElement('div');
  container.textContent = 'left from before';
  document.body.append(container);
  const reload = vi.fn();
  showLoadFailure(container, reload);
  expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  expect(screen.getByText('Please check your internet connection and try again.')).toBeVisible();
  expect(container).not.toHaveTextContent('left from before');
  expect(document.title).toBe('This page could not be loaded');
  expect(reload).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(reload).toHaveBeenCalledOnce();
  container.remove();
});
