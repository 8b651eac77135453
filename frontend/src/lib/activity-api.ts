import { api } from './api';
import type { Schemas } from './api-types';

/**
 * The audit trail for staff (docs/api.md "Activity", services/audit/api.py): who did what, when,
 * from where; filtered and paged by the server; the CSV of the filtered list; the filters' choices.
 */

export type ActivityEntry = Schemas['ActivityOut'];
export type ActivityActor = ActivityEntry['actor'];
export type ActivityPage = Schemas['ActivityPageOut'];
export type ActivityFacets = Schemas['ActivityFacetsOut'];

/** The server's default page size of the list. */
export const ACTIVITY_PAGE_SIZE = 20;

/** What the list is filtered by: every field optional, '' (or null) meaning "any". */
export interface ActivityFilterSet {
  actor: number | null;
  objectType: string;
  action: string;
  /** yyyy-mm-dd, both days included. */
  since: string;
  until: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilterSet = { actor: null, objectType: '', action: '', since: '', until: '' };

export interface ActivityArgs extends Partial<ActivityFilterSet> {
  search?: string;
  /** One record's History: both given. */
  objectId?: number;
  page?: number;
  pageSize?: number;
}

/** The query string the server reads, without empty filters. */
export function activityQuery(args: ActivityArgs): URLSearchParams {
  const query = new URLSearchParams();
  const add = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  };
  add('actor', args.actor);
  add('object_type', args.objectType);
  add('object_id', args.objectId);
  add('action', args.action);
  add('since', args.since);
  add('until', args.until);
  add('search', args.search?.trim());
  add('page', args.page && args.page > 1 ? args.page : undefined);
  add('page_size', args.pageSize);
  return query;
}

const path = (query: URLSearchParams) => {
  const text = query.toString();
  return `management/activity/${text ? `?${text}` : ''}`;
};

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<ActivityPage, ActivityArgs>({
      query: (args) => path(activityQuery(args)),
    }),
    getActivityFacets: build.query<ActivityFacets, undefined>({
      query: () => 'management/activity/facets/',
    }),
    /**
     * The CSV of the filtered list, fetched with the bearer token (a plain link would carry
     * none); kept as text and saved by the page.
     */
    exportActivity: build.mutation<string, ActivityArgs>({
      query: ({ page: _page, pageSize: _size, ...args }) => {
        const query = activityQuery(args);
        query.set('format', 'csv');
        // The CSV as text; a refusal's JSON envelope still parsed as JSON.
        return { url: path(query), responseHandler: 'content-type' };
      },
    }),
  }),
});

export const { useGetActivityQuery, useGetActivityFacetsQuery, useExportActivityMutation } = activityApi;
