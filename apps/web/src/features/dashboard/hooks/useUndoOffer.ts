import { useCallback, useState } from 'react';
import { messages } from '@arb/shared';
import { useUndoChange, type UndoTarget } from '../../../shared/api/restore-change';
import { useAuth } from '../../../shared/auth/auth-context';
import type { NoticeApi } from './useNotice';

interface Offer {
  text: string;
  target: UndoTarget;
}

/** The snackbar's "Deshacer" after a delete or a reset (docs/product.md#undo); `offer` replaces the plain success. */
export function useUndoOffer(notice: Pick<NoticeApi, 'success' | 'error'>) {
  const { user } = useAuth();
  const [offer, setOffer] = useState<Offer | null>(null);
  const mutation = useUndoChange();
  const dismiss = useCallback(() => setOffer(null), []);
  const undo = useCallback(() => {
    if (!offer || !user) return;
    mutation.mutate(
      { ...offer.target, userId: user.id },
      {
        onSuccess: () => notice.success(messages.restoreSuccess),
        onError: (err) => notice.error(err, messages.restoreError),
        onSettled: () => setOffer(null),
      },
    );
  }, [offer, user, mutation, notice]);
  return { text: offer?.text ?? null, busy: mutation.isPending, offer: useCallback((o: Offer) => setOffer(o), []), undo, dismiss };
}

export type UndoOffer = ReturnType<typeof useUndoOffer>;
