import { api } from '../../app/api';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export interface ContactReply {
  message?: string;
}

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactReply, ContactMessage>({
      query: (body) => ({ url: 'management/contact-form/', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contentApi;
