import { useState } from 'react';

import { useDeleteResourceMutation, useGetAdminResourcesQuery, type Resource } from '../admin-api';
import { CONTENT_POLLING_INTERVAL, ContentList } from './content-list';
import { ResourceFormDialog } from './resource-form-dialog';
import { ResourcesTable } from './resources-table';
import { useDeleteFlow } from './use-delete-flow';
import { useListView } from './use-list-view';

/** The Resources tab: the list, the add/edit form and the delete question. */
export function ResourcesSection() {
  const view = useListView();
  const query = useGetAdminResourcesQuery(view.args, {
    pollingInterval: CONTENT_POLLING_INTERVAL,
    skipPollingIfUnfocused: true,
  });
  // undefined: no form; null: a new resource.
  const [editing, setEditing] = useState<Resource | null | undefined>(undefined);
  const [deleteResource, { isLoading: deleting }] = useDeleteResourceMutation();
  const deletion = useDeleteFlow<Resource>('resources', (id) => deleteResource(id).unwrap(), deleting);

  return (
    <>
      <ContentList kind="resources" view={view} query={query} onAdd={() => setEditing(null)}>
        {(resources, busy) => (
          <ResourcesTable resources={resources} busy={busy} onEdit={setEditing} onDelete={deletion.ask} />
        )}
      </ContentList>
      {editing !== undefined && <ResourceFormDialog resource={editing} onClose={() => setEditing(undefined)} />}
      {deletion.dialog}
    </>
  );
}
