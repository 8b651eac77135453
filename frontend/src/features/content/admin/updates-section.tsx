import { useState } from 'react';

import { ADMIN_LIST_POLLING, useAdminListView } from '../../../components/use-admin-list';
import { useDeleteUpdateMutation, useGetAdminUpdatesQuery, type Update } from '../admin-api';
import { ContentList } from './content-list';
import { UpdateFormDialog } from './update-form-dialog';
import { UpdatesTable } from './updates-table';
import { useDeleteFlow } from './use-delete-flow';

/** The Updates tab: the list, the add/edit form and the delete question. */
export function UpdatesSection() {
  const view = useAdminListView();
  const query = useGetAdminUpdatesQuery({ search: view.search, page: view.page }, ADMIN_LIST_POLLING);
  // undefined: no form; null: a new update.
  const [editing, setEditing] = useState<Update | null | undefined>(undefined);
  const [deleteUpdate, { isLoading: deleting }] = useDeleteUpdateMutation();
  const deletion = useDeleteFlow<Update>('updates', (id) => deleteUpdate(id).unwrap(), deleting);

  return (
    <>
      <ContentList kind="updates" view={view} query={query} onAdd={() => setEditing(null)}>
        {(updates, busy) => <UpdatesTable updates={updates} busy={busy} onEdit={setEditing} onDelete={deletion.ask} />}
      </ContentList>
      {editing !== undefined && <UpdateFormDialog update={editing} onClose={() => setEditing(undefined)} />}
      {deletion.dialog}
    </>
  );
}
