import { useEraseContactMessageMutation, useGetContactMessagesQuery, type ReceivedMessage } from '../admin-api';
import { useTranslation } from '../../../lib/use-translation';
import { CONTENT_POLLING_INTERVAL, ContentList } from './content-list';
import { MessagesTable } from './messages-table';
import { useDeleteFlow } from './use-delete-flow';
import { useListView } from './use-list-view';

/** The Messages tab: what visitors sent through the contact form, newest first, and erasing one. */
export function MessagesSection() {
  const { t } = useTranslation('content-admin');
  const view = useListView();
  const query = useGetContactMessagesQuery(view.args, {
    pollingInterval: CONTENT_POLLING_INTERVAL,
    skipPollingIfUnfocused: true,
  });
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
