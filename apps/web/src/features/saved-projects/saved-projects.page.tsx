import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PROJECTS_PAGE_SIZE, projectsApi, type SavedProject } from '@photo/contracts/projects';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { projectQueries } from './saved-projects.queries';
import './saved-projects.css';

/**
 * '/saved-projects' (docs/product/projects-and-photo-books.md, states.md, calls.md, limits.md): the customer's projects ten a page, each with its preview,
 * product, last change and a link into the shop's editor; delete asks first, reloads the lists on
 * success and marks that project failed on failure.
 */
export function SavedProjectsPage() {
  const { t } = useI18n();
  const { request } = useAppEnvironment();
  const customer = useCustomer();
  const [page, setPage] = useState(1);
  const [failedIds, setFailedIds] = useState<ReadonlySet<string>>(new Set());
  const projects = useQuery(projectQueries.page(request, customer.id, page));
  const pageCount = projects.data
    ? Math.max(1, Math.ceil(projects.data.totalProjectCount / PROJECTS_PAGE_SIZE))
    : 1;
  // A delete can empty the last page: show the page before it instead.
  if (projects.data && !projects.isPlaceholderData && page > pageCount) setPage(pageCount);

  const markFailed = (id: string, failed: boolean) =>
    setFailedIds((current) => {
      const next = new Set(current);
      if (failed) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Page title={t('title.savedProjects')}>
      <QueryStates query={projects} errorMessage={t('savedProjects.loadError')}>
        {(savedProjects) =>
          savedProjects.totalProjectCount === 0 ? (
            <p className="saved-projects__empty">{t('savedProjects.empty')}</p>
          ) : (
            <>
              <ul className="card-list" aria-label={t('title.savedProjects')} aria-busy={projects.isFetching}>
                {savedProjects.projects.map((project) => (
                  <ProjectItem
                    key={project.id}
                    project={project}
                    failed={failedIds.has(project.id)}
                    onDeleteResult={(failed) => markFailed(project.id, failed)}
                  />
                ))}
              </ul>
              {pageCount > 1 && (
                <nav className="saved-projects__paging" aria-label={t('savedProjects.paging')}>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    {t('savedProjects.previous')}
                  </button>
                  <p aria-live="polite">{t('savedProjects.pageStatus', { page, pages: pageCount })}</p>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={page >= pageCount}
                    onClick={() => setPage(page + 1)}
                  >
                    {t('savedProjects.next')}
                  </button>
                </nav>
              )}
            </>
          )
        }
      </QueryStates>
    </Page>
  );
}

function ProjectItem(props: {
  project: SavedProject;
  failed: boolean;
  onDeleteResult: (failed: boolean) => void;
}) {
  const { project } = props;
  const { t, formatDate } = useI18n();
  const { request } = useAppEnvironment();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const remove = useSubmit({
    mutationFn: () => request(projectsApi.delete, { params: { id: project.id } }),
    invalidates: [projectQueries.all()],
    onSuccess: () => props.onDeleteResult(false),
    onError: () => props.onDeleteResult(true),
  });

  return (
    <li className={`card card--media${props.failed ? ' saved-projects__failed' : ''}`}>
      {project.previewUrl ? (
        <img
          className="card__media saved-projects__preview"
          src={project.previewUrl}
          alt=""
          width={300}
          height={200}
        />
      ) : (
        <div className="card__media saved-projects__preview saved-projects__preview--none">
          {t('savedProjects.noPreview')}
        </div>
      )}
      <div className="card__body">
        <h2 className="card__title" id={headingId}>
          {project.name}
        </h2>
        <p className="card__meta">{project.productName}</p>
        <p className="card__meta">
          {t('savedProjects.lastChanged', { date: formatDate(project.lastChanged, { dateStyle: 'medium' }) })}
        </p>
        <div className="saved-projects__actions">
          <a className="button" href={project.editorUrl} aria-describedby={headingId}>
            {t('savedProjects.open')}
          </a>
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={headingId}
            onClick={() => setConfirming(true)}
          >
            {t('savedProjects.delete')}
          </button>
        </div>
        {props.failed && (
          <p className="alert" role="alert">
            {t('savedProjects.deleteFailed')}
          </p>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('savedProjects.deleteTitle')}
          message={t('savedProjects.deleteMessage', { name: project.name })}
          confirmLabel={t('savedProjects.delete')}
          cancelLabel={t('savedProjects.cancel')}
          errorMessage={t('savedProjects.deleteFailed')}
          // The dialog closes at once; a failure shows on the project's card.
          onConfirm={async () => {
            setConfirming(false);
            remove.mutate();
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
