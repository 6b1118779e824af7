import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/fixtures';

const chatScript = 'https://chat.example.com/widget.js';

function chatScripts() {
  return document.querySelectorAll(`script[src="${chatScript}"]`);
}

describe('support chat (docs/product/routes.md)', () => {
  it('loads the configured script by src, and removes it on photo pages', async () => {
    const { router } = renderApp({ path: '/', config: { supportChatScriptUrl: chatScript } });
    // The widget follows the page in an effect, a moment after the heading shows.
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    await waitFor(() => expect(chatScripts()).toHaveLength(1));

    await router.navigate('/my-photos/photos');
    await screen.findByRole('heading', { level: 1, name: 'My photos' });
    await waitFor(() => expect(chatScripts()).toHaveLength(0));

    await router.navigate('/orders');
    await screen.findByRole('heading', { level: 1, name: 'Orders' });
    await waitFor(() => expect(chatScripts()).toHaveLength(1));
  });

  it('loads nothing when no chat is configured', async () => {
    renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'My account overview' });
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
