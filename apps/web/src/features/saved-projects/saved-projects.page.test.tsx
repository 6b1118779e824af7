import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedProject } from '@photo/contracts/projects';
import { jsonResponse, polyfillDialog, renderApp, testConfig } from '../../test/fixtures';

const base = testConfig.apiBaseUrls.projects;
const listUrl = (skip: number) => `${base}/api/v2/projects/c-1?skip=${skip}&limit=10`;

const project = (index: number): SavedProject => ({
  id: `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
  name: `Project ${index}`,
  productCode: 'PB_A4',
  productName: 'Photo book A4',
  lastChanged: '2026-11-20T10:00:00.000Z',
  previewUrl: index % 2 ? `/api/projects/projects/${index}/preview?v=1` : null,
  editorUrl: `https://www.photoshop.co.uk/editor?projectId=${index}`,
});

beforeAll(polyfillDialog);

describe('the saved projects page', () => {
  it('shows the empty text when there are none', async () => {
    renderApp({
      path: '/saved-projects',
      routes: { [listUrl(0)]: () => jsonResponse({ projects: [], totalProjectCount: 0 }) },
    });
    expect(await screen.findByText("You haven't started any projects yet")).toBeInTheDocument();
  });

  it('pages through ten at a time and links each project to the editor', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 12 }, (_v, index) => project(index + 1));
    renderApp({
      path: '/saved-projects',
      routes: {
        [listUrl(0)]: () => jsonResponse({ projects: all.slice(0, 10), totalProjectCount: 12 }),
        [listUrl(10)]: () => jsonResponse({ projects: all.slice(10), totalProjectCount: 12 }),
      },
    });
    const list = await screen.findByRole('list', { name: 'My saved projects' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(list).getAllByRole('link', { name: 'Open' })[0]).toHaveAttribute(
      'href',
      'https://www.photoshop.co.uk/editor?projectId=1',
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeInTheDocument());
    expect(screen.getByText('Project 12')).toBeInTheDocument();
    expect(screen.queryByText('Project 1')).not.toBeInTheDocument();
  });

  it('asks before deleting, and marks the project failed when the delete fails', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/saved-projects',
      routes: {
        [listUrl(0)]: () => jsonResponse({ projects: [project(1), project(2)], totalProjectCount: 2 }),
        [`${base}/api/v2/project/${project(2).id}`]: () =>
          jsonResponse({ error: { code: 'internal', message: 'down' } }, 500),
      },
    });
    const item = (await screen.findByText('Project 2')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this project?' });
    expect(dialog).toHaveTextContent('“Project 2” will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'Error: This project could not be deleted',
    );
    expect(screen.getByText('Project 1').closest('li')).not.toHaveTextContent('could not be deleted');
  });

  it('says so when the projects cannot be loaded', async () => {
    renderApp({
      path: '/saved-projects',
      routes: { [listUrl(0)]: () => jsonResponse({ error: { code: 'forbidden', message: 'no' } }, 403) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Your projects could not be loaded');
  });
});
