import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * What a form shows and does when a submit is refused (WCAG 3.3.1, 2.4.3): each field in error
 * carries `aria-invalid` and its sentence (Mantine inputs do both when given `error`), the form's
 * summary names those fields, and the focus goes to the first of them.
 */

/** The summary's line naming the fields to fix, in the order the form shows them. */
export function FieldsToFix({ labels }: { labels: readonly string[] }) {
  if (labels.length === 0) return null;
  return (
    <Text inherit mt={4}>
      {`Check ${new Intl.ListFormat('en', { type: 'conjunction' }).format(labels)}.`}
    </Text>
  );
}

/** The labels of the fields in `errors`, in `order` (the form's order), for `FieldsToFix`. */
export function labelsInError<F extends string>(errors: Partial<Record<F, string>>, order: readonly (readonly [F, string])[]): string[] {
  return order.filter(([field]) => Boolean(errors[field])).map(([, label]) => label);
}

/** Moves the focus to the first field marked invalid inside `form`, else to its alert. */
export function focusFirstInError(form: HTMLElement): void {
  const target = form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * After a submit, once the form has settled (the answer is in, or the form refused it itself),
 * moves the focus to the first field marked invalid, else to the form's alert. Returns the
 * function the submit handler calls. Nothing moves while the person types: only a submit arms it.
 */
export function useFocusAfterRefusal(formRef: RefObject<HTMLElement | null>, settled: boolean): () => void {
  const armed = useRef(false);
  useEffect(() => {
    if (!armed.current || !settled) return;
    armed.current = false;
    if (formRef.current) focusFirstInError(formRef.current);
  });
  return () => {
    armed.current = true;
  };
}
