import { ADMIN_LIST_POLLING, useAdminListView } from '../../../components/use-admin-list';
import { useEraseContactMessageMutation, useGetContactMessagesQuery, type ReceivedMessage } from '../admin-api';
import { useTranslation } from '../../../lib/use-translation';
import { ContentList } from './content-list';
import { MessagesTable } from './messages-table';
import { useDeleteFlow } from './use-delete-flow';

/** The Messages tab: what visitors sent through the contact form, newest first, and erasing one. */
export function MessagesSection() {
  const { t } = useTranslation('content-admin');
  const view = useAdminListView();
  const query = useGetContactMessagesQuery({ search: view.search, page: view.page }, ADMIN_LIST_POLLING);
  const [erase, { isLoading: erasing }] = useEraseContactMessageMutation();
  const deletion = useDeleteFlow<ReceivedMessage & { title: string }>('messages', (id) => erase(id).unwrap(), erasing);

  return (
    <>
      <ContentList kind="messages" view={view} query={query} searchPlaceholder={t('messages.searchPlaceholder')}>
        {(messages, busy) => (
          <MessagesTable
            messages={messages}
            busy={busy}
            onErase={(message) => deletion.ask({ ...message, title: `${message.name} (${message.email})` })}
          />
        )}
      </ContentList>
      {deletion.dialog}
    </>
  );
}
