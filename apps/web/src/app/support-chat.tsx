import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppEnvironment } from '../shared/environment/app-environment.context';
import { isInPhotoArea } from '../shared/routing/query-params';

/**
 * The support chat (docs/product/routes.md) is a third-party script: loaded by `src`, because the content security
 * policy forbids inline script, and removed on photo pages, where it would cover the photo grid.
 */
export function SupportChat() {
  const { config } = useAppEnvironment();
  const hidden = isInPhotoArea(useLocation().pathname);
  const source = config.supportChatScriptUrl;

  useEffect(() => {
    if (!source || hidden) return;
    const script = document.createElement('script');
    script.src = source;
    script.async = true;
    document.body.append(script);
    return () => script.remove();
  }, [source, hidden]);

  return null;
}
