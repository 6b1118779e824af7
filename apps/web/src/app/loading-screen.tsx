import { useT } from '../shared/i18n/i18n.context';
import { LoadingIndicator } from '../shared/ui/loading-indicator';

export function LoadingScreen() {
  return <LoadingIndicator label={useT()('common.loading')} />;
}
