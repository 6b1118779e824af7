import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PROJECTS_PAGE_SIZE, projectsApi } from '@photo/contracts/projects';
import type { Request } from '../../shared/api/request';

export const projectQueries = {
  all: () => ['projects'] as const,
  /** One page of the customer's saved projects (docs/product/calls.md: skip = (page - 1) * size). */
  page: (request: Request, accountId: string, page: number) =>
    queryOptions({
      queryKey: [...projectQueries.all(), accountId, page],
      queryFn: ({ signal }) =>
        request(
          projectsApi.list,
          {
            params: { accountId },
            query: { skip: (page - 1) * PROJECTS_PAGE_SIZE, limit: PROJECTS_PAGE_SIZE },
          },
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
};
