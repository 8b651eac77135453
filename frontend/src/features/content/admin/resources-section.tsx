import { useState } from 'react';

import { ADMIN_LIST_POLLING, useAdminListView } from '../../../components/use-admin-list';
import { useDeleteResourceMutation, useGetAdminResourcesQuery, type Resource } from '../admin-api';
import { ContentList } from './content-list';
import { ResourceFormDialog } from './resource-form-dialog';
import { ResourcesTable } from './resources-table';
import { useDeleteFlow } from './use-delete-flow';

/** The Resources tab: the list, the add/edit form and the delete question. */
export function ResourcesSection() {
  const view = useAdminListView();
  const query = useGetAdminResourcesQuery({ search: view.search, page: view.page }, ADMIN_LIST_POLLING);
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
