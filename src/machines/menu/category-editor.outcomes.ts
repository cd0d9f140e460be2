import type { Assignment } from '../../services/menu/menu-types';
import type { CategoryEditorContext } from './category-editor.context';
import type { DetailOutcome } from './category-detail-sync.machine';
import type { ChipReport, RowOutcome } from './category-row-sync.machine';
import { findChip, findRow, hasQueuedJob, mergeChips, putChip, removeFamily, setStatus, settledStatus, type Job } from './category-editor.rows';
import { MENU_ALERTS, chipFailure, reason } from './menu-errors';

/**
 * What the answer to the current job does to the editor, as pure functions of the editor's
 * context when the answer arrives (the person may have edited, added or removed rows since the
 * call went out). Each returns the context's changed fields and ends the job (`current: null`),
 * except a chip's answer, whose job stays current through its list's re-read.
 */

type Change = Partial<CategoryEditorContext>;

const chipJobWaiting = (queue: readonly Job[], job: Extract<Job, { kind: 'chip' }>) =>
  queue.some((other) => other.kind === 'chip' && other.list === job.list && other.itemId === job.itemId);

/**
 * A job with nothing to send: a row that can no longer be created (its group is gone) goes
 * too, and a chip already in line with the server is settled.
 */
export function dropJob(context: CategoryEditorContext): Change {
  const job = context.current;
  if (job?.kind === 'create') return { ...removeFamily(context.rows, context.queue, job.key), current: null };
  if (job?.kind === 'chip') {
    const chip = findChip(context.chips, job.list, job.itemId);
    return { chips: putChip(context.chips, { ...chip, status: chipJobWaiting(context.queue, job) ? 'saving' : 'confirmed' }), current: null };
  }
  if (job && 'key' in job && findRow(context.rows, job.key)) {
    return { rows: setStatus(context.rows, job.key, settledStatus(context.queue, job.key)), current: null };
  }
  return { current: null };
}

/** The server took the toggle: the chip shows it (still saving while another toggle of it waits). */
function chipSaved(context: CategoryEditorContext, assignmentId: number | null): Change {
  const job = context.current;
  if (job?.kind !== 'chip') return {};
  const chip = { ...findChip(context.chips, job.list, job.itemId), assignmentId };
  return { chips: putChip(context.chips, { ...chip, status: chipJobWaiting(context.queue, job) ? 'saving' : 'confirmed' }) };
}

/** Back to what the server has; a toggle queued behind it is dropped, since it built on a change that did not happen. */
function chipRefused(context: CategoryEditorContext, assign: boolean): Change {
  const job = context.current;
  if (job?.kind !== 'chip') return {};
  const chip = findChip(context.chips, job.list, job.itemId);
  return {
    chips: putChip(context.chips, { ...chip, assigned: chip.assignmentId !== null, status: 'rolledBack' }),
    queue: context.queue.filter((other) => !(other.kind === 'chip' && other.list === job.list && other.itemId === job.itemId)),
    error: chipFailure(assign, job.list),
  };
}

/** A chip's answer, reported by the row sync while it re-reads the chip's list. */
export const applyChipReport = (context: CategoryEditorContext, report: ChipReport): Change =>
  report.type === 'chip.saved' ? chipSaved(context, report.assignmentId) : chipRefused(context, report.assign);

function chipsReread(context: CategoryEditorContext, assignments: readonly Assignment[]): Change {
  const job = context.current;
  if (job?.kind !== 'chip') return { current: null };
  return { chips: mergeChips(job.list, assignments, context.chips, context.queue), current: null };
}

/** The row of the current job, when the job is about a row. */
function currentRow(context: CategoryEditorContext) {
  const job = context.current;
  return job && 'key' in job ? { key: job.key, row: findRow(context.rows, job.key) } : null;
}

function rowCreated(context: CategoryEditorContext, id: number): Change {
  const current = currentRow(context);
  if (!current) return { current: null };
  // A row deleted while its create was out stays hidden: its delete now has an id to use.
  const rows = context.rows.map((row) =>
    row.key === current.key ? { ...row, id, status: row.status === 'deleting' ? row.status : settledStatus(context.queue, current.key) } : row,
  );
  return { rows, current: null };
}

function rowCreateFailed(context: CategoryEditorContext): Change {
  const current = currentRow(context);
  if (!current) return { current: null };
  const table = current.row?.table;
  const message = table === 'selection' ? MENU_ALERTS.addSelectionFailed : table === 'group' ? MENU_ALERTS.addGroupFailed : MENU_ALERTS.saveChangeFailed;
  return { ...removeFamily(context.rows, context.queue, current.key), error: message, current: null };
}

function rowUpdated(context: CategoryEditorContext): Change {
  const current = currentRow(context);
  if (!current?.row || current.row.status === 'deleting') return { current: null };
  return { rows: setStatus(context.rows, current.key, settledStatus(context.queue, current.key)), current: null };
}

function rowDeleted(context: CategoryEditorContext): Change {
  const current = currentRow(context);
  return current ? { ...removeFamily(context.rows, context.queue, current.key), current: null } : { current: null };
}

function rowDeleteFailed(context: CategoryEditorContext, error: unknown): Change {
  const current = currentRow(context);
  if (!current) return { current: null };
  const message = current.row?.table === 'selection' ? MENU_ALERTS.deleteSelectionFailed : `${MENU_ALERTS.deleteFailed}${reason(error)}`;
  return { rows: setStatus(context.rows, current.key, 'idle'), error: message, current: null };
}

/** Spec section 8: the alert for a change the server did not take (the editor then reads the category again). */
const updateFailed = (): Change => ({ error: MENU_ALERTS.saveChangeFailed, current: null });

/**
 * A row's refused update: the alert, and the row no longer marked as saving unless more of its
 * jobs wait. The re-read brings the server's version back; when the re-read fails too, the row
 * must not say "Saving…" with nothing out.
 */
function rowUpdateFailed(context: CategoryEditorContext): Change {
  const current = currentRow(context);
  if (!current?.row || current.row.status === 'deleting') return updateFailed();
  return { ...updateFailed(), rows: setStatus(context.rows, current.key, hasQueuedJob(context.queue, current.key) ? 'saving' : 'idle') };
}

export function applyRowOutcome(context: CategoryEditorContext, outcome: RowOutcome): Change {
  switch (outcome.kind) {
    case 'created':
      return rowCreated(context, outcome.id);
    case 'createFailed':
      return rowCreateFailed(context);
    case 'updated':
      return rowUpdated(context);
    case 'updateFailed':
      return rowUpdateFailed(context);
    case 'deleted':
      return rowDeleted(context);
    case 'deleteFailed':
      return rowDeleteFailed(context, outcome.error);
    case 'chipsReread':
      return chipsReread(context, outcome.assignments);
    case 'chipsUnread':
      return { current: null };
  }
}

export function applyDetailOutcome(context: CategoryEditorContext, outcome: DetailOutcome): Change {
  if (outcome.kind === 'updateFailed') return updateFailed();
  return { current: null, detailId: outcome.detail?.id ?? context.detailId };
}
