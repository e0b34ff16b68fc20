import { useEffect, useRef, type RefObject } from "react";
import { useBlocker } from "react-router";

/**
 * The leave warning of a form whose fields live in the DOM (a useApiForm form), as the
 * article editor has it (use-article-editor.ts): with unsaved changes, an in-app navigation
 * to another page is held (`blocker`, shown as "Leave without saving?") and closing or
 * reloading the tab asks the browser's question (beforeunload).
 *
 * "Unsaved" compares the form's values with those it had when the person first touched it
 * (focus or pointer down, before any change lands), so changes made by code (an image
 * inserted into a Markdown field) count too; `markSaved` takes the current values as saved.
 */
export function useLeaveWarning(form: RefObject<HTMLFormElement | null>) {
  const initial = useRef<string | null>(null);
  const unsaved = () => hasUnsavedChanges(form.current, initial.current);
  const remember = () => {
    initial.current ??= valuesOf(form.current);
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges(form.current, initial.current),
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges(form.current, initial.current)) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [form]);

  return {
    blocker,
    unsaved,
    markSaved: () => {
      initial.current = valuesOf(form.current);
    },
    /** Spread on the <form>: notes its values before the first change. */
    formProps: { onFocusCapture: remember, onPointerDownCapture: remember },
  };
}

const valuesOf = (form: HTMLFormElement | null) => (form ? JSON.stringify([...new FormData(form)]) : null);

function hasUnsavedChanges(form: HTMLFormElement | null, initial: string | null): boolean {
  if (initial === null) return false;
  const now = valuesOf(form);
  return now !== null && now !== initial;
}
