import { bootTexts } from './boot-texts';

/**
 * The boot's failure page for when the app's own code did not arrive (a dropped connection while its
 * files load, decision 162): React may be what is missing, so the same page as boot's `MessagePage`,
 * written without it. 'Try again' loads the page anew.
 */
export function showLoadFailure(container: HTMLElement, reload = () => window.location.reload()): void {
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const made = document.createElement(tag);
    made.className = className;
    if (text) made.textContent = text;
    return made;
  };
  const main = element('main', 'message-page');
  main.id = 'main-content';
  const panel = element('div', 'message-page__panel');
  const retry = element('button', 'button', bootTexts.retry);
  retry.type = 'button';
  retry.addEventListener('click', reload);
  const actions = element('div', 'actions');
  actions.append(retry);
  panel.append(element('h1', 'page-heading', bootTexts.title), element('p', '', bootTexts.message), actions);
  main.append(panel);
  container.replaceChildren(main);
  document.title = bootTexts.title;
}
