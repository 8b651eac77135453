import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** Milliseconds before it leaves by itself. */
  duration: number;
}

export const DEFAULT_TOAST_DURATION = 5000;

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.push(action.payload);
      },
      prepare(toast: { message: string; type?: ToastType; duration?: number }) {
        return {
          payload: {
            id: nanoid(),
            message: toast.message,
            type: toast.type ?? 'info',
            duration: toast.duration ?? DEFAULT_TOAST_DURATION,
          },
        };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      return state.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state,
  },
});

export const { showToast, dismissToast } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
