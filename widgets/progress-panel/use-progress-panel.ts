// Thin bridge from the shared progress poller to the badge and dialog: holds the poller while
// mounted, derives the rows, and keeps the dialog's own choices (open, selection, the finished box).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useEmit } from '../../shared/element/context.ts';
import { http, RequestError } from '../../shared/http/client.ts';
import { PROGRESS_BADGE_CAP, formatCount } from '../../shared/poll/format.ts';
import { planDelete, toRow, type ProgressRow } from '../../shared/poll/progress-model.ts';
import { progressPoller, removeProgress } from '../../shared/poll/progress.ts';
import { session } from '../../shared/session/store.ts';

export function useProgressPanel() {
  const emit = useEmit();
  useEffect(() => progressPoller.acquire(), []);
  const { value } = useSnapshot(progressPoller.state);
  const { token, elements } = useSnapshot(session);
  const canView = Boolean(token) && 'progress:view' in elements;
  const canDelete = canView && 'progress:del' in elements;
  const rows = useMemo(() => (canView && value ? value.map(toRow) : []), [canView, value]);

  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [deleteFinished, setDeleteFinished] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Rows that left the list cannot stay selected.
  const selected = rows.filter((row) => chosen.has(row.id));

  // A task that finishes with a file while the dialog is closed is offered beside the badge, so a
  // finished export is one click away without opening the list: one seen running before, or new and
  // already finished (quick tasks finish between two polls). Tasks finished before the panel's first
  // answer are not announced.
  const seen = useRef<Map<string, boolean> | null>(null);
  const [ready, setReady] = useState<ProgressRow[]>([]);
  useEffect(() => {
    if (!canView || !value) return;
    const before = seen.current;
    seen.current = new Map(rows.map((row) => [row.id, row.finished]));
    if (!before || open) return;
    const fresh = rows.filter((row) => row.finished && row.download && before.get(row.id) !== true);
    if (fresh.length) setReady((list) => [...list.filter((r) => !fresh.some((f) => f.id === r.id)), ...fresh].slice(-3));
  }, [rows, open, canView, value]);
  const dismissReady = (id: string) => setReady((list) => list.filter((row) => row.id !== id));

  const show = () => {
    setMessage(null);
    setReady([]);
    setOpen(true);
    progressPoller.refresh();
  };
  const hide = () => setOpen(false);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const remove = async () => {
    const plan = planDelete(deleteFinished, selected);
    if (plan.kind === 'message') {
      setMessage(plan.key);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const deleted = await removeProgress(plan.body);
      setChosen(new Set());
      setDeleteFinished(false);
      setMessage('common.deleteSuccess');
      emit('atrium-progress-deleted', { tag: plan.body.tag, deleted });
    } catch (error) {
      // The client already told the user; keep the dialog as it was so they can retry.
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  /** Stops a running task (its remaining steps do not run); the list then shows it stopped. */
  const stop = async (row: ProgressRow) => {
    try {
      await http.post('/api/admin/progress/cancel', { key: row.key, hashKey: row.hashKey });
    } catch (error) {
      // Already finished, or the platform refused: the client told the user; the next poll shows the state.
      if (!(error instanceof RequestError)) throw error;
    }
    progressPoller.refresh();
  };

  return {
    canView,
    stop,
    canDelete,
    rows,
    ready: ready.filter((row) => rows.some((r) => r.id === row.id)),
    dismissReady,
    count: rows.length,
    countText: formatCount(rows.length, PROGRESS_BADGE_CAP),
    open,
    show,
    hide,
    chosen,
    toggle,
    deleteFinished,
    setDeleteFinished,
    message,
    busy,
    remove,
  };
}
